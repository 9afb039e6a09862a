import type { FilledSection, FilledSections, PdfTemplate, ShippedFontList } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { giftCardType, pageOf } from '../../../test/giftCardTypes';
import { fakeClient, renderApp } from '../../../test/renderApp';
import { facesInUse, fontUrlOf } from './previewFonts';

// The PDF tab's preview draws in the PDF's fonts: the editor asks the server's font files of the faces
// its sections print with — the store's title and text fonts through core's rules (Ubuntu in Fira Sans), a
// section's own bold — as FontFace objects (the browser's boundary, mocked here: jsdom has none), and draws once
// they have loaded.

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const list = pageOf;

/** The server's list, as `GET /api/v1/fonts` gives it (Lobster has no 700: its bold is its regular file). */
const fontList: ShippedFontList = {
  families: [
    ['Lobster', 'lobster-latin-400-normal', 'lobster-latin-400-normal'],
    ['Fira Sans', 'fira-sans-latin-400-normal', 'fira-sans-latin-700-normal'],
    ['Montserrat', 'montserrat-latin-400-normal', 'montserrat-latin-700-normal'],
    ['Lato', 'lato-latin-400-normal', 'lato-latin-700-normal'],
    ['Noto Sans', 'noto-sans-latin-400-normal', 'noto-sans-latin-700-normal'],
  ].map(([family, regular, bold]) => ({
    family: family!,
    regular: `/api/v1/fonts/${regular}.woff?v=0123456789ab`,
    bold: `/api/v1/fonts/${bold}.woff?v=0123456789ab`,
  })),
  spare: 'Noto Sans',
};

describe('the faces a design prints with', () => {
  it('follows core’s rules: store fonts, Ubuntu’s stand-in, a bold; each face once', () => {
    const faces = facesInUse(['store_title', 'store_text', 'Montserrat Bold', 'store_title', 'Montserrat'], {
      titleFont: 'Lobster',
      textFont: 'Ubuntu',
    });
    expect(faces).toEqual([
      { family: 'Lobster', weight: 400 },
      { family: 'Fira Sans', weight: 400 },
      { family: 'Montserrat', weight: 700 },
      { family: 'Montserrat', weight: 400 },
    ]);
  });

  it('takes a family’s bold file, its regular one where it has no 700, none for a family not shipped', () => {
    expect(fontUrlOf(fontList, { family: 'Lobster', weight: 700 })).toBe(
      '/api/v1/fonts/lobster-latin-400-normal.woff?v=0123456789ab',
    );
    expect(fontUrlOf(fontList, { family: 'Fira Sans', weight: 700 })).toBe(
      '/api/v1/fonts/fira-sans-latin-700-normal.woff?v=0123456789ab',
    );
    expect(fontUrlOf(fontList, { family: 'Ubuntu', weight: 400 })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------------

interface Made {
  family: string;
  source: string;
  weight: string | undefined;
  loaded: boolean;
}
let made: Made[];
let added: Made[];
let release: () => void;

beforeEach(() => {
  made = [];
  added = [];
  // Fonts load when the test says so: the preview must wait for them.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  release = open;
  class FakeFontFace {
    record: Made;
    constructor(family: string, source: string, descriptors: { weight?: string } = {}) {
      this.record = { family, source, weight: descriptors.weight, loaded: false };
      made.push(this.record);
    }
    async load() {
      await gate;
      this.record.loaded = true;
      return this;
    }
  }
  vi.stubGlobal('FontFace', FakeFontFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { add: (face: FakeFontFace) => added.push(face.record) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (document as { fonts?: unknown }).fonts;
});

const type = giftCardType({ description: '<p>Two nights</p>', storeIds: ['store-1'] });
const look = {
  textAlign: 'center' as const,
  fillColor: '#333333',
  opacity: 1,
  cornerRadius: 0,
  dashSize: 6,
  dashSpace: 4,
  stretch: false,
  visible: true,
  photoUrl: null,
};
const section = (
  id: string,
  kind: FilledSection['kind'],
  font: FilledSection['font'],
  position: number,
  top: number,
  text = '',
): FilledSection => ({
  ...look,
  id: null,
  pdfSectionId: id,
  kind,
  name: id,
  position,
  text,
  font,
  fontSize: 20,
  padding: { top, bottom: 800 - top, left: 40, right: 40 },
});
const sections: FilledSection[] = [
  section('s-header', 'text', 'store_title', 0, 20, 'Gift card'),
  section('s-title', 'title', 'store_title', 1, 80),
  section('s-recipient', 'recipient', 'store_text', 2, 140),
  section('s-code', 'generated_id', 'Montserrat Bold', 3, 200),
  // Not drawn: its font is not loaded.
  { ...section('s-hidden', 'info', 'Roboto Mono', 4, 260, 'Hidden'), visible: false },
];
const template: PdfTemplate = {
  id: 'tpl-1',
  type: 'pdfTemplate',
  name: 'Classic',
  default: true,
  propertyId: null,
  pdfSections: sections.map(({ id: _id, pdfSectionId, ...s }) => ({ ...s, id: pdfSectionId })),
};
const filled: FilledSections = {
  giftCardTypeId: type.id,
  pdfTemplateId: template.id,
  chosen: true,
  sections,
};

describe('the PDF tab’s preview', () => {
  it(
    'asks the font files of the store’s title and text fonts and the sections’ own, and draws once they have loaded',
    async () => {
      const user = userEvent.setup();
      const fonts = vi.fn(async () => fontList);
      const client = fakeClient(
        {},
        {
          'giftCards.listTypes': vi.fn(async () => list([type])) as never,
          'roomsAndRates.listUnits': vi.fn(async () => list([])) as never,
          'stores.list': vi.fn(async () => list([{ id: 'store-1', status: 'active' }])) as never,
          'stores.get': vi.fn(async () => ({
            id: 'store-1',
            titleFont: 'Lobster',
            textFont: 'Ubuntu',
          })) as never,
          'giftCardPdfs.listTemplates': vi.fn(async () => ({ items: [template] })) as never,
          'giftCardPdfs.getFilledSections': vi.fn(async () => filled) as never,
          'giftCardPdfs.fonts': fonts as never,
        },
      );
      renderApp({ path: '/gift-cards', client, stored: storedFor(supplierUser, later()) });
      await user.click(await screen.findByRole('button', { name: 'Edit Spa weekend' }));
      const drawer = await screen.findByRole('dialog', { name: 'Edit gift card type' });
      await user.click(within(drawer).getByRole('tab', { name: 'PDF' }));

      // The store's fonts known, their files are asked for: Lobster (the title), Fira Sans (Ubuntu's stand-in,
      // the text), Montserrat 700 (the code's own); the hidden section's Roboto Mono is not.
      await waitFor(() =>
        expect(made.map((f) => [f.family, f.weight, f.source])).toEqual(
          expect.arrayContaining([
            [
              'Lobster',
              '400',
              'url("/api/v1/fonts/lobster-latin-400-normal.woff?v=0123456789ab") format("woff")',
            ],
            [
              'Fira Sans',
              '400',
              'url("/api/v1/fonts/fira-sans-latin-400-normal.woff?v=0123456789ab") format("woff")',
            ],
            [
              'Montserrat',
              '700',
              'url("/api/v1/fonts/montserrat-latin-700-normal.woff?v=0123456789ab") format("woff")',
            ],
          ]),
        ),
      );
      expect(made.some((f) => f.family === 'Roboto Mono')).toBe(false);
      expect(made.some((f) => f.family === 'Ubuntu')).toBe(false);
      // Nor the fallback's (Lato) while the store was read.
      expect(made.some((f) => f.family === 'Lato')).toBe(false);
      // Each added to the document once; the spare family added too, for the characters a font lacks.
      expect(added.map((f) => `${f.family} ${f.weight}`).sort()).toEqual(
        [...new Set(added.map((f) => `${f.family} ${f.weight}`))].sort(),
      );
      expect(added.some((f) => f.family === 'Noto Sans')).toBe(true);
      expect(fonts).toHaveBeenCalledTimes(1);

      // Not drawn before the fonts have loaded.
      expect(within(drawer).queryByRole('img', { name: 'Preview of the PDF' })).toBeNull();
      release();
      const preview = await within(drawer).findByRole('img', { name: 'Preview of the PDF' });
      const header = preview.querySelector('[data-kind="text"]')!;
      expect(header.textContent).toBe('Gift card');
      expect(header.getAttribute('font-family')).toBe("'Lobster', 'Noto Sans', sans-serif");
      expect(header.getAttribute('font-weight')).toBe('400');
      const recipient = preview.querySelector('[data-kind="recipient"]')!;
      expect(recipient.getAttribute('font-family')).toBe("'Fira Sans', 'Noto Sans', sans-serif");
      const code = preview.querySelector('[data-kind="generated_id"]')!;
      expect(code.getAttribute('font-family')).toBe("'Montserrat', 'Noto Sans', sans-serif");
      expect(code.getAttribute('font-weight')).toBe('700');
      expect(
        made.filter((f) => f.family !== 'Noto Sans').every((f) => f.loaded),
        'every face in use loaded',
      ).toBe(true);
    },
    HEAVY,
  );
});

import type { FilledSection, FilledSections, PdfTemplate } from '@tern/sdk';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { giftCardType, pageOf } from '../../../test/giftCardTypes';
import { fakeClient, renderApp } from '../../../test/renderApp';

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const list = pageOf;
const propertyId = supplierUser.ternHotels[0]!.id;

const type = giftCardType({ description: '<p>Two nights</p>', storeIds: [propertyId] });

const look = {
  font: 'Lato' as const,
  textAlign: 'center' as const,
  opacity: 1,
  cornerRadius: 0,
  dashSize: 6,
  dashSpace: 4,
  stretch: false,
  visible: true,
  photoUrl: null,
};
const sections: FilledSection[] = [
  {
    ...look,
    id: null,
    pdfSectionId: 's-header',
    kind: 'text',
    name: 'Header',
    position: 0,
    text: 'Gift card',
    fontSize: 40,
    fillColor: '#1f3a5f',
    padding: { top: 40, bottom: 700, left: 40, right: 40 },
  },
  {
    ...look,
    id: null,
    pdfSectionId: 's-title',
    kind: 'title',
    name: 'Title',
    position: 1,
    text: '',
    fontSize: 20,
    fillColor: '#333333',
    padding: { top: 200, bottom: 560, left: 40, right: 40 },
  },
  {
    ...look,
    id: null,
    pdfSectionId: 's-hotel',
    kind: 'hotel_name',
    name: 'Hotel',
    position: 3,
    text: '',
    fontSize: 12,
    fillColor: '#333333',
    padding: { top: 10, bottom: 810, left: 40, right: 40 },
  },
  {
    ...look,
    id: null,
    pdfSectionId: 's-box',
    kind: 'dashed_box',
    name: 'Code box',
    position: 2,
    text: '',
    fontSize: 14,
    fillColor: '#1f3a5f',
    padding: { top: 600, bottom: 150, left: 60, right: 300 },
  },
];
const template: PdfTemplate = {
  id: 'tpl-1',
  type: 'pdfTemplate',
  name: 'Classic',
  default: true,
  propertyId: null,
  pdfSections: sections.map(({ id: _id, pdfSectionId, ...s }) => ({ ...s, id: pdfSectionId })),
};

function open() {
  const filled: FilledSections = {
    giftCardTypeId: type.id,
    pdfTemplateId: template.id,
    chosen: true,
    sections,
  };
  const putFilledSections = vi.fn(async ({ body }: { body: { sections: { pdfSectionId: string }[] } }) => ({
    ...filled,
    sections: sections.map((s, i) => ({ ...s, ...body.sections[i], id: `f-${i}` })),
  }));
  const updateType = vi.fn(async () => ({ ...type, pdfTemplateId: template.id }));
  const client = fakeClient(
    {},
    {
      'giftCards.listTypes': vi.fn(async () => list([type])) as never,
      'giftCards.updateType': updateType as never,
      'roomsAndRates.listUnits': vi.fn(async () => list([])) as never,
      'giftCardPdfs.listTemplates': vi.fn(async () => ({ items: [template] })) as never,
      'giftCardPdfs.getFilledSections': vi.fn(async () => filled) as never,
      'giftCardPdfs.putFilledSections': putFilledSections as never,
    },
  );
  renderApp({ path: '/gift-cards', client, stored: storedFor(supplierUser, later()) });
  return { putFilledSections, updateType };
}

/** The type drawer open on its PDF tab, once the preview is drawn. */
async function openPdfTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Spa weekend' }, LAZY_ROUTE));
  const drawer = await screen.findByRole('dialog', { name: 'Edit gift card type' });
  await user.click(within(drawer).getByRole('tab', { name: 'PDF' }));
  const preview = await within(drawer).findByRole('img', { name: 'Preview of the PDF' });
  return { drawer, preview };
}

/** The whole app is rendered: its lazy route's first import may take seconds on a busy machine. */
const LAZY_ROUTE = { timeout: 15_000 };

describe('gift card PDF editor', () => {
  it(
    'draws the template’s sections, follows an edit in the preview, refuses a size out of range, saves the design',
    async () => {
      const user = userEvent.setup();
      const { putFilledSections } = open();
      const { drawer, preview } = await openPdfTab(user);
      expect(preview.textContent).toContain('Gift card');
      // The title section prints the type's title; the dashed box is drawn dashed.
      expect(preview.textContent).toContain('Spa weekend');
      expect(preview.textContent).toContain(supplierUser.ternHotels[0]!.name);
      expect(preview.querySelector('[data-kind="dashed_box"]')?.getAttribute('stroke-dasharray')).toBe('6 4');

      const text = within(drawer).getByRole('textbox', { name: 'Text' });
      await user.clear(text);
      await user.type(text, 'Gjafabréf');
      expect(preview.textContent).toContain('Gjafabréf');

      const size = within(drawer).getByRole('textbox', { name: 'Font size (1–100)' });
      await user.clear(size);
      await user.type(size, '101');
      expect(await within(drawer).findByText('From 1 to 100')).toBeTruthy();
      await user.click(within(drawer).getByRole('button', { name: 'Save PDF design' }));
      expect(await within(drawer).findByText('Correct the sections marked before saving.')).toBeTruthy();
      expect(putFilledSections).not.toHaveBeenCalled();

      await user.clear(size);
      await user.type(size, '50');
      await user.click(within(drawer).getByRole('button', { name: 'Save PDF design' }));
      await waitFor(() => expect(putFilledSections).toHaveBeenCalledTimes(1));
      const [call] = putFilledSections.mock.calls[0]!;
      expect(call).toMatchObject({ params: { id: 't-1', templateId: 'tpl-1' } });
      expect(call.body.sections).toHaveLength(4);
      expect(call.body.sections[0]).toMatchObject({
        pdfSectionId: 's-header',
        text: 'Gjafabréf',
        fontSize: 50,
      });
    },
    HEAVY,
  );

  it(
    'edits a template of the property: adds a section seen in the preview, saves the template for the type with its own button',
    async () => {
      const user = userEvent.setup();
      const mine: PdfTemplate = {
        ...template,
        id: 'tpl-own',
        name: 'Winter',
        default: false,
        propertyId,
        pdfSections: template.pdfSections.slice(0, 2),
      };
      const updateTemplate = vi.fn(async ({ body }: { body: { name: string; pdfSections: object[] } }) => ({
        ...mine,
        name: body.name,
        pdfSections: body.pdfSections.map((s, i) => ({
          ...(s as PdfTemplate['pdfSections'][0]),
          id: `s-${i}`,
          position: i,
        })),
      }));
      const client = fakeClient(
        {},
        {
          'giftCards.listTypes': vi.fn(async () => list([{ ...type, pdfTemplateId: mine.id }])) as never,
          'roomsAndRates.listUnits': vi.fn(async () => list([])) as never,
          'stores.list': vi.fn(async () => list([])) as never,
          'giftCardPdfs.listTemplates': vi.fn(async () => ({ items: [template, mine] })) as never,
          'giftCardPdfs.updateTemplate': updateTemplate as never,
        },
      );
      renderApp({ path: '/gift-cards', client, stored: storedFor(supplierUser, later()) });
      await user.click(await screen.findByRole('button', { name: 'Edit Spa weekend' }, LAZY_ROUTE));
      const drawer = await screen.findByRole('dialog', { name: 'Edit gift card type' });
      await user.click(within(drawer).getByRole('tab', { name: 'PDF' }));
      const preview = await within(drawer).findByRole('img', { name: 'Preview of the PDF' });
      expect(within(drawer).getByRole('textbox', { name: 'Template name' })).toHaveProperty(
        'value',
        'Winter',
      );
      expect(preview.querySelectorAll('[data-kind="info"]')).toHaveLength(0);

      // An info section added: drawn at once with its words.
      await user.click(within(drawer).getByRole('button', { name: /Kind of section to add/ }));
      await user.click(await screen.findByRole('option', { name: 'Info' }));
      await user.click(within(drawer).getByRole('button', { name: 'Add section' }));
      const words = within(drawer).getByRole('textbox', { name: 'Text' });
      await user.clear(words);
      expect(within(drawer).getByText('Required')).toBeTruthy();
      await user.type(words, 'Valid for two nights');
      await waitFor(() => expect(preview.textContent).toContain('Valid for two nights'));
      expect(preview.querySelectorAll('[data-kind="info"]')).toHaveLength(1);

      await user.click(within(drawer).getByRole('button', { name: 'Save PDF design' }));
      await waitFor(() => expect(updateTemplate).toHaveBeenCalledTimes(1));
      const [call] = updateTemplate.mock.calls[0]! as unknown as [
        {
          params: { id: string };
          body: { giftCardTypeId: string; pdfSections: { id: string | null; kind: string; text: string }[] };
        },
      ];
      expect(call.params.id).toBe('tpl-own');
      expect(call.body.giftCardTypeId).toBe('t-1');
      expect(call.body.pdfSections.map((s) => [s.id, s.kind])).toEqual([
        ['s-header', 'text'],
        ['s-title', 'title'],
        [null, 'info'],
      ]);
      expect(call.body.pdfSections[2]!.text).toBe('Valid for two nights');
      expect(await screen.findByText('Saved successfully')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'moves a section with the arrow keys and says where it is; says when a header does not fit its box',
    async () => {
      const user = userEvent.setup();
      open();
      const { drawer, preview } = await openPdfTab(user);
      const handle = within(drawer).getByRole('button', { name: 'Move “Header”' });
      // Its place shows as a tooltip (no native title: keyboard users see it too).
      expect(handle.getAttribute('title')).toBeNull();
      // Reached by the keyboard (a key pressed, then the focus on it): its tooltip shows.
      await user.keyboard('{F2}');
      act(() => handle.focus());
      await waitFor(() =>
        expect(screen.getByRole('tooltip').textContent).toBe('“Header” at 40, 40 points from the top left.'),
      );
      act(() => handle.focus());
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(within(drawer).getByRole('textbox', { name: 'Top (0–841)' })).toHaveProperty('value', '42');
      expect(within(drawer).getByRole('textbox', { name: 'Bottom (0–841)' })).toHaveProperty('value', '698');
      // Said in a live region of its own (the form frame has another, for saves).
      expect(
        within(drawer)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain('“Header” at 40, 42 points from the top left.');
      await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
      expect(within(drawer).getByRole('textbox', { name: 'Left (0–595)' })).toHaveProperty('value', '50');
      // Said in a live region of its own (the form frame has another, for saves).
      expect(
        within(drawer)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain('“Header” at 50, 42 points from the top left.');
      // The title is moved by its own handle, which selects it.
      act(() => within(drawer).getByRole('button', { name: 'Move “Title”' }).focus());
      await user.keyboard('{ArrowUp}');
      expect(within(drawer).getByRole('textbox', { name: 'Top (0–841)' })).toHaveProperty('value', '199');

      // One line of 40 points fits the header's box: a longer text is cut, and the preview says so.
      expect(within(drawer).queryByRole('note')).toBeNull();
      act(() => handle.focus());
      const text = within(drawer).getByRole('textbox', { name: 'Text' });
      await user.clear(text);
      await user.click(text);
      await user.paste('A gift card for a long weekend by the sea, breakfast and the spa included');
      expect(preview.querySelector('[data-kind="text"]')?.getAttribute('data-clipped')).toBe('true');
      expect(within(drawer).getByRole('note').textContent).toContain('“Header” does not fit its box');
    },
    HEAVY,
  );

  it(
    'saves the PDF design with the drawer’s Save, and asks before Cancel drops unsaved changes',
    async () => {
      const user = userEvent.setup();
      const { putFilledSections, updateType } = open();
      const { drawer } = await openPdfTab(user);
      const text = within(drawer).getByRole('textbox', { name: 'Text' });
      await user.clear(text);
      await user.type(text, 'Gjafabréf');

      await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
      const question = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
      await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(within(drawer).getByRole('textbox', { name: 'Text' })).toHaveProperty('value', 'Gjafabréf');

      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(updateType).toHaveBeenCalledTimes(1));
      expect(putFilledSections).toHaveBeenCalledTimes(1);
      expect(putFilledSections.mock.calls[0]![0].body.sections[0]).toMatchObject({ text: 'Gjafabréf' });
      // The design first, then the type, which prints with the template the design was saved for.
      expect(putFilledSections.mock.invocationCallOrder[0]!).toBeLessThan(
        updateType.mock.invocationCallOrder[0]!,
      );
      expect(
        (updateType.mock.calls[0] as unknown as [{ body: { pdfTemplateId: string } }])[0].body.pdfTemplateId,
      ).toBe('tpl-1');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit gift card type' })).toBeNull());

      // Unsaved changes of the General tab ask too, and so do the drawer's close button and Escape; discarding
      // them closes the drawer with no call.
      await user.click(await screen.findByRole('button', { name: 'Edit Spa weekend' }));
      const again = await screen.findByRole('dialog', { name: 'Edit gift card type' });
      const title = within(again).getByRole('textbox', { name: /^Title/ });
      await user.type(title, ' plus');
      await user.click(within(again).getByRole('button', { name: 'Close' }));
      const asked = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
      await user.click(within(asked).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      act(() => title.focus());
      await user.keyboard('{Escape}');
      const discard = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
      await user.click(within(discard).getByRole('button', { name: 'Discard changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit gift card type' })).toBeNull());
      expect(updateType).toHaveBeenCalledTimes(1);

      // Nothing changed: Cancel closes at once.
      await user.click(await screen.findByRole('button', { name: 'Edit Spa weekend' }));
      const unchanged = await screen.findByRole('dialog', { name: 'Edit gift card type' });
      await user.click(within(unchanged).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit gift card type' })).toBeNull());
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    2 * HEAVY,
  );
});

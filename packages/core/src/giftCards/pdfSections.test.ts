import { PDF_FONTS, type PdfSectionKind, type PdfSectionLook, pdfSectionKind, STORE_FONTS } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../navigation/routes.js';
import {
  alignedX,
  giftCardBookingUrl,
  giftCardStoreOf,
  isTextKind,
  linesThatFit,
  newPdfSection,
  PDF_STAND_INS,
  type PdfCardValues,
  type PdfDesign,
  type PdfDesignSection,
  pdfDesignErrors,
  pdfFamilyOfStoreFont,
  pdfFontFace,
  pdfFontFileOf,
  pdfSectionErrors,
  pdfSectionsErrors,
  plainTextOf,
  sectionBox,
  sectionWords,
  wrapText,
} from './pdfSections.js';

const look: PdfSectionLook = {
  text: 'Gift card',
  font: 'Lato',
  fontSize: 14,
  textAlign: 'left',
  fillColor: '#1f3a5f',
  opacity: 1,
  padding: { top: 10, bottom: 10, left: 10, right: 10 },
  cornerRadius: 0,
  dashSize: 6,
  dashSpace: 4,
  stretch: false,
  visible: true,
  photoUrl: null,
};
const V = 'validation_messages.';

describe('PDF section limits (document 3 §5)', () => {
  const rows: [string, PdfSectionKind, Partial<PdfSectionLook>, Record<string, string>][] = [
    ['a valid text section', 'text', {}, {}],
    ['font size 1 and 100', 'text', { fontSize: 1 }, {}],
    ['font size 100', 'text', { fontSize: 100 }, {}],
    ['font size 0', 'text', { fontSize: 0 }, { fontSize: `${V}pdf_one_to_hundred` }],
    ['font size 101', 'text', { fontSize: 101 }, { fontSize: `${V}pdf_one_to_hundred` }],
    ['font size 12.5', 'text', { fontSize: 12.5 }, { fontSize: `${V}whole_number` }],
    ['dash size 0', 'dashed_box', { dashSize: 0 }, { dashSize: `${V}pdf_one_to_hundred` }],
    ['dash space 101', 'dashed_box', { dashSpace: 101 }, { dashSpace: `${V}pdf_one_to_hundred` }],
    ['opacity 0', 'color_fill', { opacity: 0 }, {}],
    ['opacity 1.01', 'color_fill', { opacity: 1.01 }, { opacity: `${V}pdf_opacity` }],
    ['opacity −0.1', 'color_fill', { opacity: -0.1 }, { opacity: `${V}pdf_opacity` }],
    ['opacity missing', 'color_fill', { opacity: Number.NaN }, { opacity: `${V}required` }],
    ['padding top 841', 'text', { padding: { top: 841, bottom: 0, left: 0, right: 0 } }, {}],
    [
      'padding top 842',
      'text',
      { padding: { top: 842, bottom: 0, left: 0, right: 0 } },
      { 'padding.top': `${V}pdf_padding_vertical` },
    ],
    ['padding left 594', 'text', { padding: { top: 0, bottom: 0, left: 594, right: 0 } }, {}],
    [
      'padding right 596',
      'text',
      { padding: { top: 0, bottom: 0, left: 0, right: 596 } },
      { 'padding.right': `${V}pdf_padding_horizontal` },
    ],
    [
      'padding top + bottom leaving no room',
      'text',
      { padding: { top: 421, bottom: 421, left: 0, right: 0 } },
      { 'padding.bottom': `${V}pdf_no_room` },
    ],
    [
      'padding left + right leaving no room',
      'text',
      { padding: { top: 0, bottom: 0, left: 300, right: 295 } },
      { 'padding.right': `${V}pdf_no_room` },
    ],
    [
      'negative padding',
      'text',
      { padding: { top: -1, bottom: 0, left: 0, right: 0 } },
      { 'padding.top': `${V}pdf_padding_vertical` },
    ],
    ['corner radius 360', 'rectangle', { cornerRadius: 360 }, {}],
    ['corner radius 361', 'rectangle', { cornerRadius: 361 }, { cornerRadius: `${V}pdf_corner` }],
    ['text blank for text', 'text', { text: '  ' }, { text: `${V}required` }],
    ['text blank for info', 'info', { text: '' }, { text: `${V}required` }],
    ['no label for a recipient', 'recipient', { text: '' }, {}],
    ['no text for a QR code', 'qr_code', { text: '' }, {}],
    ['text of 2001 characters', 'text', { text: 'x'.repeat(2001) }, { text: `${V}pdf_text_too_long` }],
    ['a colour without #', 'text', { fillColor: '1f3a5f' }, { fillColor: `${V}pdf_color` }],
    ['a short colour', 'text', { fillColor: '#fff' }, { fillColor: `${V}pdf_color` }],
    [
      'a font not in the list',
      'text',
      { font: 'Comic Sans' as PdfSectionLook['font'] },
      { font: `${V}not_an_option` },
    ],
  ];
  it.each(rows)('%s', (_, kind, change, expected) => {
    expect(pdfSectionErrors(kind, { ...look, ...change })).toEqual(expected);
  });

  it('names the errors of a list of sections by index', () => {
    expect(
      pdfSectionsErrors([
        { ...look, kind: 'text' },
        { ...look, kind: 'info', text: '', fontSize: 0 },
      ]),
    ).toEqual({ 'sections.1.text': `${V}required`, 'sections.1.fontSize': `${V}pdf_one_to_hundred` });
  });
});

describe('section boxes', () => {
  it.each([
    [
      { top: 0, bottom: 0, left: 0, right: 0 },
      { x: 0, y: 0, width: 595, height: 842 },
    ],
    [
      { top: 24, bottom: 24, left: 24, right: 24 },
      { x: 24, y: 24, width: 547, height: 794 },
    ],
    [
      { top: 612, bottom: 90, left: 415, right: 60 },
      { x: 415, y: 612, width: 120, height: 140 },
    ],
    [
      { top: 500, bottom: 500, left: 400, right: 400 },
      { x: 400, y: 500, width: 0, height: 0 },
    ],
  ])('padding %o leaves %o', (padding, box) => {
    expect(sectionBox(padding)).toEqual(box);
  });
  it.each([
    ['left', 10],
    ['center', 45],
    ['right', 80],
  ] as const)('aligns a line %s', (align, x) => {
    expect(alignedX({ x: 10, y: 0, width: 100, height: 20 }, 30, align)).toBe(x);
  });
  it.each([
    [100, 14, 5],
    [16.8, 14, 1],
    [16, 14, 0],
    [90, 65, 1],
  ])('a box %d high holds %d-point lines: %d', (height, size, lines) => {
    expect(linesThatFit(height, size)).toBe(lines);
  });
});

describe('words of a section', () => {
  const values: PdfCardValues = {
    title: 'Two nights',
    recipient: 'Jón Jónsson',
    generatedId: 'ABCD2345EFGH',
    description: 'Dinner included',
    expiration: '2027-11-24',
    bookingUrl: 'https://tern.example/booking/ABCD2345EFGH',
    hotelName: 'Hótel Fjörður',
  };
  it.each([
    ['text', 'Hello', 'Hello'],
    ['info', 'Scan me', 'Scan me'],
    ['title', '', 'Two nights'],
    ['recipient', 'For ', 'For Jón Jónsson'],
    ['generated_id', 'Code ', 'Code ABCD2345EFGH'],
    ['description', '', 'Dinner included'],
    ['expiration', 'Valid until ', 'Valid until 2027-11-24'],
    ['booking_url', '', 'https://tern.example/booking/ABCD2345EFGH'],
    ['hotel_name', '', 'Hótel Fjörður'],
    ['qr_code', 'x', null],
    ['rectangle', 'x', null],
    ['image', 'x', null],
  ] as const)('%s with text %j prints %j', (kind, text, words) => {
    expect(sectionWords(kind, text, values)).toBe(words);
  });
  it('builds the booking address of a code: its store’s redemption page, the slug in it', () => {
    expect(giftCardBookingUrl('https://tern.example/', 'harbour-view', 'ABCD2345EFGH')).toBe(
      'https://tern.example/harbour-view/booking/ABCD2345EFGH',
    );
    const route = matchRoute(new URL(giftCardBookingUrl('https://t.example', 'Fjord-Inn', 'X2')).pathname);
    expect(route?.route.id).toBe('storeBooking');
    expect(route?.params).toEqual({ selectedProperty: 'Fjord-Inn', giftCardNumber: 'X2' });
  });
  it.each<[string, string[], { id: string; status: string }[], string | null]>([
    [
      'the type’s first store',
      ['b', 'a'],
      [
        { id: 'a', status: 'active' },
        { id: 'b', status: 'inactive' },
      ],
      'b',
    ],
    [
      'else the first active',
      ['gone'],
      [
        { id: 'a', status: 'inactive' },
        { id: 'b', status: 'active' },
      ],
      'b',
    ],
    [
      'else the first',
      [],
      [
        { id: 'a', status: 'inactive' },
        { id: 'b', status: 'inactive' },
      ],
      'a',
    ],
    ['none without stores', ['a'], [], null],
  ])('a card’s store: %s', (_, ids, stores, expected) => {
    expect(giftCardStoreOf(ids, stores)?.id ?? null).toBe(expected);
  });
  it.each([
    ['<p>Dinner <b>included</b></p><p>Late checkout</p>', 'Dinner included\nLate checkout'],
    ['Fish &amp; chips &lt;3 &#233;&#x00e9;', 'Fish & chips <3 éé'],
    ['<script>alert(1)</script>plain', 'alert(1)plain'],
    ['a<br>b', 'a\nb'],
    ['&#0; &unknown;', '&#0; &unknown;'],
  ])('plain text of %j', (html, text) => {
    expect(plainTextOf(html)).toBe(text);
  });
});

describe('wrapping text to a box', () => {
  // Every character is 1 wide.
  const measure = (s: string) => s.length;
  it.each([
    ['short', 10, 3, ['short']],
    ['one two three four', 9, 3, ['one two', 'three', 'four']],
    ['one two three four five six', 9, 2, ['one two', 'three…']],
    ['abcdefghijklmnop', 5, 5, ['abcde', 'fghij', 'klmno', 'p']],
    ['abcdefghijklmnop', 5, 2, ['abcde', 'fghi…']],
    ['line one\nline two', 20, 3, ['line one', 'line two']],
    ['a\n\nb', 20, 3, ['a', '', 'b']],
    ['anything', 10, 0, []],
    ['anything', 0, 3, []],
  ] as const)('%j in %d wide, %d lines', (text, width, lines, expected) => {
    expect(wrapText(text, width, lines, measure)).toEqual(expected);
  });
  it('never returns a line wider than the box', () => {
    const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt';
    for (let width = 1; width < 40; width++) {
      for (const line of wrapText(text, width, 4, measure)) expect(measure(line)).toBeLessThanOrEqual(width);
    }
  });
});

describe('the store’s fonts in a PDF', () => {
  it('prints every store font as itself, but the Ubuntu ones in Fira Sans', () => {
    for (const font of STORE_FONTS) {
      const family = pdfFamilyOfStoreFont(font);
      expect(STORE_FONTS, font).toContain(family);
      expect(family === font, font).toBe(!font.startsWith('Ubuntu'));
    }
    expect(pdfFamilyOfStoreFont('Lobster')).toBe('Lobster');
    expect(pdfFamilyOfStoreFont('Ubuntu')).toBe('Fira Sans');
    expect(pdfFamilyOfStoreFont('Ubuntu Condensed')).toBe('Fira Sans Condensed');
    // A stand-in prints as itself (no chain).
    for (const standIn of Object.values(PDF_STAND_INS)) expect(pdfFamilyOfStoreFont(standIn!)).toBe(standIn);
  });

  it('gives a section in the store’s title or text font that family, and its own font otherwise', () => {
    const store = { titleFont: 'Oswald', textFont: 'Ubuntu' };
    expect(pdfFontFileOf('store_title', store)).toBe('Oswald');
    expect(pdfFontFileOf('store_text', store)).toBe('Fira Sans');
    expect(pdfFontFileOf('Playfair Display Bold', store)).toBe('Playfair Display Bold');
    expect(pdfSectionErrors('text', { ...look, font: 'store_title' }).font).toBeUndefined();
  });

  it.each([
    ['Lato', { family: 'Lato', weight: 400 }],
    ['Roboto Mono Bold', { family: 'Roboto Mono', weight: 700 }],
    ['Lobster', { family: 'Lobster', weight: 400 }],
    ['Source Sans 3', { family: 'Source Sans 3', weight: 400 }],
  ] as const)('names the face of %j', (name, face) => {
    expect(pdfFontFace(name)).toEqual(face);
  });

  it('names a face of the store list for every font a section may pick', () => {
    for (const font of PDF_FONTS) expect(STORE_FONTS).toContain(pdfFontFace(font).family);
  });
});

describe('the PDF tab’s design', () => {
  const section = (over: Partial<PdfDesignSection> = {}): PdfDesignSection => ({
    ...newPdfSection('text', 'Header', 'k1'),
    ...over,
  });
  it('checks every section, and an own template’s name, section names and count', () => {
    const builtIn: PdfDesign = { own: false, name: '', isDefault: false, sections: [section({ text: '' })] };
    expect(pdfDesignErrors(builtIn)).toEqual({ 'sections.0.text': `${V}required` });
    const own: PdfDesign = { own: true, name: ' ', isDefault: false, sections: [] };
    expect(pdfDesignErrors(own)).toEqual({ name: `${V}required`, sections: `${V}required` });
    expect(
      pdfDesignErrors({ ...own, name: 'Winter', sections: [section({ name: '', fontSize: 0 })] }),
    ).toEqual({ 'sections.0.name': `${V}required`, 'sections.0.fontSize': `${V}pdf_one_to_hundred` });
    expect(pdfDesignErrors({ ...own, name: 'Winter', sections: [section()] })).toEqual({});
  });

  it('makes a new section valid as it comes, in the store’s fonts, for every kind and band', () => {
    for (const kind of pdfSectionKind.options) {
      for (const slot of [0, 3, 10, 11, 25])
        expect(pdfSectionErrors(kind, newPdfSection(kind, 'New', 'k', slot)), `${kind} ${slot}`).toEqual({});
      const made = newPdfSection(kind, 'New', 'k');
      if (isTextKind(kind)) expect(made.font).toBe(kind === 'title' ? 'store_title' : 'store_text');
    }
    // Text sections added one after another take bands one below the other.
    const [a, b] = [newPdfSection('title', 'A', 'a', 0), newPdfSection('info', 'B', 'b', 1)];
    expect(sectionBox(b.padding).y).toBe(sectionBox(a.padding).y + sectionBox(a.padding).height);
  });
});

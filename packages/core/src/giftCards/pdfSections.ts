import {
  PDF_CORNER_RADIUS_MAX,
  PDF_DASH_MAX,
  PDF_DASH_MIN,
  PDF_FONT_SIZE_MAX,
  PDF_FONT_SIZE_MIN,
  PDF_FONTS,
  PDF_OWN_TEXT_KINDS,
  PDF_PADDING_HORIZONTAL_MAX,
  PDF_PADDING_VERTICAL_MAX,
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  PDF_SECTION_TEXT_MAX,
  PDF_STORE_FONTS,
  PDF_TEMPLATE_NAME_MAX,
  PDF_TEMPLATE_SECTIONS_MAX,
  PDF_VALUE_KINDS,
  type PdfFont,
  type PdfPadding,
  type PdfSectionKind,
  type PdfSectionLook,
  type StoreFont,
} from '@tern/sdk';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import { validationKeys } from '../auth/rules.js';

// The sections of a gift-card PDF (document 3 §3, §5, §9): their limits, the box their padding leaves on the A4
// page, the words each prints for a card, and text wrapped and clipped to its box. The server prints with them,
// the web editor validates and previews with them.

export const pdfValidationKeys = {
  required: validationKeys.required,
  wholeNumber: 'validation_messages.whole_number',
  range100: 'validation_messages.pdf_one_to_hundred',
  opacity: 'validation_messages.pdf_opacity',
  paddingVertical: 'validation_messages.pdf_padding_vertical',
  paddingHorizontal: 'validation_messages.pdf_padding_horizontal',
  corner: 'validation_messages.pdf_corner',
  noRoom: 'validation_messages.pdf_no_room',
  color: 'validation_messages.pdf_color',
  notAnOption: 'validation_messages.not_an_option',
  textTooLong: 'validation_messages.pdf_text_too_long',
} as const;

/** A box on the page, from its top-left corner, in points (y grows downwards, as the editor draws it). */
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box a section's padding leaves on the page (empty — zero width or height — when the padding meets). */
export function sectionBox(padding: PdfPadding): PdfBox {
  return {
    x: padding.left,
    y: padding.top,
    width: Math.max(0, PDF_PAGE_WIDTH - padding.left - padding.right),
    height: Math.max(0, PDF_PAGE_HEIGHT - padding.top - padding.bottom),
  };
}

/** The fields of a section's look (the contract's `pdfSectionLook`), as a template's section or a type saves them. */
const PDF_LOOK_FIELDS = [
  'text',
  'font',
  'fontSize',
  'textAlign',
  'fillColor',
  'opacity',
  'padding',
  'cornerRadius',
  'dashSize',
  'dashSpace',
  'stretch',
  'visible',
  'photoUrl',
] as const satisfies readonly (keyof PdfSectionLook)[];

/** A section's look alone, without its name, kind, ids or place in the editor. */
export function pdfLookOf(section: PdfSectionLook): PdfSectionLook {
  return Object.fromEntries(PDF_LOOK_FIELDS.map((field) => [field, section[field]])) as PdfSectionLook;
}

/** Whether a kind prints its own text, which is then required (text, info). */
export function isOwnTextKind(kind: PdfSectionKind): boolean {
  return (PDF_OWN_TEXT_KINDS as readonly string[]).includes(kind);
}
/** Whether a kind prints words (its own text, or a label and the card's value). */
export function isTextKind(kind: PdfSectionKind): boolean {
  return isOwnTextKind(kind) || (PDF_VALUE_KINDS as readonly string[]).includes(kind);
}

function wholeIn(value: unknown, min: number, max: number, range: string): string | null {
  if (typeof value !== 'number' || Number.isNaN(value)) return pdfValidationKeys.required;
  if (!Number.isInteger(value)) return pdfValidationKeys.wholeNumber;
  if (value < min || value > max) return range;
  return null;
}

/**
 * The errors of one section (document 3 §5), by field (`fontSize`, `padding.top`, …): font size and dashes
 * 1–100, opacity 0–1 (required), padding 0–841 top and bottom, 0–595 left and right, and some room left between
 * them; corner radius 0–360; a colour `#rrggbb`; a font of the list; text required for the text and info kinds.
 */
export function pdfSectionErrors(kind: PdfSectionKind, look: PdfSectionLook): FormErrors {
  const errors: Record<string, string> = {};
  const put = (field: string, error: string | null) => {
    if (error) errors[field] = error;
  };
  if (isOwnTextKind(kind) && look.text.trim() === '') errors.text = pdfValidationKeys.required;
  if (look.text.length > PDF_SECTION_TEXT_MAX) errors.text = pdfValidationKeys.textTooLong;
  if (!([...PDF_STORE_FONTS, ...PDF_FONTS] as readonly string[]).includes(look.font))
    errors.font = pdfValidationKeys.notAnOption;
  const k = pdfValidationKeys;
  put('fontSize', wholeIn(look.fontSize, PDF_FONT_SIZE_MIN, PDF_FONT_SIZE_MAX, k.range100));
  put('dashSize', wholeIn(look.dashSize, PDF_DASH_MIN, PDF_DASH_MAX, k.range100));
  put('dashSpace', wholeIn(look.dashSpace, PDF_DASH_MIN, PDF_DASH_MAX, k.range100));
  put('cornerRadius', wholeIn(look.cornerRadius, 0, PDF_CORNER_RADIUS_MAX, k.corner));
  if (typeof look.opacity !== 'number' || Number.isNaN(look.opacity)) errors.opacity = k.required;
  else if (look.opacity < 0 || look.opacity > 1) errors.opacity = k.opacity;
  if (!/^#[0-9a-fA-F]{6}$/.test(look.fillColor)) errors.fillColor = pdfValidationKeys.color;
  const { top, bottom, left, right } = look.padding;
  put('padding.top', wholeIn(top, 0, PDF_PADDING_VERTICAL_MAX, k.paddingVertical));
  put('padding.bottom', wholeIn(bottom, 0, PDF_PADDING_VERTICAL_MAX, k.paddingVertical));
  put('padding.left', wholeIn(left, 0, PDF_PADDING_HORIZONTAL_MAX, k.paddingHorizontal));
  put('padding.right', wholeIn(right, 0, PDF_PADDING_HORIZONTAL_MAX, k.paddingHorizontal));
  if (!errors['padding.top'] && !errors['padding.bottom'] && top + bottom >= PDF_PAGE_HEIGHT) {
    errors['padding.bottom'] = pdfValidationKeys.noRoom;
  }
  if (!errors['padding.left'] && !errors['padding.right'] && left + right >= PDF_PAGE_WIDTH) {
    errors['padding.right'] = pdfValidationKeys.noRoom;
  }
  return errors;
}

/** The errors of every section of a type's template, by `sections.<index>.<field>`; empty when all are valid. */
export function pdfSectionsErrors(
  sections: readonly (PdfSectionLook & { kind: PdfSectionKind })[],
): FormErrors {
  const errors: Record<string, string> = {};
  sections.forEach((section, index) => {
    for (const [field, error] of Object.entries(pdfSectionErrors(section.kind, section))) {
      if (error) errors[`sections.${index}.${field}`] = error;
    }
  });
  return errors;
}

/** What a card (or a type's preview) prints: the values of the value kinds. */
export interface PdfCardValues {
  title: string;
  recipient: string;
  generatedId: string;
  /** Plain text (the type's rich description with its markup taken out). */
  description: string;
  /** The last day, as printed. */
  expiration: string;
  bookingUrl: string;
  hotelName: string;
}

/** The words a text section prints: its own text, or its label followed by the card's value; `null` for shapes. */
export function sectionWords(kind: PdfSectionKind, text: string, values: PdfCardValues): string | null {
  switch (kind) {
    case 'text':
    case 'info':
      return text;
    case 'title':
      return text + values.title;
    case 'recipient':
      return text + values.recipient;
    case 'generated_id':
      return text + values.generatedId;
    case 'description':
      return text + values.description;
    case 'expiration':
      return text + values.expiration;
    case 'booking_url':
      return text + values.bookingUrl;
    case 'hotel_name':
      return text + values.hotelName;
    default:
      return null;
  }
}

/**
 * A card's public address, printed on its PDF, held by its QR code and sent in its e-mail: its store's redemption
 * page, `/{storeSlug}/booking/{giftCardNumber}` (document 3 §2.1), which the web app serves. `store` is the slug
 * of the card's store (`giftCardStoreOf`); a property with no store at all gives its id in its place (the public
 * store, once built, reads a property's id as that property's first active store).
 */
export function giftCardBookingUrl(webUrl: string, store: string, generatedId: string): string {
  return `${webUrl.replace(/\/+$/, '')}/${encodeURIComponent(store)}/booking/${encodeURIComponent(generatedId)}`;
}

/**
 * The store a type's cards belong to (their fonts, their address): the type's first store, else the property's
 * first active store, else its first; `null` when the property has none. `stores` in the property's order
 * (oldest first), as the server's query orders them.
 */
export function giftCardStoreOf<S extends { id: string; status: string }>(
  typeStoreIds: readonly string[],
  stores: readonly S[],
): S | null {
  return (
    stores.find((s) => s.id === typeStoreIds[0]) ??
    stores.find((s) => s.status === 'active') ??
    stores[0] ??
    null
  );
}

/** The rich description as plain text: tags dropped (block ends become line breaks), entities read, spaces kept single. */
export function plainTextOf(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return safeChar(Number.parseInt(name.slice(2), 16), whole);
      if (name.startsWith('#')) return safeChar(Number.parseInt(name.slice(1), 10), whole);
      return entities[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}
function safeChar(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

const ELLIPSIS = '…';

/** Text as a box prints it: its lines, and whether some of it did not fit (the last line then ends with "…"). */
export interface TextLayout {
  lines: string[];
  clipped: boolean;
}

/**
 * Text wrapped to a width and clipped to a number of lines: words break at spaces (a word wider than the line is
 * cut), line breaks are kept, and when lines are left over the last one shown ends with an ellipsis. `measure`
 * gives a string's width (the font's, at the section's size). The server prints these lines; the editor's
 * preview draws them and says when `clipped`.
 */
export function layoutText(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: (s: string) => number,
): TextLayout {
  if (maxLines < 1 || maxWidth <= 0) return { lines: [], clipped: text.trim() !== '' };
  const lines: string[] = [];
  let overflow = false;
  outer: for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/ +/).filter((w) => w !== '');
    let line = '';
    const push = (l: string): boolean => {
      if (lines.length === maxLines) {
        overflow = true;
        return false;
      }
      lines.push(l);
      return true;
    };
    if (words.length === 0) {
      if (!push('')) break;
      continue;
    }
    for (let word of words) {
      const joined = line === '' ? word : `${line} ${word}`;
      if (measure(joined) <= maxWidth) {
        line = joined;
        continue;
      }
      if (line !== '' && !push(line)) break outer;
      line = '';
      // A word wider than the line: cut it into pieces that fit (at least one character each).
      while (measure(word) > maxWidth) {
        let cut = 1;
        while (cut < word.length && measure(word.slice(0, cut + 1)) <= maxWidth) cut++;
        if (!push(word.slice(0, cut))) break outer;
        word = word.slice(cut);
      }
      line = word;
    }
    if (!push(line)) break;
  }
  if (overflow && lines.length > 0) {
    let last = lines[lines.length - 1] ?? '';
    while (last !== '' && measure(last + ELLIPSIS) > maxWidth) last = last.slice(0, -1);
    lines[lines.length - 1] = last.trimEnd() + ELLIPSIS;
  }
  return { lines, clipped: overflow };
}

/** `layoutText`'s lines alone. */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: (s: string) => number,
): string[] {
  return layoutText(text, maxWidth, maxLines, measure).lines;
}

/** The x of a line in its box by the section's alignment. */
export function alignedX(box: PdfBox, lineWidth: number, align: 'left' | 'center' | 'right'): number {
  if (align === 'center') return box.x + (box.width - lineWidth) / 2;
  if (align === 'right') return box.x + box.width - lineWidth;
  return box.x;
}

/** Lines of a font size that fit a box's height (line height 1.2 × the size). */
export function linesThatFit(boxHeight: number, fontSize: number): number {
  return Math.max(0, Math.floor(boxHeight / (fontSize * 1.2)));
}

/**
 * The baseline of a box's line `line` (from 0), in points from the top: lines 1.2 × the size apart, each centred in
 * its line, the font's `ascent` (at that size) above its baseline. The server prints there; the preview draws there.
 */
export function lineBaseline(box: PdfBox, line: number, fontSize: number, ascent: number): number {
  const lineHeight = fontSize * 1.2;
  return box.y + line * lineHeight + (lineHeight - fontSize) / 2 + ascent;
}

/** The sample a type's preview prints (its own title, description and validity; a sample recipient and code). */
export const PDF_SAMPLE_RECIPIENT = 'Jane Doe';
export const PDF_SAMPLE_CODE = 'SAMPLE234567';

// ---------------------------------------------------------------------------------------------------------------
// The store's fonts (document 2 §3 titleFont, textFont; document 2 §9's list, the sdk's STORE_FONTS). The server
// embeds every family of the list as itself (its Latin regular and bold files from @fontsource, in
// packages/server/assets/fonts), but for the two of `PDF_STAND_INS`.

/** The fonts a card prints with when its store is unknown (no store sells its type and its property has none). */
export const PDF_STORE_FONTS_FALLBACK = { titleFont: 'Lato', textFont: 'Lato' } as const;

/**
 * Store fonts a card prints in another family of the list. The Ubuntu Font Licence 1.0 is neither OFL nor Apache,
 * and asks a Modified Version (an embedded subset is one) to be renamed; Tern ships no Ubuntu file, and Fira Sans,
 * the humanist sans nearest to it, stands in (docs/decisions.md).
 */
export const PDF_STAND_INS: Readonly<Partial<Record<StoreFont, StoreFont>>> = {
  Ubuntu: 'Fira Sans',
  'Ubuntu Condensed': 'Fira Sans Condensed',
};

/** The family a store font prints in: itself, but for the few of `PDF_STAND_INS`. */
export function pdfFamilyOfStoreFont(storeFont: string): string {
  return PDF_STAND_INS[storeFont as StoreFont] ?? storeFont;
}

/** The store's fonts a card prints with (document 2 §3). */
export interface PdfStoreFonts {
  titleFont: string;
  textFont: string;
}

/**
 * The font a section prints with, by name: its own font of the list (`PDF_FONTS`, "Lato Bold"), or — for
 * `store_title` / `store_text` — the family that prints the store's title or text font (its regular face).
 */
export function pdfFontFileOf(font: PdfFont, store: PdfStoreFonts): string {
  if (font === 'store_title') return pdfFamilyOfStoreFont(store.titleFont);
  if (font === 'store_text') return pdfFamilyOfStoreFont(store.textFont);
  return font;
}

/** A face the server embeds: a family of the store list and its weight. */
export interface PdfFontFace {
  family: string;
  weight: 400 | 700;
}

/** The face of a font's name (`pdfFontFileOf`'s): "Lato Bold" of `PDF_FONTS` is Lato 700, a family alone is 400. */
export function pdfFontFace(name: string): PdfFontFace {
  if (name.endsWith(' Bold') && (PDF_FONTS as readonly string[]).includes(name))
    return { family: name.slice(0, -' Bold'.length), weight: 700 };
  return { family: name, weight: 400 };
}

// ---------------------------------------------------------------------------------------------------------------
// The PDF tab's design (document 3 §3, §5): a built-in template's sections as a type fills them, or a property's
// own template (its name, default flag and sections, which may be added and removed). Edited and saved through
// `pdfEditorMachine`.

/** A section as the PDF tab edits it: `id` is the saved section's (a template section), `null` for a new one. */
export interface PdfDesignSection extends PdfSectionLook {
  /** Stable while editing (the section's id, or a made-up one for a new section). */
  key: string;
  id: string | null;
  kind: PdfSectionKind;
  name: string;
  position: number;
}

export interface PdfDesign {
  /** A property's own template (its name, default flag and sections change), or a built-in one (only the look). */
  own: boolean;
  name: string;
  isDefault: boolean;
  sections: PdfDesignSection[];
}

/**
 * The errors of a design, by field: every section's (`sections.<i>.<field>`, document 3 §5), and for a
 * property's own template its name (required, at most 80) and its sections (at least one, at most 100).
 */
export function pdfDesignErrors(design: PdfDesign): FormErrors {
  const errors: Record<string, string> = {
    ...(pdfSectionsErrors(design.sections) as Record<string, string>),
  };
  if (design.own) {
    if (design.name.trim() === '') errors.name = pdfValidationKeys.required;
    else if (design.name.trim().length > PDF_TEMPLATE_NAME_MAX) errors.name = pdfValidationKeys.textTooLong;
    if (design.sections.length === 0) errors.sections = pdfValidationKeys.required;
    else if (design.sections.length > PDF_TEMPLATE_SECTIONS_MAX)
      errors.sections = pdfValidationKeys.textTooLong;
    design.sections.forEach((s, i) => {
      if (s.name.trim() === '') errors[`sections.${i}.name`] = pdfValidationKeys.required;
    });
  }
  return errors;
}

/** The height of a new text section's box, and where the first one starts (points from the top). */
const NEW_BOX_HEIGHT = 60;
const NEW_BOX_TOP = 80;

/**
 * A new section of a kind for a property's template, with document 3 §9's default sizes (title 35, text 14):
 * a band across the page (shapes: the page less a margin) — the `slot`-th band from the top, so sections added
 * one after another do not cover each other — in the store's fonts, and its own text where the kind needs one.
 */
export function newPdfSection(kind: PdfSectionKind, name: string, key: string, slot = 0): PdfDesignSection {
  const shape = !isTextKind(kind);
  const top = NEW_BOX_TOP + (slot % 11) * NEW_BOX_HEIGHT;
  return {
    key,
    id: null,
    kind,
    name,
    position: 0,
    text: isOwnTextKind(kind) ? name : '',
    font: kind === 'title' ? 'store_title' : 'store_text',
    fontSize: kind === 'title' ? 35 : 14,
    textAlign: 'center',
    fillColor: kind === 'color_fill' ? '#f7f3ec' : '#1f3a5f',
    opacity: 1,
    padding: shape
      ? { top: 40, bottom: 40, left: 40, right: 40 }
      : { top, bottom: PDF_PAGE_HEIGHT - top - NEW_BOX_HEIGHT, left: 60, right: 60 },
    cornerRadius: 0,
    dashSize: 6,
    dashSpace: 4,
    stretch: kind === 'background',
    visible: true,
    photoUrl: null,
  };
}

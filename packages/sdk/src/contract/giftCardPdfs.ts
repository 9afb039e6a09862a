import * as z from 'zod';
import { id, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';

// Gift-card PDFs (document 3 §3 PDF template, §5 PDF section, §7 pdf_preview / filled_sections / pdf / qr_code,
// §9; inventory Q5, Q13, Q14, R3, R4): templates made of sections placed on an A4 page, a type's filled sections
// per template (its text, font, colours and box), the PDF of a type (a preview with sample data) and of each
// issued card, and the card's QR code of its booking address.

/** The page: A4 portrait in PDF points. A section's box is the page inset by its padding. */
export const PDF_PAGE_WIDTH = 595;
export const PDF_PAGE_HEIGHT = 842;
/** The ranges of a section's fields (document 3 §5). */
export const PDF_FONT_SIZE_MIN = 1;
export const PDF_FONT_SIZE_MAX = 100;
export const PDF_DASH_MIN = 1;
export const PDF_DASH_MAX = 100;
export const PDF_PADDING_VERTICAL_MAX = 841;
export const PDF_PADDING_HORIZONTAL_MAX = 595;
export const PDF_CORNER_RADIUS_MAX = 360;
/** Default font sizes (document 3 §9): header 65, title 35, text 14. */
export const PDF_HEADER_FONT_SIZE = 65;
export const PDF_TITLE_FONT_SIZE = 35;
export const PDF_TEXT_FONT_SIZE = 14;
/** A section's own text: at most this many characters (what is longer than its box is wrapped, then clipped). */
export const PDF_SECTION_TEXT_MAX = 2_000;

/** The 15 kinds of section (document 3 §3). */
export const pdfSectionKind = z.enum([
  'text',
  'title',
  'recipient',
  'generated_id',
  'info',
  'description',
  'expiration',
  'booking_url',
  'hotel_name',
  'image',
  'background',
  'color_fill',
  'qr_code',
  'rectangle',
  'dashed_box',
]);
export type PdfSectionKind = z.infer<typeof pdfSectionKind>;

/**
 * Kinds whose words are the section's own text, required (document 3 §5 "text required for text-like kinds").
 * The other text kinds print a value of the card (its title, recipient, code, …) after their text, a label that
 * may be empty.
 */
export const PDF_OWN_TEXT_KINDS = ['text', 'info'] as const satisfies readonly PdfSectionKind[];
/** Kinds that print a value of the card or the type. */
export const PDF_VALUE_KINDS = [
  'title',
  'recipient',
  'generated_id',
  'description',
  'expiration',
  'booking_url',
  'hotel_name',
] as const satisfies readonly PdfSectionKind[];
/** Kinds drawn from a photo (an upload of the property). */
export const PDF_PHOTO_KINDS = ['image', 'background'] as const satisfies readonly PdfSectionKind[];

/** The font files the server embeds (OFL fonts in packages/server/assets/fonts): a section may name one. */
export const PDF_FONTS = [
  'Lato',
  'Lato Bold',
  'Open Sans',
  'Open Sans Bold',
  'Montserrat',
  'Montserrat Bold',
  'Merriweather',
  'Merriweather Bold',
  'Playfair Display',
  'Playfair Display Bold',
  'Poppins',
  'Poppins Bold',
  'Roboto',
  'Roboto Bold',
  'Roboto Mono',
  'Roboto Mono Bold',
] as const;
export type PdfFontFile = (typeof PDF_FONTS)[number];
/**
 * A section may instead print in its card's store's title or text font (document 2 §3 `titleFont`, `textFont`;
 * the store: the type's first, else the property's first active one). The built-in templates do, for their
 * header, title and body text.
 */
export const PDF_STORE_FONTS = ['store_title', 'store_text'] as const;
export type PdfStoreFont = (typeof PDF_STORE_FONTS)[number];
export const pdfFont = z.enum([...PDF_STORE_FONTS, ...PDF_FONTS], { error: 'Choose a font of the list' });
export type PdfFont = z.infer<typeof pdfFont>;

export const pdfTextAlign = z.enum(['left', 'center', 'right']);
export type PdfTextAlign = z.infer<typeof pdfTextAlign>;

/** A colour as `#rrggbb`. */
export const pdfColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Use a colour as #rrggbb' })
  .transform((c) => c.toLowerCase());

const whole = (min: number, max: number) =>
  z
    .number({ error: 'required' })
    .int({ error: 'Use a whole number' })
    .min(min, { error: `From ${min} to ${max}` })
    .max(max, { error: `From ${min} to ${max}` });

export const pdfPadding = z.object({
  top: whole(0, PDF_PADDING_VERTICAL_MAX),
  bottom: whole(0, PDF_PADDING_VERTICAL_MAX),
  left: whole(0, PDF_PADDING_HORIZONTAL_MAX),
  right: whole(0, PDF_PADDING_HORIZONTAL_MAX),
});
export type PdfPadding = z.infer<typeof pdfPadding>;

/** What a section shows and how (a filled section, or a template section's defaults). */
export const pdfSectionLook = z.object({
  /** Its own text (text, info), or the label before the card's value (the value kinds). */
  text: z.string().max(PDF_SECTION_TEXT_MAX, { error: `At most ${PDF_SECTION_TEXT_MAX} characters` }),
  font: pdfFont,
  fontSize: whole(PDF_FONT_SIZE_MIN, PDF_FONT_SIZE_MAX),
  textAlign: pdfTextAlign,
  /** The text's colour for text kinds; the fill (or line) colour of the shapes. */
  fillColor: pdfColor,
  opacity: z.number({ error: 'required' }).min(0, { error: 'From 0 to 1' }).max(1, { error: 'From 0 to 1' }),
  padding: pdfPadding,
  cornerRadius: whole(0, PDF_CORNER_RADIUS_MAX),
  dashSize: whole(PDF_DASH_MIN, PDF_DASH_MAX),
  dashSpace: whole(PDF_DASH_MIN, PDF_DASH_MAX),
  /** A photo fills its box (cropped) instead of fitting inside it. */
  stretch: z.boolean(),
  visible: z.boolean(),
  /** The photo of an image or background section: an upload of the property (`/photos/uploads/…`), or `null`. */
  photoUrl: z.string().trim().max(300).nullable(),
});
export type PdfSectionLook = z.infer<typeof pdfSectionLook>;

/** A section of a template: its kind, its place in the drawing order and its defaults. */
export const pdfSection = pdfSectionLook.extend({
  id: recordId,
  kind: pdfSectionKind,
  name: z.string(),
  /** Drawing order, from 0 (later sections are drawn over earlier ones). */
  position: z.number().int(),
});
export type PdfSection = z.infer<typeof pdfSection>;

export const pdfTemplate = z.object({
  id: recordId,
  type: z.literal('pdfTemplate'),
  name: z.string(),
  /** The template a type without one uses. */
  default: z.boolean(),
  /** The property that owns it; `null` for a template every property has. */
  propertyId: recordId.nullable(),
  pdfSections: z.array(pdfSection),
});
export type PdfTemplate = z.infer<typeof pdfTemplate>;

/** A type's filled section: a template section as the type shows it. */
export const filledSection = pdfSectionLook.extend({
  /** `null` while the type keeps the template's defaults for it (nothing saved yet). */
  id: recordId.nullable(),
  pdfSectionId: recordId,
  kind: pdfSectionKind,
  name: z.string(),
  position: z.number().int(),
});
export type FilledSection = z.infer<typeof filledSection>;

export const filledSections = z.object({
  giftCardTypeId: recordId,
  pdfTemplateId: recordId,
  /** The template the type prints with (its chosen one, else the default). */
  chosen: z.boolean(),
  sections: z.array(filledSection),
});
export type FilledSections = z.infer<typeof filledSections>;

export const filledSectionInput = pdfSectionLook.extend({ pdfSectionId: id });
export type FilledSectionInput = z.input<typeof filledSectionInput>;

/** Saving a type's filled sections of a template: every section of it once; the type then prints with it. */
export const filledSectionsBody = z
  .object({
    propertyId: id,
    sections: z.array(filledSectionInput).max(100),
  })
  .refine((b) => new Set(b.sections.map((s) => s.pdfSectionId)).size === b.sections.length, {
    error: 'Each section once',
    path: ['sections'],
  });
export type FilledSectionsBody = z.input<typeof filledSectionsBody>;

/** A template's name (a property's own: 1–80 characters). */
export const PDF_TEMPLATE_NAME_MAX = 80;
/** A template has at most this many sections. */
export const PDF_TEMPLATE_SECTIONS_MAX = 100;

/** A section of a property's own template as saved: `id` keeps a section it has (the types' filled sections of it stay). */
export const pdfTemplateSectionInput = pdfSectionLook.extend({
  id: id.nullable().default(null),
  kind: pdfSectionKind,
  name: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(PDF_TEMPLATE_NAME_MAX, { error: `At most ${PDF_TEMPLATE_NAME_MAX} characters` }),
});
export type PdfTemplateSectionInput = z.input<typeof pdfTemplateSectionInput>;

/**
 * A property's own template (document 3 §3): its name, whether it is the property's default, and its sections in
 * drawing order (each within the limits of §5; the server checks them with core's `pdfSectionErrors` too).
 * `giftCardTypeId`: the type whose PDF tab saved it, which then prints with it.
 */
export const pdfTemplateBody = z
  .object({
    propertyId: id,
    name: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(PDF_TEMPLATE_NAME_MAX, { error: `At most ${PDF_TEMPLATE_NAME_MAX} characters` }),
    default: z.boolean().default(false),
    pdfSections: z
      .array(pdfTemplateSectionInput)
      .min(1, { error: 'required' })
      .max(PDF_TEMPLATE_SECTIONS_MAX, { error: `At most ${PDF_TEMPLATE_SECTIONS_MAX} sections` }),
    giftCardTypeId: id.nullable().default(null),
  })
  .refine(
    (b) => {
      const ids = b.pdfSections.flatMap((s) => (s.id ? [s.id] : []));
      return new Set(ids).size === ids.length;
    },
    { error: 'Each section once', path: ['pdfSections'] },
  );
export type PdfTemplateBody = z.input<typeof pdfTemplateBody>;

/** Duplicating a template (a built-in one or the property's own) as the property's: its name, and the type whose look to copy. */
export const pdfTemplateDuplicateBody = z.object({
  propertyId: id,
  name: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(PDF_TEMPLATE_NAME_MAX, { error: `At most ${PDF_TEMPLATE_NAME_MAX} characters` })
    .optional(),
  /** Copy this type's filled sections of the template (its look as the PDF tab shows it), not the defaults. */
  giftCardTypeId: id.nullable().default(null),
});
export type PdfTemplateDuplicateBody = z.input<typeof pdfTemplateDuplicateBody>;

/** A family of the shipped fonts and where its two faces are served (its bold is its 400 file when it has no 700). */
export const fontFamilyFiles = z.object({
  family: z.string(),
  /** `/api/v1/fonts/<file>?v=<version>`: the address changes with the file, which is cached for a year. */
  regular: z.string(),
  bold: z.string(),
});
export type FontFamilyFiles = z.infer<typeof fontFamilyFiles>;
export const shippedFontList = z.object({
  families: z.array(fontFamilyFiles),
  /** The family that draws a character a font lacks (the PDF's, for the same characters). */
  spare: z.string(),
});
export type ShippedFontList = z.infer<typeof shippedFontList>;

export const qrFormat = z.enum(['png', 'svg']);
export type QrFormat = z.infer<typeof qrFormat>;

// ---------------------------------------------------------------------------------------------------------------

const BASE = '/api/v1/tern_hotels';
const staff = ['supplier', 'admin'] as const;
const ofProperty = z.object({ propertyId: id });

export const giftCardPdfsArea = defineArea('giftCardPdfs', {
  listTemplates: endpoint({
    method: 'GET',
    path: `${BASE}/pdf_templates`,
    summary:
      'The PDF templates a property’s gift card types may print with: the built-in ones and its own, each with its sections (kind, drawing order, defaults); one is the default.',
    access: staff,
    owns: { propertyId: 'property' },
    query: ofProperty,
    reply: 'plain',
    response: z.object({ items: z.array(pdfTemplate) }),
    errors: [404],
  }),
  getTemplate: endpoint({
    method: 'GET',
    path: `${BASE}/pdf_templates/{id}`,
    summary: 'One PDF template of the property (or built in), with its sections.',
    access: staff,
    // The template is checked by the service among those the property may use (pdf_template_not_found).
    owns: { id: 'narrows', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'resource',
    response: pdfTemplate,
    errors: [404],
  }),
  createTemplate: endpoint({
    method: 'POST',
    path: `${BASE}/pdf_templates`,
    summary:
      'Adds a PDF template of the property: its name, sections (each within the limits of document 3 §5) and whether it is the property’s default; with `giftCardTypeId`, that type prints with it.',
    access: staff,
    owns: {
      propertyId: 'property',
      giftCardTypeId: 'giftCardType',
      // A new template has no sections yet: an id sent is refused by the service (pdf_section_not_in_template).
      'pdfSections[].id': 'narrows',
    },
    body: pdfTemplateBody,
    reply: 'resource',
    response: pdfTemplate,
    creates: true,
    errors: [400, 404],
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: `${BASE}/pdf_templates/{id}`,
    summary:
      'Changes a PDF template of the property (not a built-in one): its name, default flag and sections — a section sent with its id is kept (the types’ filled sections of it stay), one without is added, one left out is removed. With `giftCardTypeId`, that type prints with it.',
    access: staff,
    owns: {
      id: 'pdfTemplate',
      propertyId: 'property',
      giftCardTypeId: 'giftCardType',
      // Checked by the service: a section of that template (pdf_section_not_in_template).
      'pdfSections[].id': 'narrows',
    },
    params: z.object({ id }),
    body: pdfTemplateBody,
    reply: 'resource',
    response: pdfTemplate,
    errors: [400, 404, 409],
  }),
  duplicateTemplate: endpoint({
    method: 'POST',
    path: `${BASE}/pdf_templates/{id}/duplicate`,
    summary:
      'A copy of a PDF template (built in or the property’s) as the property’s own, named “… (copy)” unless a name is given; with `giftCardTypeId`, the copy takes that type’s filled sections of it.',
    access: staff,
    owns: { id: 'pdfTemplate', propertyId: 'property', giftCardTypeId: 'giftCardType' },
    params: z.object({ id }),
    body: pdfTemplateDuplicateBody,
    reply: 'resource',
    response: pdfTemplate,
    creates: true,
    errors: [400, 404],
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: `${BASE}/pdf_templates/{id}`,
    summary:
      'Deletes a PDF template of the property — not a built-in one, and not one a gift card type prints with (409 pdf_template_in_use naming them).',
    access: staff,
    owns: { id: 'pdfTemplate', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'empty',
    response: z.undefined(),
    errors: [404, 409],
  }),
  getFilledSections: endpoint({
    method: 'GET',
    path: `${BASE}/gift_card_types/{id}/filled_sections/{templateId}`,
    summary:
      'A type’s filled sections of a template, in drawing order: those saved, the template’s defaults for the others.',
    access: staff,
    // The template is checked by the service among those the property may use (pdf_template_not_found).
    owns: { id: 'giftCardType', templateId: 'narrows', propertyId: 'property' },
    params: z.object({ id, templateId: id }),
    query: ofProperty,
    reply: 'plain',
    response: filledSections,
    errors: [404],
  }),
  putFilledSections: endpoint({
    method: 'PUT',
    path: `${BASE}/gift_card_types/{id}/filled_sections/{templateId}`,
    summary:
      'Saves a type’s filled sections of a template (every section of it once, each within the limits of document 3 §5: font size and dashes 1–100, opacity 0–1, padding 0–841 top and bottom, 0–595 left and right, corner radius 0–360, text required for text and info) and makes it the type’s template. Not for an archived type.',
    access: staff,
    // The template is checked by the service among those the property may use (pdf_template_not_found).
    owns: {
      id: 'giftCardType',
      templateId: 'narrows',
      propertyId: 'property',
      // Checked by the service: a section of that template (pdf_section_not_in_template).
      'sections[].pdfSectionId': 'narrows',
    },
    params: z.object({ id, templateId: id }),
    body: filledSectionsBody,
    reply: 'plain',
    response: filledSections,
    errors: [400, 404, 409],
  }),
  typePreview: endpoint({
    method: 'GET',
    path: `${BASE}/gift_card_types/{id}/pdf_preview`,
    summary:
      'The PDF of a type with a sample card (its title, description and validity; a sample recipient and code), printed with its template and filled sections.',
    access: staff,
    owns: { id: 'giftCardType', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'file',
    response: z.unknown(),
    errors: [404],
  }),
  cardPdf: endpoint({
    method: 'GET',
    path: `${BASE}/gift_cards/{id}/pdf`,
    summary:
      'The PDF of an issued card: its type’s template and filled sections, the card’s recipient, code, expiry and a QR code of its booking address, fonts embedded.',
    access: staff,
    recorded: { object: 'giftCard', idField: 'id', action: 'download_pdf' },
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'file',
    response: z.unknown(),
    errors: [404],
  }),
  fonts: endpoint({
    method: 'GET',
    path: '/api/v1/fonts',
    summary:
      'The font files a card’s PDF embeds, per family of the store list (the Ubuntu ones print in their Fira stand-ins, which are listed), with their addresses: what the PDF tab’s preview draws with.',
    access: 'public',
    reply: 'plain',
    response: shippedFontList,
  }),
  font: endpoint({
    method: 'GET',
    path: '/api/v1/fonts/{file}',
    summary:
      'A shipped font file (WOFF, OFL or Apache licensed) by the name `fonts` gives; any other name is 404. With the `v` that `fonts` gives it is cached for a year (immutable), without it checked every time.',
    access: 'public',
    params: z.object({ file: z.string().max(200) }),
    query: z.object({ v: z.string().max(64).optional() }),
    reply: 'file',
    response: z.unknown(),
    errors: [404],
  }),
  cardQr: endpoint({
    method: 'GET',
    path: `${BASE}/gift_cards/{id}/qr_code`,
    summary: 'The QR code of an issued card’s booking address, as PNG (default) or SVG.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty.extend({ format: qrFormat.default('png') }),
    reply: 'file',
    response: z.unknown(),
    errors: [404],
  }),
});

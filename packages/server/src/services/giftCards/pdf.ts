import fontkit from '@pdf-lib/fontkit';
import {
  alignedX,
  giftCardBookingUrl,
  lineBaseline,
  linesThatFit,
  PDF_DASHED_BORDER_WIDTH,
  PDF_SAMPLE_CODE,
  PDF_SAMPLE_RECIPIENT,
  PDF_STORE_FONTS_FALLBACK,
  type PdfBox,
  type PdfCardValues,
  type PdfStoreFonts,
  pdfFontFace,
  pdfFontFileOf,
  plainTextOf,
  sectionBox,
  sectionWords,
  wrapText,
} from '@tern/core/giftCards';
import { type FilledSection, PDF_PAGE_HEIGHT, PDF_PAGE_WIDTH, type QrFormat } from '@tern/sdk';
import {
  clip,
  endPath,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
} from 'pdf-lib';
import QRCode from 'qrcode';
import type { Db } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import type { FileStore } from '../uploads/fileStore.js';
import { sniffImage } from '../uploads/images.js';
import { widthFor } from '../uploads/serve.js';
import { variantKey } from '../uploads/uploads.js';
import { type LoadedFont, loadFont, SPARE_FAMILY } from './fonts.js';
import { sectionsOfType } from './pdfTemplates.js';

// The PDF of a gift card (document 3 §3, §7 pdf / pdf_preview / qr_code): its type's template and filled sections
// drawn on an A4 page by pdf-lib, with the section's font embedded (a subset of its file in assets/fonts, fonts.ts:
// the store's title or text font, or the section's own), text measured, wrapped and clipped to its box (pdf-lib
// writes glyph ids, so no text reaches the PDF's syntax), photos of the property, and a vector QR code of the
// card's booking address.

export interface CardPdfOptions {
  /** Where the web app is (`config.webUrl`), for the booking address; absent: `TERN_WEB_URL`. */
  webUrl?: string;
  /** Where the property's uploads are, for image and background sections; absent: those sections are left out. */
  files?: FileStore;
}

export interface PdfFile {
  bytes: Uint8Array;
  fileName: string;
}

/** Text the font can draw: control characters dropped (line breaks kept), characters it lacks as `?`. */
export function drawableText(text: string, has: (codePoint: number) => boolean): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else out += has(cp) ? ch : '?';
  }
  return out;
}

const colorOf = (hex: string) =>
  rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );

/** An SVG path of a rectangle with rounded corners, in the box's own coordinates (y down). */
function roundedRect(width: number, height: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  if (r === 0) return `M0 0 H${width} V${height} H0 Z`;
  return [
    `M${r} 0 H${width - r}`,
    `A${r} ${r} 0 0 1 ${width} ${r}`,
    `V${height - r}`,
    `A${r} ${r} 0 0 1 ${width - r} ${height}`,
    `H${r}`,
    `A${r} ${r} 0 0 1 0 ${height - r}`,
    `V${r}`,
    `A${r} ${r} 0 0 1 ${r} 0 Z`,
  ].join(' ');
}

/** The dark modules of a QR code of `text` (error correction M). */
export function qrModules(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}

interface Drawing {
  db: Db;
  doc: PDFDocument;
  page: PDFPage;
  values: PdfCardValues;
  photos: Map<string, PDFImage | null>;
  /** The fonts embedded so far, by file. */
  embedded: Map<string, PDFFont>;
  options: CardPdfOptions;
  /** The fonts of the card's store, for sections in `store_title` / `store_text`. */
  store: PdfStoreFonts;
  /** The type's first photo: an image or background section without its own photo shows it. */
  firstPhoto: string | null;
}

async function embedded(d: Drawing, file: LoadedFont): Promise<PDFFont> {
  let font = d.embedded.get(file.file);
  if (!font) {
    font = await d.doc.embedFont(file.bytes, { subset: true });
    d.embedded.set(file.file, font);
  }
  return font;
}

async function photoOf(d: Drawing, url: string): Promise<PDFImage | null> {
  if (d.photos.has(url)) return d.photos.get(url) ?? null;
  let image: PDFImage | null = null;
  const match = /^\/photos\/uploads\/([0-9a-f]{16,128})\.(png|jpg)$/.exec(url);
  if (match && d.options.files) {
    const [, hash, ext] = match as unknown as [string, string, string];
    const row = await d.db.one<{ widths: number[] }>(
      'select widths from upload_files where hash = $1 and ext = $2',
      [hash, ext],
    );
    // A stored width of at least 1199 pixels (else the widest): sharp enough for A4 at 150 dpi, and small.
    const file = row
      ? await d.options.files.get(variantKey(hash, widthFor(row.widths.map(Number), 1199), ext))
      : null;
    const type = file ? sniffImage(file.bytes) : null;
    if (file && type === 'image/png') image = await d.doc.embedPng(file.bytes);
    else if (file && type === 'image/jpeg') image = await d.doc.embedJpg(file.bytes);
  }
  d.photos.set(url, image);
  return image;
}

async function drawPhoto(d: Drawing, s: FilledSection, box: PdfBox): Promise<void> {
  const url = s.photoUrl ?? d.firstPhoto;
  if (!url) return;
  const image = await photoOf(d, url);
  if (!image) return;
  // Stretch: the photo covers the box (cropped by a clip to it); else it fits inside, centred.
  const scale = s.stretch
    ? Math.max(box.width / image.width, box.height / image.height)
    : Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const x = box.x + (box.width - width) / 2;
  const top = box.y + (box.height - height) / 2;
  const { page } = d;
  page.pushOperators(...clipTo(box));
  page.drawImage(image, { x, y: PDF_PAGE_HEIGHT - top - height, width, height, opacity: s.opacity });
  page.pushOperators(...unclip());
}

// pdf-lib's operators for a clipping rectangle kept between a save and a restore of the graphics state.
function clipTo(box: PdfBox) {
  return [
    pushGraphicsState(),
    rectangle(box.x, PDF_PAGE_HEIGHT - box.y - box.height, box.width, box.height),
    clip(),
    endPath(),
  ];
}
function unclip() {
  return [popGraphicsState()];
}

/** A line cut where its font changes: `spare` for characters the section's font lacks (drawn in the spare one). */
export function runsOf(
  line: string,
  has: (codePoint: number) => boolean,
): { spare: boolean; text: string }[] {
  const runs: { spare: boolean; text: string }[] = [];
  for (const ch of line) {
    const spare = !has(ch.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (last?.spare === spare) last.text += ch;
    else runs.push({ spare, text: ch });
  }
  return runs;
}

async function drawText(d: Drawing, s: FilledSection, box: PdfBox): Promise<void> {
  const words = sectionWords(s.kind, s.text, d.values);
  if (words === null || words.trim() === '') return;
  const face = pdfFontFace(pdfFontFileOf(s.font, d.store));
  const file = loadFont(face);
  // A character the font lacks (Nanum's and Orbitron's accented letters) prints in the spare font, embedded only
  // when one does; what neither draws prints as `?`.
  const spareFile = loadFont({ family: SPARE_FAMILY, weight: face.weight });
  const text = drawableText(words, (cp) => file.has(cp) || spareFile.has(cp));
  const font = await embedded(d, file);
  // (Lines are cut at line breaks, and wrapText may end a clipped one with an ellipsis.)
  const spare = runsOf(`${text.replaceAll('\n', '')}…`, file.has).some((r) => r.spare)
    ? await embedded(d, spareFile)
    : font;
  const size = s.fontSize;
  const widthOf = (line: string) =>
    runsOf(line, file.has).reduce((w, r) => w + (r.spare ? spare : font).widthOfTextAtSize(r.text, size), 0);
  const lines = wrapText(text, box.width, linesThatFit(box.height, size), widthOf);
  const ascent = font.heightAtSize(size, { descender: false });
  const color = colorOf(s.fillColor);
  lines.forEach((line, i) => {
    if (line === '') return;
    const baseline = lineBaseline(box, i, size, ascent);
    let x = alignedX(box, widthOf(line), s.textAlign);
    for (const run of runsOf(line, file.has)) {
      const runFont = run.spare ? spare : font;
      d.page.drawText(run.text, {
        x,
        y: PDF_PAGE_HEIGHT - baseline,
        size,
        font: runFont,
        color,
        opacity: s.opacity,
      });
      x += runFont.widthOfTextAtSize(run.text, size);
    }
  });
}

function drawQr(d: Drawing, s: FilledSection, box: PdfBox): void {
  const { size, dark } = qrModules(d.values.bookingUrl);
  const side = Math.min(box.width, box.height);
  if (side <= 0) return;
  const quiet = 2;
  const cell = side / (size + quiet * 2);
  const x0 = box.x + (box.width - side) / 2;
  const top = box.y + (box.height - side) / 2;
  // A white square behind, so the code scans on any background.
  d.page.drawRectangle({
    x: x0,
    y: PDF_PAGE_HEIGHT - top - side,
    width: side,
    height: side,
    color: rgb(1, 1, 1),
  });
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (dark(x, y)) path += `M${(x + quiet) * cell} ${(y + quiet) * cell} h${cell} v${cell} h${-cell} Z `;
    }
  }
  d.page.drawSvgPath(path, {
    x: x0,
    y: PDF_PAGE_HEIGHT - top,
    color: colorOf(s.fillColor),
    opacity: s.opacity,
  });
}

async function drawSection(d: Drawing, s: FilledSection): Promise<void> {
  if (!s.visible) return;
  const box = sectionBox(s.padding);
  if (box.width <= 0 || box.height <= 0) return;
  const origin = { x: box.x, y: PDF_PAGE_HEIGHT - box.y };
  switch (s.kind) {
    case 'image':
    case 'background':
      return drawPhoto(d, s, box);
    case 'color_fill':
    case 'rectangle':
      d.page.drawSvgPath(roundedRect(box.width, box.height, s.cornerRadius), {
        ...origin,
        color: colorOf(s.fillColor),
        opacity: s.opacity,
      });
      return;
    case 'dashed_box':
      d.page.drawSvgPath(roundedRect(box.width, box.height, s.cornerRadius), {
        ...origin,
        borderColor: colorOf(s.fillColor),
        borderOpacity: s.opacity,
        borderWidth: PDF_DASHED_BORDER_WIDTH,
        borderDashArray: [s.dashSize, s.dashSpace],
      });
      return;
    case 'qr_code':
      return drawQr(d, s, box);
    default:
      return drawText(d, s, box);
  }
}

/** Draws the sections, in their order, on a new A4 page; the file's bytes. */
export async function drawPdf(
  db: Db,
  sections: readonly FilledSection[],
  values: PdfCardValues,
  firstPhoto: string | null,
  options: CardPdfOptions,
  store: PdfStoreFonts = PDF_STORE_FONTS_FALLBACK,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${values.title} — ${values.generatedId}`);
  doc.setProducer('Tern');
  doc.setCreator('Tern');
  const page = doc.addPage([PDF_PAGE_WIDTH, PDF_PAGE_HEIGHT]);
  const d: Drawing = {
    db,
    doc,
    page,
    values,
    photos: new Map(),
    embedded: new Map(),
    options,
    firstPhoto,
    store,
  };
  for (const s of [...sections].sort((a, b) => a.position - b.position)) await drawSection(d, s);
  // Without object streams, so every reader opens it.
  return doc.save({ useObjectStreams: false });
}

const webUrlOf = (options: CardPdfOptions) =>
  (options.webUrl ?? process.env.TERN_WEB_URL ?? '').trim().replace(/\/+$/, '');

/** The store a type's cards belong to: its slug (their address) and its fonts. */
export interface CardStore extends PdfStoreFonts {
  /** The store's slug, or the property's id when the property has no store (see `giftCardBookingUrl`). */
  slug: string;
}

/**
 * The store a type's cards belong to (document 2 §3; docs/decisions.md; core's `giftCardStoreOf`): the type's
 * first store, else its property's first active store (the oldest), else its first store of any status; without
 * any, Lato and the property's id in the address.
 */
export async function storeOfType(db: Db, typeId: string): Promise<CardStore> {
  const row = await db.one<{ title_font: string | null; text_font: string | null; slug: string }>(
    `select s.title_font, s.text_font, coalesce(s.slug, t.property_id::text) as slug
       from gift_card_types t
       left join stores s on s.id = t.store_ids[1]
                     or (s.property_id = t.property_id and not exists (select 1 from stores x where x.id = t.store_ids[1]))
      where t.id = $1
      order by (s.id = t.store_ids[1]) desc nulls last, (s.status = 'active') desc nulls last, s.created_at, s.id
      limit 1`,
    [typeId],
  );
  if (!row) throw notFound('gift_card_type_not_found');
  return row.title_font && row.text_font
    ? { slug: row.slug, titleFont: row.title_font, textFont: row.text_font }
    : { slug: row.slug, ...PDF_STORE_FONTS_FALLBACK };
}

interface CardRow {
  id: string;
  generated_id: string;
  title: string;
  name: string;
  expiration_date: string;
  gift_card_type_id: string;
  property_id: string;
  description: string;
  photos: string[];
  hotel_name: string;
  pickup_at_hotel: boolean;
  /** The buyer's message to the recipient (a store card's), else ''. */
  message: string;
}

async function cardRow(db: Db, cardId: string): Promise<CardRow> {
  const row = await db.one<CardRow>(
    `select c.id, c.generated_id, c.title, c.name, to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date,
        c.gift_card_type_id, c.property_id, t.description, t.photos, p.title as hotel_name, c.pickup_at_hotel,
        case when c.source_of_sale = 'store' then c.notes else '' end as message
       from gift_cards c
       join gift_card_types t on t.id = c.gift_card_type_id
       join properties p on p.id = c.property_id
      where c.id = $1`,
    [cardId],
  );
  if (!row) throw notFound('gift_card_not_found');
  return row;
}

/**
 * The text of a card's description section: a store card to pick up at the hotel says so, and the buyer's
 * message to the recipient comes before the type's description.
 */
export const cardPdfDescription = (
  card: Pick<CardRow, 'pickup_at_hotel' | 'hotel_name' | 'message' | 'description'>,
): string =>
  [
    card.pickup_at_hotel ? `To be picked up at ${card.hotel_name}.` : '',
    card.message,
    plainTextOf(card.description),
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n');

/** A card's booking address (what its QR code holds). */
export async function cardBookingUrl(db: Db, cardId: string, options: CardPdfOptions = {}): Promise<string> {
  const card = await cardRow(db, cardId);
  const store = await storeOfType(db, card.gift_card_type_id);
  return giftCardBookingUrl(webUrlOf(options), store.slug, card.generated_id);
}

/**
 * The PDF of an issued card (`gift-card-<code>.pdf`): its type's template and filled sections with the card's
 * title, recipient, code, last day, the type's description and photo, the hotel's name and a QR code of its
 * booking address. 404 `gift_card_not_found` for no such card (the caller checks whose it is).
 */
export async function renderCardPdf(db: Db, cardId: string, options: CardPdfOptions = {}): Promise<PdfFile> {
  const card = await cardRow(db, cardId);
  const { sections } = await sectionsOfType(db, card.property_id, card.gift_card_type_id);
  const { slug, ...store } = await storeOfType(db, card.gift_card_type_id);
  const values: PdfCardValues = {
    title: card.title,
    recipient: card.name,
    generatedId: card.generated_id,
    description: cardPdfDescription(card),
    expiration: card.expiration_date,
    bookingUrl: giftCardBookingUrl(webUrlOf(options), slug, card.generated_id),
    hotelName: card.hotel_name,
  };
  const bytes = await drawPdf(db, sections, values, card.photos[0] ?? null, options, store);
  return { bytes, fileName: `gift-card-${card.generated_id}.pdf` };
}

/**
 * The PDF of a type with a sample card (the preview of the type form): its title, description, photo and
 * validity (its absolute date, or the period from today), a sample recipient and code.
 */
export async function renderTypePreviewPdf(
  db: Db,
  typeId: string,
  today: string,
  options: CardPdfOptions = {},
): Promise<PdfFile> {
  const type = await db.one<{
    id: string;
    property_id: string;
    title: string;
    description: string;
    photos: string[];
    hotel_name: string;
    expiration: string;
  }>(
    `select t.id, t.property_id, t.title, t.description, t.photos, p.title as hotel_name,
        to_char(case when t.expiration_type = 1 then t.absolute_expiration_date
          else ($2::date + (t.expiration_duration || ' ' || t.expiration_unit)::interval)::date end,
          'YYYY-MM-DD') as expiration
       from gift_card_types t join properties p on p.id = t.property_id
      where t.id = $1`,
    [typeId, today],
  );
  if (!type) throw notFound('gift_card_type_not_found');
  const { sections } = await sectionsOfType(db, type.property_id, type.id);
  const { slug, ...store } = await storeOfType(db, type.id);
  const values: PdfCardValues = {
    title: type.title,
    recipient: PDF_SAMPLE_RECIPIENT,
    generatedId: PDF_SAMPLE_CODE,
    description: plainTextOf(type.description),
    expiration: type.expiration,
    bookingUrl: giftCardBookingUrl(webUrlOf(options), slug, PDF_SAMPLE_CODE),
    hotelName: type.hotel_name,
  };
  const bytes = await drawPdf(db, sections, values, type.photos[0] ?? null, options, store);
  return { bytes, fileName: `gift-card-preview-${type.id}.pdf` };
}

/** The QR code of a card's booking address: a PNG (10 pixels a module) or an SVG. */
export async function renderCardQr(
  db: Db,
  cardId: string,
  format: QrFormat,
  options: CardPdfOptions = {},
): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  const url = await cardBookingUrl(db, cardId, options);
  const card = await cardRow(db, cardId);
  const fileName = `gift-card-${card.generated_id}-qr.${format}`;
  if (format === 'svg') {
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { bytes: new TextEncoder().encode(svg), fileName, contentType: 'image/svg+xml' };
  }
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 10 });
  return { bytes: new Uint8Array(png), fileName, contentType: 'image/png' };
}

/** A file reply: its bytes, type and name (a download). */
export function fileResponse(bytes: Uint8Array, contentType: string, fileName: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

import { ApiError, type FilledSectionInput, type TernClient } from '@tern/sdk';
import jsQRImport from 'jsqr';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawableText } from '../src/services/giftCards/pdf.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Gift-card PDFs (issue 12; document 3 §3, §5, §7): the built-in templates, a type's filled sections (defaults,
// saved, refused out of their limits), the type's preview, a card's PDF (a real PDF, fonts embedded) and its QR
// code (decoded back to the booking address), and another company's hotelier refused each of them.

// jsqr is CommonJS: under NodeNext its default import is typed as the module, at run time it is the function.
const jsQR = jsQRImport as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;
const WEB = 'https://tern.example';
let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let typeId: string;
let card: { id: string; generatedId: string };

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
};
type FileReply = { blob: Blob; fileName: string | null };
const bytesOf = async (reply: unknown) => new Uint8Array(await (reply as FileReply).blob.arrayBuffer());

beforeAll(async () => {
  server = await startTestServer({ webUrl: WEB });
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  // A store of the property when stores exist (the demo seeds them), else any id (kept as given before them).
  const store = await server.db
    .one<{ id: string }>('select id from stores where property_id = $1 limit 1', [propertyId])
    .catch(() => null);
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId,
      title: 'Þrjár nætur við fjörðinn',
      description:
        '<p>Dinner &amp; breakfast</p><p>A long line of words that wraps in the box of the description.</p>',
      price: 120,
      limit: 10,
      storeIds: [store?.id ?? '7b0e6f1c-2a4d-4c8e-9f1a-3d5b6c7e8f90'],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
    },
  });
  typeId = type.id;
  const { cards } = await hotelier.giftCards.issue({
    params: { id: typeId },
    body: {
      propertyId,
      recipients: [{ rowKey: 'a', name: 'Jón (Tj) /Evil <</JS>> ✓', email: 'jon@example.com' }],
    },
  });
  card = cards[0]!;
}, 180_000);
afterAll(() => server?.close());

describe('templates', () => {
  it('lists the built-in templates with their sections, Classic the default', async () => {
    const { items } = await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } });
    expect(items.map((t) => [t.name, t.default, t.propertyId])).toEqual([
      ['Classic', true, null],
      ['Photo', false, null],
    ]);
    const kinds = new Set(items.flatMap((t) => t.pdfSections.map((s) => s.kind)));
    for (const kind of ['text', 'title', 'recipient', 'generated_id', 'qr_code', 'dashed_box', 'background'])
      expect(kinds.has(kind as never)).toBe(true);
    const header = items[0]!.pdfSections.find((s) => s.name === 'Header')!;
    expect(header).toMatchObject({ kind: 'text', fontSize: 65, text: 'Gift card' });
  });

  it('refuses a type naming a template that is not one of the property’s', async () => {
    const type = await hotelier.giftCards.getType({ params: { id: typeId }, query: { propertyId } });
    const refused = await refusal(
      hotelier.giftCards.createType({
        body: {
          propertyId,
          title: 'Other',
          description: '<p>x</p>',
          price: 10,
          limit: 1,
          storeIds: type.storeIds,
          ratePlans: type.ratePlans.map((r) => ({ roomTypeId: r.roomTypeId, ratePlanId: r.ratePlanId })),
          pdfTemplateId: '00000000-0000-4000-8000-000000000002',
        },
      }),
    );
    expect(refused).toEqual({ status: 404, code: 'pdf_template_not_found' });
  });

  it('refuses a template id that names none', async () => {
    expect(
      await refusal(
        hotelier.giftCardPdfs.getTemplate({
          params: { id: '00000000-0000-4000-8000-000000000001' },
          query: { propertyId },
        }),
      ),
    ).toEqual({ status: 404, code: 'pdf_template_not_found' });
  });
});

describe('filled sections', () => {
  const toInput = (s: FilledSectionInput & Record<string, unknown>): FilledSectionInput => ({
    pdfSectionId: s.pdfSectionId,
    text: s.text,
    font: s.font,
    fontSize: s.fontSize,
    textAlign: s.textAlign,
    fillColor: s.fillColor,
    opacity: s.opacity,
    padding: s.padding,
    cornerRadius: s.cornerRadius,
    dashSize: s.dashSize,
    dashSpace: s.dashSpace,
    stretch: s.stretch,
    visible: s.visible,
    photoUrl: s.photoUrl,
  });

  it('gives the template’s defaults until saved, then what was saved; the type prints with it', async () => {
    const { items } = await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } });
    const photo = items.find((t) => t.name === 'Photo')!;
    const before = await hotelier.giftCardPdfs.getFilledSections({
      params: { id: typeId, templateId: photo.id },
      query: { propertyId },
    });
    expect(before.chosen).toBe(false);
    expect(before.sections.every((s) => s.id === null)).toBe(true);

    const sections = before.sections.map((s) => toInput(s as never));
    const header = before.sections.findIndex((s) => s.name === 'Header');
    sections[header] = { ...sections[header]!, text: 'Gjafabréf', fontSize: 50, fillColor: '#FFCC00' };
    const saved = await hotelier.giftCardPdfs.putFilledSections({
      params: { id: typeId, templateId: photo.id },
      body: { propertyId, sections },
    });
    expect(saved.chosen).toBe(true);
    expect(saved.sections[header]).toMatchObject({ text: 'Gjafabréf', fontSize: 50, fillColor: '#ffcc00' });
    expect(saved.sections.every((s) => s.id !== null)).toBe(true);
    const type = await hotelier.giftCards.getType({ params: { id: typeId }, query: { propertyId } });
    expect(type.pdfTemplateId).toBe(photo.id);
  });

  it('refuses sections out of their limits, a text section without text, a missing or foreign section', async () => {
    const { items } = await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } });
    const [classic, photo] = items as [(typeof items)[0], (typeof items)[0]];
    const { sections: filled } = await hotelier.giftCardPdfs.getFilledSections({
      params: { id: typeId, templateId: classic.id },
      query: { propertyId },
    });
    const sections = filled.map((s) => toInput(s as never));
    const header = filled.findIndex((s) => s.name === 'Header');
    const put = (changed: FilledSectionInput[], templateId = classic.id) =>
      refusal(
        hotelier.giftCardPdfs.putFilledSections({
          params: { id: typeId, templateId },
          body: { propertyId, sections: changed },
        }),
      );
    const withHeader = (change: Partial<FilledSectionInput>) =>
      sections.map((s, i) => (i === header ? { ...s, ...change } : s));
    expect((await put(withHeader({ fontSize: 101 }))).status).toBe(400);
    expect((await put(withHeader({ opacity: 1.5 }))).status).toBe(400);
    expect((await put(withHeader({ padding: { top: 842, bottom: 0, left: 0, right: 0 } }))).status).toBe(400);
    expect((await put(withHeader({ cornerRadius: 361 }))).status).toBe(400);
    expect((await put(withHeader({ text: '   ' }))).status).toBe(400);
    expect((await put(withHeader({ padding: { top: 500, bottom: 400, left: 0, right: 0 } }))).status).toBe(
      400,
    );
    expect((await put(withHeader({ photoUrl: '/photos/uploads/not-mine.png' }))).status).toBe(400);
    expect(await put(sections.slice(1))).toMatchObject({ status: 400, code: 'invalid_input' });
    // Classic's sections under the Photo template: not its sections.
    expect((await put(sections, photo.id)).status).toBe(400);
    const after = await hotelier.giftCardPdfs.getFilledSections({
      params: { id: typeId, templateId: classic.id },
      query: { propertyId },
    });
    expect(after.sections.every((s) => s.id === null)).toBe(true);
  });
});

describe('PDF files', () => {
  it('makes a card’s PDF: one A4 page, its fonts embedded, a file name with its code', async () => {
    const reply = (await hotelier.giftCardPdfs.cardPdf({
      params: { id: card.id },
      query: { propertyId },
    })) as unknown as FileReply;
    expect(reply.fileName).toBe(`gift-card-${card.generatedId}.pdf`);
    const bytes = new Uint8Array(await reply.blob.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toContain('/FontFile2');
    expect(text).toMatch(/\/BaseFont \/PlayfairDisplay-Regular-\d+/);
    expect(text).toMatch(/\/BaseFont \/Lato-Regular-\d+/);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([595, 842]);
    // The embedded font files are real streams with bytes.
    const fontFiles = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
      .map((d) => doc.context.lookup((d as PDFDict).get(PDFName.of('FontFile2'))))
      .filter((f) => f instanceof PDFRawStream && f.getContents().length > 1000);
    expect(fontFiles.length).toBeGreaterThan(0);
  });

  it('makes the type’s preview with a sample card', async () => {
    const reply = (await hotelier.giftCardPdfs.typePreview({
      params: { id: typeId },
      query: { propertyId },
    })) as unknown as FileReply;
    expect(reply.fileName).toBe(`gift-card-preview-${typeId}.pdf`);
    const bytes = await bytesOf(reply);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('gives the QR code of the card’s booking address as a PNG that decodes to it, or as SVG', async () => {
    const png = await bytesOf(
      await hotelier.giftCardPdfs.cardQr({ params: { id: card.id }, query: { propertyId } }),
    );
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(`${WEB}/booking/${card.generatedId}`);
    const svg = new TextDecoder().decode(
      await bytesOf(
        await hotelier.giftCardPdfs.cardQr({ params: { id: card.id }, query: { propertyId, format: 'svg' } }),
      ),
    );
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('refuses another company’s hotelier the card’s PDF, its QR code, the type’s preview and sections', async () => {
    expect(
      await refusal(rival.giftCardPdfs.cardPdf({ params: { id: card.id }, query: { propertyId } })),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(rival.giftCardPdfs.cardQr({ params: { id: card.id }, query: { propertyId } })),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(rival.giftCardPdfs.typePreview({ params: { id: typeId }, query: { propertyId } })),
    ).toMatchObject({ status: 404 });
    const { items } = await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } });
    expect(
      await refusal(
        rival.giftCardPdfs.getFilledSections({
          params: { id: typeId, templateId: items[0]!.id },
          query: { propertyId },
        }),
      ),
    ).toMatchObject({ status: 404 });
  });
});

describe('drawable text', () => {
  it('keeps what the font draws, drops control characters and marks what it lacks', () => {
    const has = (cp: number) => cp < 0x250;
    expect(drawableText('Jón\u0000\u0007 ✓\r\nÞór\tx', has)).toBe('Jón ?\nÞór x');
  });
});

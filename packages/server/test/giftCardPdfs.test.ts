import { pdfEditorErrors, pdfLookOf } from '@tern/core/giftCards';
import type { ApiError, FilledSectionInput, TernClient } from '@tern/sdk';
import jsQRImport from 'jsqr';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawableText } from '../src/services/giftCards/pdf.js';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Gift-card PDFs (document 3 §3, §5, §7): the built-in templates, a type's filled sections (defaults,
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

const refusal = refusedWith;
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
    // No text of theirs meets a dashed box's border (it would print struck through), nor breaks another rule.
    for (const template of items)
      expect(
        pdfEditorErrors({
          own: true,
          ...template,
          isDefault: template.default,
          sections: template.pdfSections.map((s) => ({ ...s, key: s.id })),
        }),
        template.name,
      ).toEqual({});
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
    ...pdfLookOf(s),
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
    // "How to use" moved up across the code box's bottom border: it would print struck through.
    const info = filled.findIndex((s) => s.name === 'How to use');
    const struck = sections.map((s, i) =>
      i === info ? { ...s, padding: { top: 680, bottom: 142, left: 60, right: 300 } } : s,
    );
    const crossing = await hotelier.giftCardPdfs
      .putFilledSections({
        params: { id: typeId, templateId: classic.id },
        body: { propertyId, sections: struck },
      })
      .catch((error: unknown) => error as ApiError);
    expect(crossing).toMatchObject({ status: 400, code: 'invalid_input' });
    expect((crossing as ApiError).fields.map((f) => f.field)).toEqual([`sections.${info}.box`]);
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
    // The store's redemption page, the store's slug in it (document 3 §2.1), which the web app serves.
    const slug = (await server.db.one<{ slug: string }>(
      'select s.slug from gift_card_types t join stores s on s.id = t.store_ids[1] where t.id = $1',
      [typeId],
    ))!.slug;
    expect(decoded?.data).toBe(`${WEB}/${slug}/booking/${card.generatedId}`);
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

describe('the store’s fonts', () => {
  const fontsIn = async (reply: unknown) =>
    [
      ...new TextDecoder('latin1')
        .decode(await bytesOf(reply))
        .matchAll(/\/BaseFont \/[A-Z]{6}\+([A-Za-z0-9-]+)|\/BaseFont \/([A-Za-z0-9-]+?)-\d+\b/g),
    ]
      .map((m) => m[1] ?? m[2])
      .filter((f): f is string => f !== undefined);
  const storeOf = async () =>
    (await hotelier.giftCards.getType({ params: { id: typeId }, query: { propertyId } })).storeIds[0]!;

  it('prints the header, title and body text in the fonts of the type’s first store, embedded', async () => {
    const store = await storeOf();
    const before = await fontsIn(
      await hotelier.giftCardPdfs.cardPdf({ params: { id: card.id }, query: { propertyId } }),
    );
    // The demo store: Playfair Display for titles, Lato for text.
    expect(before).toEqual(expect.arrayContaining(['PlayfairDisplay-Regular', 'Lato-Regular']));
    await server.db.query(
      `update stores set title_font = 'Poppins', text_font = 'Roboto Mono' where id = $1`,
      [store],
    );
    try {
      const after = await fontsIn(
        await hotelier.giftCardPdfs.cardPdf({ params: { id: card.id }, query: { propertyId } }),
      );
      expect(after).toEqual(expect.arrayContaining(['Poppins-Regular', 'RobotoMono-Regular']));
      expect(after).not.toContain('PlayfairDisplay-Regular');
      expect(after).not.toContain('Lato-Regular');
      // A section that picks its own font keeps it (the code and the hotel's name: Montserrat Bold).
      expect(after).toContain('Montserrat-Bold');
      // Any font of the list is embedded as itself (not one of the eight shipped before), but the Ubuntu ones
      // (their licence), in Fira Sans; the card's Icelandic title (Þ, á, æ, ö) needs no spare font in Lobster.
      await server.db.query(`update stores set title_font = 'Lobster', text_font = 'Ubuntu' where id = $1`, [
        store,
      ]);
      const lobster = await fontsIn(
        await hotelier.giftCardPdfs.cardPdf({ params: { id: card.id }, query: { propertyId } }),
      );
      expect(lobster).toEqual(expect.arrayContaining(['Lobster-Regular', 'FiraSans-Regular']));
      expect(lobster).not.toContain('NotoSans-Regular');
      expect(lobster.some((f) => f.startsWith('Ubuntu'))).toBe(false);
      // Nanum Gothic has no accented letter: the title's print in the spare font (Noto Sans), the rest in Nanum.
      await server.db.query(`update stores set title_font = 'Nanum Gothic' where id = $1`, [store]);
      const nanum = await fontsIn(
        await hotelier.giftCardPdfs.typePreview({ params: { id: typeId }, query: { propertyId } }),
      );
      expect(nanum).toEqual(expect.arrayContaining(['NanumGothic', 'NotoSans-Regular', 'FiraSans-Regular']));
    } finally {
      await server.db.query(
        `update stores set title_font = 'Playfair Display', text_font = 'Lato' where id = $1`,
        [store],
      );
    }
  });
});

describe('the property’s own templates', () => {
  const look = {
    text: '',
    font: 'store_text' as const,
    fontSize: 14,
    textAlign: 'left' as const,
    fillColor: '#223344',
    opacity: 1,
    padding: { top: 40, bottom: 700, left: 40, right: 40 },
    cornerRadius: 0,
    dashSize: 6,
    dashSpace: 4,
    stretch: false,
    visible: true,
    photoUrl: null,
  };

  it('are made, changed, chosen by a type, duplicated and deleted; refused out of §5’s limits', async () => {
    const made = await hotelier.giftCardPdfs.createTemplate({
      body: {
        propertyId,
        name: 'Winter',
        pdfSections: [
          { ...look, kind: 'color_fill', name: 'Page', padding: { top: 0, bottom: 0, left: 0, right: 0 } },
          { ...look, kind: 'text', name: 'Greeting', text: 'Gleðileg jól', font: 'Roboto Mono Bold' },
        ],
      },
    });
    expect(made).toMatchObject({ name: 'Winter', propertyId, default: false });
    expect(made.pdfSections.map((s) => [s.kind, s.name, s.position])).toEqual([
      ['color_fill', 'Page', 0],
      ['text', 'Greeting', 1],
    ]);
    const { items } = await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } });
    expect(items.map((t) => t.name)).toEqual(['Classic', 'Photo', 'Winter']);

    // Core's rules of §5: a text section needs its text; sizes and paddings within their ranges.
    const bad = await refusal(
      hotelier.giftCardPdfs.createTemplate({
        body: {
          propertyId,
          name: 'Bad',
          pdfSections: [
            { ...look, kind: 'text', name: 'Empty', text: '  ' },
            {
              ...look,
              kind: 'title',
              name: 'No room',
              padding: { top: 500, bottom: 400, left: 0, right: 0 },
            },
          ],
        },
      }),
    );
    expect(bad.status).toBe(400);
    // A text across a dashed box's border (core's pdfBorderErrors), refused as the editor refuses it.
    const crossing = await hotelier.giftCardPdfs
      .createTemplate({
        body: {
          propertyId,
          name: 'Struck',
          pdfSections: [
            {
              ...look,
              kind: 'dashed_box',
              name: 'Box',
              padding: { top: 100, bottom: 642, left: 60, right: 300 },
            },
            {
              ...look,
              kind: 'text',
              name: 'Across',
              text: 'Across',
              padding: { top: 190, bottom: 632, left: 60, right: 300 },
            },
          ],
        },
      })
      .catch((error: unknown) => error as ApiError);
    expect((crossing as ApiError).fields.map((f) => f.field)).toEqual(['pdfSections.1.box']);
    expect(
      (
        (await refusal(
          hotelier.giftCardPdfs.createTemplate({
            body: {
              propertyId,
              name: 'Big',
              pdfSections: [{ ...look, kind: 'title', name: 'T', fontSize: 101 }],
            },
          }),
        )) as { status: number }
      ).status,
    ).toBe(400);

    // Changed: the greeting kept (its id), the page removed, a title added; the type prints with it.
    const greeting = made.pdfSections[1]!;
    const changed = await hotelier.giftCardPdfs.updateTemplate({
      params: { id: made.id },
      body: {
        propertyId,
        name: 'Winter 2026',
        giftCardTypeId: typeId,
        pdfSections: [
          {
            ...look,
            kind: 'title',
            name: 'Title',
            font: 'store_title',
            padding: { top: 100, bottom: 600, left: 40, right: 40 },
          },
          { ...greeting, id: greeting.id, text: 'Gleðileg jól og farsælt nýtt ár' },
        ],
      },
    });
    expect(changed.name).toBe('Winter 2026');
    expect(changed.pdfSections.map((s) => [s.kind, s.position])).toEqual([
      ['title', 0],
      ['text', 1],
    ]);
    expect(changed.pdfSections[1]).toMatchObject({
      id: greeting.id,
      text: 'Gleðileg jól og farsælt nýtt ár',
    });
    const type = await hotelier.giftCards.getType({ params: { id: typeId }, query: { propertyId } });
    expect(type.pdfTemplateId).toBe(made.id);
    const preview = new TextDecoder('latin1').decode(
      await bytesOf(
        await hotelier.giftCardPdfs.typePreview({ params: { id: typeId }, query: { propertyId } }),
      ),
    );
    expect(preview).toMatch(/\/BaseFont \/[A-Z]*\+?RobotoMono-Bold/);
    expect(preview).toMatch(/\/BaseFont \/[A-Z]*\+?PlayfairDisplay-Regular/);

    // A section id of another template is refused.
    const classic = items.find((t) => t.name === 'Classic')!;
    expect(
      await refusal(
        hotelier.giftCardPdfs.updateTemplate({
          params: { id: made.id },
          body: {
            propertyId,
            name: 'X',
            pdfSections: [{ ...classic.pdfSections[0]!, id: classic.pdfSections[0]!.id }],
          },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_input' });
    // A built-in template is not changed, nor deleted: it is duplicated.
    expect(
      await refusal(
        hotelier.giftCardPdfs.updateTemplate({
          params: { id: classic.id },
          body: { propertyId, name: 'Mine', pdfSections: [{ ...look, kind: 'info', name: 'I', text: 'x' }] },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'pdf_template_built_in' });
    expect(
      await refusal(
        hotelier.giftCardPdfs.deleteTemplate({ params: { id: classic.id }, query: { propertyId } }),
      ),
    ).toMatchObject({ status: 409, code: 'pdf_template_built_in' });
    const copy = await hotelier.giftCardPdfs.duplicateTemplate({
      params: { id: classic.id },
      body: { propertyId },
    });
    expect(copy).toMatchObject({ name: 'Classic (copy)', propertyId, default: false });
    expect(copy.pdfSections.map((s) => s.kind)).toEqual(classic.pdfSections.map((s) => s.kind));
    // Duplicated with a type: the copy takes the type's look of it (its header saved as “Gjafabréf” above).
    const photo = items.find((t) => t.name === 'Photo')!;
    const withLook = await hotelier.giftCardPdfs.duplicateTemplate({
      params: { id: photo.id },
      body: { propertyId, name: 'Photo, ours', giftCardTypeId: typeId },
    });
    expect(withLook.pdfSections.find((s) => s.name === 'Header')).toMatchObject({
      text: 'Gjafabréf',
      fontSize: 50,
    });
    await hotelier.giftCardPdfs.deleteTemplate({ params: { id: withLook.id }, query: { propertyId } });

    // In use by the type: not deleted until the type prints with another.
    expect(
      await refusal(hotelier.giftCardPdfs.deleteTemplate({ params: { id: made.id }, query: { propertyId } })),
    ).toMatchObject({ status: 409, code: 'pdf_template_in_use' });
    await hotelier.giftCardPdfs.updateTemplate({
      params: { id: copy.id },
      body: {
        propertyId,
        name: copy.name,
        default: true,
        giftCardTypeId: typeId,
        pdfSections: copy.pdfSections.map((s) => ({ ...s, id: s.id })),
      },
    });
    await hotelier.giftCardPdfs.deleteTemplate({ params: { id: made.id }, query: { propertyId } });
    const left = await hotelier.giftCardPdfs.listTemplates({ query: { propertyId } });
    expect(left.items.map((t) => [t.name, t.default])).toEqual([
      ['Classic', false],
      ['Photo', false],
      ['Classic (copy)', true],
    ]);
  });

  it('are out of reach of another company’s hotelier', async () => {
    const mine = await hotelier.giftCardPdfs.createTemplate({
      body: {
        propertyId,
        name: 'Private',
        pdfSections: [{ ...look, kind: 'info', name: 'I', text: 'Ours' }],
      },
    });
    const rivalProperty = (await server.db.one<{ property_id: string }>(
      `select pu.property_id from property_users pu join users u on u.id = pu.user_id
        where u.email = 'hotelier2@demo.tern.test' limit 1`,
    ))!.property_id;
    // Each call made in its turn (a call is sent when made).
    for (const call of [
      () => rival.giftCardPdfs.getTemplate({ params: { id: mine.id }, query: { propertyId: rivalProperty } }),
      () =>
        rival.giftCardPdfs.deleteTemplate({ params: { id: mine.id }, query: { propertyId: rivalProperty } }),
      () =>
        rival.giftCardPdfs.duplicateTemplate({
          params: { id: mine.id },
          body: { propertyId: rivalProperty },
        }),
      () =>
        rival.giftCardPdfs.updateTemplate({
          params: { id: mine.id },
          body: {
            propertyId: rivalProperty,
            name: 'Taken',
            pdfSections: [{ ...look, kind: 'info', name: 'I', text: 'x' }],
          },
        }),
      () => rival.giftCardPdfs.deleteTemplate({ params: { id: mine.id }, query: { propertyId } }),
    ])
      expect(await refusal(call())).toMatchObject({ status: 404 });
    const { items } = await rival.giftCardPdfs.listTemplates({ query: { propertyId: rivalProperty } });
    expect(items.map((t) => t.id)).not.toContain(mine.id);
    await hotelier.giftCardPdfs.deleteTemplate({ params: { id: mine.id }, query: { propertyId } });
  });
});

describe('drawable text', () => {
  it('keeps what the font draws, drops control characters and marks what it lacks', () => {
    const has = (cp: number) => cp < 0x250;
    expect(drawableText('Jón\u0000\u0007 ✓\r\nÞór\tx', has)).toBe('Jón ?\nÞór x');
  });
});

import { todayIn } from '@tern/core/dates';
import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import { fontFileResponse, shippedFontList } from '../services/giftCards/fonts.js';
import {
  fileResponse,
  renderCardPdf,
  renderCardQr,
  renderTypePreviewPdf,
} from '../services/giftCards/pdf.js';
import {
  createPdfTemplate,
  deletePdfTemplate,
  duplicatePdfTemplate,
  getFilledSections,
  getPdfTemplate,
  listPdfTemplates,
  putFilledSections,
  updatePdfTemplate,
} from '../services/giftCards/pdfTemplates.js';
import { fileStoreFor } from '../services/uploads/fileStore.js';

// Gift-card PDFs: templates, a type's filled sections, the type's preview and each card's PDF and QR code;
// `owns` has resolved the property (one the caller works at) and the type or card (of it).

const pdfOptions = (ctx: RequestContext) => ({
  webUrl: ctx.config.webUrl,
  files: fileStoreFor(ctx.config, ctx.db, (m, e) => ctx.logger.error(m, e)),
});
const PDF = 'application/pdf';

export const giftCardPdfsHandlers: AreaHandlers<Contract['giftCardPdfs']> = {
  listTemplates: ({ owned }, ctx) => listPdfTemplates(ctx.db, owned.propertyId.id),
  getTemplate: ({ params, owned }, ctx) => getPdfTemplate(ctx.db, owned.propertyId.id, params.id),
  createTemplate: ({ body, owned }, ctx) => createPdfTemplate(ctx.db, ctx, owned.propertyId.id, body),
  updateTemplate: ({ params, body, owned }, ctx) =>
    updatePdfTemplate(ctx.db, ctx, owned.propertyId.id, params.id, body),
  duplicateTemplate: ({ params, body, owned }, ctx) =>
    duplicatePdfTemplate(ctx.db, ctx, owned.propertyId.id, params.id, body),
  deleteTemplate: ({ params, owned }, ctx) => deletePdfTemplate(ctx.db, ctx, owned.propertyId.id, params.id),
  getFilledSections: ({ params, owned }, ctx) =>
    getFilledSections(ctx.db, owned.propertyId.id, params.id, params.templateId),
  putFilledSections: ({ params, body, owned }, ctx) =>
    putFilledSections(ctx.db, ctx, owned.propertyId.id, params.id, params.templateId, body),
  typePreview: async ({ params, owned }, ctx) => {
    const today = todayIn(owned.propertyId.timezone, ctx.clock.now());
    const file = await renderTypePreviewPdf(ctx.db, params.id, today, pdfOptions(ctx));
    return fileResponse(file.bytes, PDF, file.fileName);
  },
  cardPdf: async ({ params }, ctx) => {
    const file = await renderCardPdf(ctx.db, params.id, pdfOptions(ctx));
    return fileResponse(file.bytes, PDF, file.fileName);
  },
  cardQr: async ({ params, query }, ctx) => {
    const file = await renderCardQr(ctx.db, params.id, query.format, pdfOptions(ctx));
    return fileResponse(file.bytes, file.contentType, file.fileName);
  },
  fonts: () => shippedFontList(),
  font: ({ params, query }) => fontFileResponse(params.file, query.v),
};

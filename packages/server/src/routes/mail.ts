import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { findMail, listMails, mailAttachment } from '../services/mail.js';

/** The outbox: admins only, anyone in sandbox mode (the contract's `sandboxPublic`, checked by `authorize`). */
export const mailHandlers: AreaHandlers<Contract['mail']> = {
  list: ({ query }, ctx) => listMails(ctx.db, query),
  show: async ({ params }, ctx) => {
    const mail = await findMail(ctx.db, params.id);
    if (!mail) throw notFound('mail_not_found');
    return mail;
  },
  attachment: async ({ params }, ctx) => {
    const file = await mailAttachment(ctx.db, params.id, params.position);
    if (!file) throw notFound('mail_not_found');
    return new Response(file.content as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'content-type': file.contentType,
        'content-length': String(file.content.byteLength),
        'content-disposition': `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  },
};

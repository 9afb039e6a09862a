import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { findMail, listMails } from '../services/mail.js';

/** The outbox: admins only, anyone in sandbox mode (the contract's `sandboxPublic`, checked by `authorize`). */
export const mailHandlers: AreaHandlers<Contract['mail']> = {
  list: ({ query }, ctx) => listMails(ctx.db, query),
  show: async ({ params }, ctx) => {
    const mail = await findMail(ctx.db, params.id);
    if (!mail) throw notFound('mail_not_found');
    return mail;
  },
};

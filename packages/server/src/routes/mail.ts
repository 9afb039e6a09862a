import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { findMail, listMails } from '../services/mail.js';

/** The outbox holds reset links and codes: outside the sandbox it does not exist. */
function sandboxOnly(ctx: RequestContext): void {
  if (!ctx.config.sandbox) throw notFound();
}

export const mailHandlers: AreaHandlers<Contract['mail']> = {
  list: ({ query }, ctx) => {
    sandboxOnly(ctx);
    return listMails(ctx.db, query);
  },
  show: async ({ params }, ctx) => {
    sandboxOnly(ctx);
    const mail = await findMail(ctx.db, params.id);
    if (!mail) throw notFound('There is no such e-mail in the outbox');
    return mail;
  },
};

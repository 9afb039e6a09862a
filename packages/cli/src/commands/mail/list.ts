import { ForbiddenError, NotFoundError, UnauthorizedError } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatTable } from '../../output.js';

export interface MailListOptions {
  to?: string;
  kind?: string;
  page?: number;
  limit?: number;
}

export const OUTBOX_CLOSED =
  'The outbox is closed to you on this server: it is an admin’s (sign in as one), or open to anyone when the server runs with --sandbox';

/** `tern mail list`: the sandbox outbox, newest first. `--json` prints the SDK's `{ items, meta }`. */
export async function listMail(ctx: Context, options: MailListOptions): Promise<void> {
  await withClient(ctx, { session: 'optional' }, async ({ client }) => {
    const reply = await client.mail
      .list({
        query: {
          ...(options.to ? { to: options.to } : {}),
          ...(options.kind ? { kind: options.kind } : {}),
          page: options.page ?? 1,
          limit: options.limit ?? 10,
        },
      })
      .catch((error: unknown) => {
        throw error instanceof NotFoundError ||
          error instanceof UnauthorizedError ||
          error instanceof ForbiddenError
          ? new UserError(OUTBOX_CLOSED, { code: 'outbox_closed' })
          : error;
      });
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No e-mails.\n';
      const table = formatTable(
        ['ID', 'SENT', 'TO', 'KIND', 'SUBJECT'],
        items.map((m) => [m.id, m.createdAt, m.to, m.kind, m.subject]),
      );
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${table}${last} of ${meta.total}${more}. Read one with \`tern mail show ID\`.\n`;
    });
  });
}

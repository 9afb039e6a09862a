import { ForbiddenError, NotFoundError, UnauthorizedError } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatFields } from '../../output.js';

/** `tern mail show ID`: one e-mail of the sandbox outbox, its text below its headers. */
export async function showMail(ctx: Context, id: string): Promise<void> {
  await withClient(ctx, { session: 'optional' }, async ({ client }) => {
    const mail = await client.mail.show({ params: { id } }).catch((error: unknown) => {
      throw error instanceof NotFoundError ||
        error instanceof UnauthorizedError ||
        error instanceof ForbiddenError
        ? new UserError(
            `No e-mail ${id} in the outbox (or the outbox is closed to you: it is an admin’s, or anyone’s with --sandbox)`,
            {
              code: 'not_found',
              status: 404,
            },
          )
        : error;
    });
    ctx.out.result(
      mail,
      () =>
        `${formatFields([
          ['ID', mail.id],
          ['Sent', mail.createdAt],
          ['To', mail.to],
          ['Kind', mail.kind],
          ['Subject', mail.subject],
        ])}\n${mail.text.replace(/\n?$/, '\n')}`,
    );
  });
}

import { withClient } from '../../client.js';
import { withoutSession } from '../../config.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';

/** Codes meaning the server no longer has the session: signing out still clears it here. */
const GONE = new Set(['session_expired', 'session_invalid']);

/** `tern logout`: ends the session on the server, then forgets the token, even when the server had ended it. */
export async function logout(ctx: Context): Promise<void> {
  const config = await ctx.config.load();
  if (!config.token) {
    ctx.out.result({ signedOut: false, email: null }, () => 'Not signed in: nothing to do.\n');
    return;
  }
  let ended = true;
  try {
    await withClient(ctx, { session: true }, ({ client }) => client.auth.signOut());
  } catch (error) {
    if (!(error instanceof UserError && GONE.has(error.code))) throw error;
    ended = false;
  }
  await ctx.config.update(withoutSession);
  const email = config.email ?? null;
  ctx.out.result({ signedOut: true, email }, () =>
    ended
      ? `Signed out${email ? ` ${email}` : ''}.\n`
      : `Signed out${email ? ` ${email}` : ''} (the session had already ended on the server).\n`,
  );
}

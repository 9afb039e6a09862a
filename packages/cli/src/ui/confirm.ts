import { createInterface } from 'node:readline/promises';
import type { Context } from '../context.js';
import { Interrupted, UserError } from '../errors.js';

/**
 * Asks y/N on a terminal before something that cannot be undone (cancel a booking, remove rooms, end a
 * contract). Without a terminal, or with `--json`, it never prompts: `--yes` says yes, and without it the
 * command fails naming the flag. Ctrl+C at the question exits 130.
 */
export async function confirmed(ctx: Context, question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  if (!ctx.io.isTTY || ctx.json)
    throw new UserError(`${question} Pass --yes to confirm without a terminal`, {
      code: 'confirmation_needed',
    });
  const rl = createInterface({
    input: ctx.io.stdin,
    output: ctx.io.stderr as NodeJS.WritableStream,
    terminal: true,
  });
  const interrupted = new Promise<never>((_, reject) => rl.once('SIGINT', () => reject(new Interrupted())));
  try {
    const answer = await Promise.race([rl.question(`${question} [y/N] `), interrupted]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

import { type Command, InvalidArgumentError } from 'commander';
import type { ContextOf } from '../../context.js';

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new InvalidArgumentError('Use a whole number from 1');
  return n;
}

/**
 * `tern api-keys list|create NAME [--scope read|book] [--last-day DAY]|disable ID` (document 2 §2 API keys; an
 * agent's): keys for the agency's backends. `create` prints the whole key once.
 */
export function registerApiKeys(program: Command, contextOf: ContextOf): void {
  const keys = program.command('api-keys').description("your agency's API keys (for integrators' backends)");
  keys
    .command('list')
    .description('list the agency’s keys, newest first, 10 a page (masked)')
    .option('--page <n>', 'the page to show', positive)
    .action((options: { page?: number }, command: Command) =>
      import('./apiKeys.js').then((m) => m.listApiKeys(contextOf(command), options)),
    );
  keys
    .command('create')
    .description('make a key; its whole token is printed this once')
    .argument('<name>', 'what the key is for, e.g. "Booking backend"')
    .option(
      '--scope <scope>',
      'read (search, prices, bookings: no changes) or book (also book, change, cancel)',
      'read',
    )
    .option(
      '--last-day <day>',
      'the last day the key works (YYYY-MM-DD, your time zone); without it, it does not expire',
    )
    .action((name: string, options: { scope: string; lastDay?: string }, command: Command) =>
      import('./apiKeys.js').then((m) => m.createApiKey(contextOf(command), name, options)),
    );
  keys
    .command('disable')
    .description('disable a key at once (it cannot be turned on again)')
    .argument('<id>', 'the key’s id from `tern api-keys list`')
    .option('-y, --yes', 'do not ask for confirmation')
    .action((id: string, options: { yes?: boolean }, command: Command) =>
      import('./apiKeys.js').then((m) => m.disableApiKey(contextOf(command), id, options)),
    );
}

import { type Command, InvalidArgumentError } from 'commander';
import type { ContextOf } from '../../context.js';
import type { MailListOptions } from './list.js';

function positive(max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`Use a whole number from 1 to ${max}`);
    return n;
  };
}

/** `tern mail list`, `tern mail show ID`: the e-mails of the sandbox outbox (codes, reset links, bookings). */
export function registerMail(program: Command, contextOf: ContextOf): void {
  const mail = program.command('mail').description('the e-mails Tern sent (the sandbox outbox)');
  mail
    .command('list')
    .description('list e-mails, newest first')
    .option('--to <email>', 'only those sent to this address')
    .option('--kind <kind>', 'only this kind: otp_code, password_reset, …')
    .option('--page <n>', 'the page to show', positive(100_000))
    .option('--limit <n>', 'e-mails per page (default 10)', positive(1000))
    .action((options: MailListOptions, command: Command) =>
      import('./list.js').then((m) => m.listMail(contextOf(command), options)),
    );
  mail
    .command('show')
    .description('show one e-mail with its text')
    .argument('<id>', 'the id from `tern mail list`')
    .action((id: string, _options: unknown, command: Command) =>
      import('./show.js').then((m) => m.showMail(contextOf(command), id)),
    );
}

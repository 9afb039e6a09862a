import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { LoginOptions } from './login.js';

// Each command's code is imported when it runs: `tern --help` loads none of it (see scripts/bundle.mjs).

/** `tern login`, `tern logout`, `tern auth token`, `tern whoami`. */
export function registerAuth(program: Command, contextOf: ContextOf): void {
  program
    .command('login')
    .description('sign in; on a terminal a form asks for the e-mail, password and, when asked, the code')
    .option('--email <email>', 'the e-mail address to sign in with')
    .option('--password-stdin', 'read the password from standard input (no prompt)')
    .option('--otp <code>', 'the one-time code e-mailed after the previous attempt')
    .option('--remember', 'stay signed in for 30 days instead of 12 hours')
    .action((options: LoginOptions, command: Command) =>
      import('./login.js').then((m) => m.login(contextOf(command), options)),
    );

  program
    .command('logout')
    .description('sign out: ends the session on the server and forgets the token')
    .action((_options: unknown, command: Command) =>
      import('./logout.js').then((m) => m.logout(contextOf(command))),
    );

  program
    .command('auth')
    .description('the session: `tern auth token` prints its token (for TERN_TOKEN or a script)')
    .command('token')
    .description('print the token in use: TERN_TOKEN when set, else the stored session for the API')
    .action((_options: unknown, command: Command) =>
      import('./token.js').then((m) => m.printToken(contextOf(command))),
    );

  program
    .command('whoami')
    .description('who is signed in: name, e-mail, role, agency or properties')
    .action((_options: unknown, command: Command) =>
      import('./whoami.js').then((m) => m.whoami(contextOf(command))),
    );
}

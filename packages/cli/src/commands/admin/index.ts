import { type Command, InvalidArgumentError } from 'commander';
import type { ContextOf } from '../../context.js';

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new InvalidArgumentError('Use a whole number from 1');
  return n;
}
function onOff(value: string): boolean {
  if (value !== 'on' && value !== 'off') throw new InvalidArgumentError('Use on or off');
  return value === 'on';
}
const collect = (value: string, previous: string[] = []) => [...previous, value];
type AdminModule = typeof import('./admin.js');
/** A switch of one object: `<name> <id> <on|off>`, run with the loaded module. */
function onOffCommand(
  parent: Command,
  contextOf: ContextOf,
  load: () => Promise<AdminModule>,
  spec: { name: string; description: string; id: string },
  run: (m: AdminModule, ctx: ReturnType<ContextOf>, id: string, on: boolean) => Promise<void>,
): void {
  parent
    .command(spec.name)
    .description(spec.description)
    .argument('<id>', spec.id)
    .argument('<on|off>', 'on or off', onOff)
    .action((id: string, on: boolean, _flags: unknown, command: Command) =>
      load().then((m) => run(m, contextOf(command), id, on)),
    );
}

export interface ListFlags {
  search?: string;
  all?: boolean;
  page?: number;
}
export interface UserAddFlags {
  email: string;
  name: string;
  reseller?: string;
  property?: string[];
  notifications?: boolean;
  passwordStdin?: boolean;
}
export interface ResellerAddFlags {
  name: string;
  email: string;
  phone: string;
  country: string;
  city?: string;
  address?: string;
  zip?: string;
  taxId?: string;
  legalName?: string;
  invoiceEmail?: string;
  externalId?: string;
}
export interface PropertyAddFlags {
  name: string;
  email: string;
  pms: string;
  type: string;
  channexId: string;
  timezone?: string;
  phone?: string;
  city?: string;
  country?: string;
  storeIcelandicOnly?: boolean;
}

/**
 * `tern admin users|resellers|properties …` (document 2's admin page, an admin's) and `tern users …` (a
 * manager's users of one property): lists of 50 a page, adding, blocking, lock overrides — all with `--json`.
 */
export function registerAdmin(program: Command, contextOf: ContextOf): void {
  const load = () => import('./admin.js');
  const admin = program.command('admin').description('the admin page: users, resellers, properties (admins)');

  const users = admin.command('users').description('every user');
  users
    .command('list')
    .description('list users by e-mail, 50 a page (active only unless --all)')
    .option('--search <text>', 'only those whose e-mail or name has this')
    .option('--all', 'blocked users too')
    .option('--page <n>', 'the page to show', positive)
    .action((flags: ListFlags, command: Command) =>
      load().then((m) => m.listUsers(contextOf(command), flags)),
    );
  users
    .command('add')
    .description('add a user; the password is read from stdin (--password-stdin)')
    .requiredOption('--email <email>', 'their e-mail (their sign-in)')
    .requiredOption('--name <name>', 'their name')
    .option('--reseller <id>', 'make them an agent of this reseller (agency) instead of a supplier')
    .option(
      '--property <id[:role]>',
      'a property they work at, as user (default) or manager; repeat',
      collect,
    )
    .option('--no-notifications', 'no booking notification e-mails')
    .option('--password-stdin', 'read the password from stdin')
    .action((flags: UserAddFlags, command: Command) =>
      load().then((m) => m.addUser(contextOf(command), flags)),
    );
  for (const [name, status] of [
    ['block', 'blocked'],
    ['unblock', 'active'],
  ] as const)
    users
      .command(name)
      .description(
        name === 'block' ? 'block a user: they are signed out at once' : 'let a blocked user in again',
      )
      .argument('<user>', 'their id or e-mail')
      .option('-y, --yes', 'do not ask for confirmation')
      .action((user: string, flags: { yes?: boolean }, command: Command) =>
        load().then((m) => m.setUserStatus(contextOf(command), user, status, flags)),
      );

  users
    .command('edit')
    .description("change a user's name, e-mail or booking notifications")
    .argument('<user>', 'their id or e-mail')
    .option('--name <name>', 'their name')
    .option('--email <email>', 'their e-mail (their sign-in)')
    .option('--notifications', 'booking notification e-mails')
    .option('--no-notifications', 'no booking notification e-mails')
    .action(
      (user: string, flags: { name?: string; email?: string; notifications?: boolean }, command: Command) =>
        load().then((m) => m.editUser(contextOf(command), user, flags)),
    );
  users
    .command('reset')
    .description('mail a user a link to choose a new password themselves (preferred over `password`)')
    .argument('<user>', 'their id or e-mail')
    .action((user: string, _flags: unknown, command: Command) =>
      load().then((m) => m.sendReset(contextOf(command), user, {})),
    );
  users
    .command('password')
    .description(
      "set a user's one-time password (read from stdin): they choose their own at their next sign-in",
    )
    .argument('<user>', 'their id or e-mail')
    .option('--password-stdin', 'read the password from stdin')
    .action((user: string, flags: { passwordStdin?: boolean }, command: Command) =>
      load().then((m) => m.setPassword(contextOf(command), user, flags)),
    );
  users
    .command('history')
    .description("a user's history, newest first: who did what, when, from where")
    .argument('<user>', 'their id or e-mail')
    .option('--page <n>', 'the page to show', positive)
    .action((user: string, flags: { page?: number }, command: Command) =>
      load().then((m) => m.userHistory(contextOf(command), user, flags)),
    );

  const resellers = admin.command('resellers').description('every reseller (agency)');
  resellers
    .command('list')
    .description('list resellers by name, 50 a page')
    .option('--search <text>', 'only those whose name, e-mail or external id has this')
    .option('--page <n>', 'the page to show', positive)
    .action((flags: ListFlags, command: Command) =>
      load().then((m) => m.listResellers(contextOf(command), flags)),
    );
  resellers
    .command('add')
    .description('add a reseller')
    .requiredOption('--name <name>', 'its name')
    .requiredOption('--email <email>', 'its e-mail')
    .requiredOption('--phone <phone>', 'its phone (digits)')
    .requiredOption('--country <country>', 'its country')
    .option('--address <address>', 'its street address')
    .option('--city <city>', 'its city')
    .option('--zip <zip>', 'its postcode')
    .option('--tax-id <id>', 'its tax id')
    .option('--legal-name <name>', 'its legal name')
    .option('--invoice-email <email>', 'where invoices go')
    .option('--external-id <id>', 'its id in your own systems')
    .action((flags: ResellerAddFlags, command: Command) =>
      load().then((m) => m.addReseller(contextOf(command), flags)),
    );
  onOffCommand(
    resellers,
    contextOf,
    load,
    {
      name: 'lock-override',
      description: 'lift (on) or restore (off) an unpaid reseller’s payment lock',
      id: 'the reseller',
    },
    (m, ctx, id, on) => m.lockOverride(ctx, 'reseller', id, on),
  );

  const properties = admin.command('properties').description('every property');
  properties
    .command('list')
    .description('list properties by name, 50 a page')
    .option('--search <text>', 'only those whose name or e-mail has this')
    .option('--page <n>', 'the page to show', positive)
    .action((flags: ListFlags, command: Command) =>
      load().then((m) => m.listProperties(contextOf(command), flags)),
    );
  properties
    .command('add')
    .description('add a property (with a supplier company of its own)')
    .requiredOption('--name <name>', 'its name')
    .requiredOption('--email <email>', 'its e-mail')
    .requiredOption('--pms <pms>', 'booking_factory, godo_property, cenium, infor or beds_24')
    .requiredOption('--type <type>', 'vehicle, or a lodging type: hotel, hostel, guest_house, apartment, …')
    .requiredOption('--channex-id <id>', 'its Channex property id')
    .option('--timezone <zone>', 'its IANA time zone (default UTC)')
    .option('--phone <phone>', 'its phone')
    .option('--city <city>', 'its city')
    .option('--country <country>', 'its country')
    .option('--store-icelandic-only', 'its gift store in Icelandic only, with no language menu')
    .action((flags: PropertyAddFlags, command: Command) =>
      load().then((m) => m.addProperty(contextOf(command), flags)),
    );
  onOffCommand(
    properties,
    contextOf,
    load,
    {
      name: 'icelandic-only',
      description:
        'put the property’s gift store in Icelandic only, with no language menu (on), or not (off)',
      id: 'the property',
    },
    (m, ctx, id, on) => m.storeIcelandicOnly(ctx, id, on),
  );
  onOffCommand(
    properties,
    contextOf,
    load,
    {
      name: 'lock-override',
      description: 'lift (on) or restore (off) an unpaid property’s payment lock',
      id: 'the property',
    },
    (m, ctx, id, on) => m.lockOverride(ctx, 'property', id, on),
  );

  const mine = program.command('users').description("a property's users (its managers')");
  mine
    .command('list')
    .description('list the property’s users, 50 a page')
    .requiredOption('--property <id>', 'a property you manage')
    .option('--search <text>', 'only those whose e-mail or name has this')
    .option('--all', 'blocked users too')
    .option('--page <n>', 'the page to show', positive)
    .action((flags: ListFlags & { property: string }, command: Command) =>
      load().then((m) => m.listUsers(contextOf(command), flags)),
    );
  mine
    .command('add')
    .description('add a user to the property (the password from stdin)')
    .requiredOption('--property <id>', 'a property you manage')
    .requiredOption('--email <email>', 'their e-mail')
    .requiredOption('--name <name>', 'their name')
    .option('--manager', 'as a manager of the property')
    .option('--no-notifications', 'no booking notification e-mails')
    .option('--password-stdin', 'read the password from stdin')
    .action((flags: UserAddFlags & { property: string; manager?: boolean }, command: Command) =>
      load().then((m) => m.addUser(contextOf(command), flags)),
    );
  for (const [name, status] of [
    ['block', 'blocked'],
    ['unblock', 'active'],
  ] as const)
    mine
      .command(name)
      .description(name === 'block' ? 'block a user of the property' : 'let them in again')
      .argument('<user>', 'their id or e-mail')
      .requiredOption('--property <id>', 'a property you manage')
      .option('-y, --yes', 'do not ask for confirmation')
      .action((user: string, flags: { yes?: boolean; property: string }, command: Command) =>
        load().then((m) => m.setUserStatus(contextOf(command), user, status, flags)),
      );
  mine
    .command('edit')
    .description('change the name or booking notifications of a user of the property')
    .argument('<user>', 'their id or e-mail')
    .requiredOption('--property <id>', 'a property you manage')
    .option('--name <name>', 'their name')
    .option('--notifications', 'booking notification e-mails')
    .option('--no-notifications', 'no booking notification e-mails')
    .action(
      (user: string, flags: { name?: string; notifications?: boolean; property: string }, command: Command) =>
        load().then((m) => m.editUser(contextOf(command), user, flags)),
    );
  mine
    .command('reset')
    .description('mail a user of the property a link to choose a new password (preferred over `password`)')
    .argument('<user>', 'their id or e-mail')
    .requiredOption('--property <id>', 'a property you manage')
    .action((user: string, flags: { property: string }, command: Command) =>
      load().then((m) => m.sendReset(contextOf(command), user, flags)),
    );
  mine
    .command('password')
    .description('set a one-time password (read from stdin) of a user of the property')
    .argument('<user>', 'their id or e-mail')
    .requiredOption('--property <id>', 'a property you manage')
    .option('--password-stdin', 'read the password from stdin')
    .action((user: string, flags: { passwordStdin?: boolean; property: string }, command: Command) =>
      load().then((m) => m.setPassword(contextOf(command), user, flags)),
    );
}

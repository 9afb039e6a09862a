import type { Command } from 'commander';

/**
 * What every command's `--help` shows besides its own options, as gh's does: the inherited global
 * options (`--api-url`, `--json`, …) and an example. The main commands' examples are written here, by the command's
 * path; any other command shows its usage with placeholders, so a new command has an example from the start.
 */
const EXAMPLES: Record<string, string> = {
  login: 'tern login --email you@example.com --password-stdin < password.txt',
  whoami: 'tern whoami --json',
  'auth token': 'TERN_TOKEN=$(tern auth token) ./my-script.sh',
  use: 'tern use 54251ebd-aa47-46fa-a341-41c7af0109fb',
  'search stays': 'tern search stays --city Reykjavik --checkin 2026-06-01 --checkout 2026-06-04 --adults 2',
  'search cars': 'tern search cars --city Reykjavik --pickup-date 2026-06-01 --dropoff-date 2026-06-05',
  places: 'tern places reykja',
  'property rates': 'tern property rates PROPERTY_ID --checkin 2026-06-01 --checkout 2026-06-04',
  'book stay':
    'tern book stay PROPERTY_ID --checkin 2026-06-01 --checkout 2026-06-04 --room RATE_ID --surname Jónsson --email jon@example.com --accept-policies',
  'book car': 'tern book car --query QUERY_ID --offer OFFER_ID --accept-policies',
  'bookings list': 'tern bookings list --from 2026-06-01 --to 2026-06-30 --status new --json',
  'bookings show': 'tern bookings show TRN-12345',
  'bookings cancel': 'tern bookings cancel TRN-12345 --yes',
  'contracts list': 'tern contracts list --json',
  'api-keys create': 'tern api-keys create "Booking backend" --scope book',
  'promo-codes create':
    'tern promo-codes create --property PROPERTY_ID --name "Winter sale" --code WINTER --percent 10',
  'gift-cards issue':
    'tern gift-cards issue --property PROPERTY_ID --type TYPE_ID --recipients recipients.csv',
  'gift-cards list': 'tern gift-cards list --property PROPERTY_ID --json',
  'gift-cards export': 'tern gift-cards export --property PROPERTY_ID --out cards.xlsx',
  'inventory get': 'tern inventory get --property PROPERTY_ID --from 2026-06-01 --to 2026-06-30',
  'inventory set': 'tern inventory set --property PROPERTY_ID --from 2026-06-01 --to 2026-06-30 --price 120',
  'users list': 'tern users list --property PROPERTY_ID',
  'admin resellers add':
    'tern admin resellers add --name "Fjord Travel" --email hello@fjord.example --phone 4790000000 --country NO --external-id CRM-77',
  api: 'tern api bookings.list --field status=new --json',
  completion: 'tern completion bash >> ~/.bashrc',
};

/** The path of a command under `tern` (`bookings list`). */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** An example from the command's arguments, as placeholders (`tern bookings history BOOKING`). */
function usageExample(command: Command, path: string): string {
  const args = command.registeredArguments.map((a) => (a.required ? a.name().toUpperCase() : null));
  return ['tern', path, ...args.filter((a): a is string => a !== null)].join(' ');
}

/** The example each command's help ends with (exported for the test that every command has one). */
export function exampleOf(command: Command): string {
  const path = pathOf(command);
  return EXAMPLES[path] ?? usageExample(command, path);
}

/** Gives every command under `program` the global options and an example in its help. */
export function addHelpExtras(program: Command): void {
  const visit = (command: Command) => {
    for (const sub of command.commands) {
      sub.configureHelp({ ...sub.configureHelp(), showGlobalOptions: true });
      // A group (`tern bookings`) lists its commands; the leaves carry the examples.
      if (sub.commands.length === 0) sub.addHelpText('after', () => `\nExample:\n  $ ${exampleOf(sub)}\n`);
      visit(sub);
    }
  };
  visit(program);
}

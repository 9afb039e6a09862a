import { type Command, InvalidArgumentError } from 'commander';
import type { ContextOf } from '../../context.js';
import { dayFlag } from '../../dayFlag.js';
import { propertyOption } from '../../property.js';

const day = dayFlag();
function count(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('Use a whole number from 0');
  return n;
}
function amount(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('Use a number of at least 0');
  return n;
}
const collect = (value: string, previous: string[] = []) => [...previous, value];

export interface InventoryGetFlags {
  property: string;
  from: string;
  to: string;
  unit?: string[];
  plan?: string[];
}

export interface InventorySetFlags {
  property: string;
  from?: string;
  to?: string;
  weekdays?: string;
  unit?: string[];
  plan?: string[];
  price?: number;
  increase?: string;
  decrease?: string;
  availability?: number;
  stopSell?: boolean;
  open?: boolean;
  cta?: boolean;
  ctd?: boolean;
  minStay?: number;
  minStayThrough?: number;
  maxStay?: string;
  occupancyRate?: string[];
  preview?: boolean;
  fromFile?: string;
  idempotencyKey?: string;
}

const KEY_HELP =
  'the same key changes once: a rerun after a lost reply gets the first answer (default: a new key, kept for the call’s own retries)';

/** `tern inventory get|set|undo --property ID`: the inventory calendar from a script. */
export function registerInventory(program: Command, contextOf: ContextOf): void {
  const inventory = program
    .command('inventory')
    .description("a property's availability, prices and restrictions per night (its staff)");
  inventory
    .command('get')
    .description(
      'the calendar: rooms in all, booked and free per unit and night; price and restrictions per plan',
    )
    .addOption(propertyOption())
    .requiredOption('--from <day>', 'first night (YYYY-MM-DD)', day)
    .requiredOption('--to <day>', 'last night (YYYY-MM-DD; at most a year after --from)', day)
    .option('--unit <id>', 'only this unit (room type); repeat for more', collect)
    .option('--plan <id>', 'only this rate plan; repeat for more', collect)
    .action((options: InventoryGetFlags, command: Command) =>
      import('./get.js').then((m) => m.getInventory(contextOf(command), options)),
    );
  inventory
    .command('set')
    .description('a bulk edit over a range and weekdays, or many rows from a file (--from-file)')
    .addOption(propertyOption())
    .option('--from <day>', 'first night (YYYY-MM-DD, from the property’s today)', day)
    .option('--to <day>', 'last night (YYYY-MM-DD)', day)
    .option('--weekdays <days>', 'only these days: mon,tue,… or 1–7 (Monday 1)')
    .option(
      '--unit <id>',
      'only this unit; repeat for more (default: every unit, or the plans’ units)',
      collect,
    )
    .option('--plan <id>', 'only this rate plan; repeat for more (default: the units’ plans)', collect)
    .option('--price <amount>', 'set the price', amount)
    .option('--increase <n>', 'raise the price by an amount, or a percentage with % (10%)')
    .option('--decrease <n>', 'lower the price by an amount, or a percentage with % (10%)')
    .option(
      '--availability <rooms>',
      'rooms in all per night (free + booked; never below what is booked)',
      count,
    )
    .option('--stop-sell', 'stop selling')
    .option('--open', 'sell again (undoes --stop-sell)')
    .option('--cta', 'closed to arrival')
    .option('--no-cta', 'open to arrival')
    .option('--ctd', 'closed to departure')
    .option('--no-ctd', 'open to departure')
    .option('--min-stay <nights>', 'minimum stay for an arrival that night', count)
    .option('--min-stay-through <nights>', 'minimum stay through that night', count)
    .option('--max-stay <nights>', 'maximum stay (a number, or none)')
    .option(
      '--occupancy-rate <adults=rate>',
      'a manual per-person plan’s rate for that many adults (2=95; 2=none removes it); repeat for more',
      collect,
    )
    .option('--preview', 'show what would change, and change nothing')
    .option('--from-file <file>', 'rows for the bulk call: .csv or .ndjson (see docs/cli.md)')
    .option('--idempotency-key <key>', KEY_HELP)
    .action((options: InventorySetFlags, command: Command) =>
      import('./set.js').then((m) => m.setInventory(contextOf(command), options)),
    );
  inventory
    .command('undo')
    .description('take back the property’s last change (a set or a file)')
    .addOption(propertyOption())
    .option('--idempotency-key <key>', KEY_HELP)
    .action((options: { property: string; idempotencyKey?: string }, command: Command) =>
      import('./set.js').then((m) =>
        m.undoInventory(contextOf(command), options.property, options.idempotencyKey),
      ),
    );
}

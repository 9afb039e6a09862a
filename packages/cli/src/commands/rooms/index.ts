import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ContextOf } from '../../context.js';
import { propertyOption } from '../../property.js';
import type { PlanFlags } from './ratePlans.js';
import type { UnitFlags } from './rooms.js';

function whole(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < min || n > 10_000)
      throw new InvalidArgumentError(`Use a whole number from ${min}`);
    return n;
  };
}
function amount(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError('Use an amount of at least 0');
  return n;
}

/** The unit form's flags (create and update). */
function unitFlags(command: Command): Command {
  return command
    .option('--title <text>', 'the name guests see')
    .addOption(new Option('--kind <kind>', 'room (the default) or dorm').choices(['room', 'dorm']))
    .option('--rooms <n>', 'how many rooms of this type (default 1)', whole(1))
    .option('--adults <n>', 'adults a room holds (default 2)', whole(1))
    .option('--children <n>', 'children a room holds (default 0)', whole(0))
    .option('--infants <n>', 'infants a room holds (default 0)', whole(0))
    .option(
      '--default-occupancy <n>',
      'persons a room is usually sold for (at most adults + children)',
      whole(1),
    )
    .option('--description <text>', 'the description');
}

/** The rate plan form's flags (create and update); the rest from `--from-file`. */
function planFlags(command: Command): Command {
  return command
    .option('--title <text>', 'the name agents see')
    .option(
      '--rate <amount>',
      "the nightly rate, in the property's currency (a per-room plan's only option)",
      amount,
    )
    .option(
      '--meal <type>',
      'the meal type, e.g. room_only, breakfast (see `tern api roomsAndRates.ratePlanOptions`)',
    )
    .option('--cancellation-policy <id>', "one of the property's cancellation policies")
    .option('--min-stay <n>', 'minimum stay on arrival, every day of the week', whole(1))
    .option('--max-sell <n>', 'rooms it sells a night at most', whole(0))
    .option('--children-fee <amount>', 'per child and night', amount)
    .option('--infant-fee <amount>', 'per infant and night', amount)
    .option(
      '--from-file <file>',
      "a JSON object of the plan form's fields (options, week arrays, …); flags win",
    );
}

/** `tern rooms …` and `tern rate-plans …` (a property's staff): the rooms-and-rates page's drawers. */
export function registerRooms(program: Command, contextOf: ContextOf): void {
  const rooms = program
    .command('rooms')
    .description("a property's units (room types): list, create, update, delete");
  rooms
    .command('list')
    .description('the units with their ids, rooms, occupancy and how many rate plans sell each')
    .addOption(propertyOption())
    .action((options: { property: string }, command: Command) =>
      import('./rooms.js').then((m) => m.listUnits(contextOf(command), options)),
    );
  unitFlags(
    rooms
      .command('create')
      .description("add a unit: its rooms are free on every day at once (core's unit rules checked first)")
      .addOption(propertyOption()),
  )
    .addHelpText(
      'after',
      '\nExample:\n  tern rooms create --title "Double room" --rooms 8 --adults 2 --children 1',
    )
    .action((options: UnitFlags, command: Command) =>
      import('./rooms.js').then((m) => m.saveUnit(contextOf(command), null, options)),
    );
  unitFlags(
    rooms
      .command('update')
      .description('change a unit: only the flags given change')
      .argument('<unit>', 'the unit id (`tern rooms list`)')
      .addOption(propertyOption()),
  )
    .addHelpText('after', '\nExample:\n  tern rooms update UNIT_ID --rooms 10')
    .action((unit: string, options: UnitFlags, command: Command) =>
      import('./rooms.js').then((m) => m.saveUnit(contextOf(command), unit, options)),
    );
  rooms
    .command('delete')
    .description('remove a unit and its rate plans (refused while a booking of it stands)')
    .argument('<unit>', 'the unit id')
    .addOption(propertyOption())
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExample:\n  tern rooms delete UNIT_ID --yes')
    .action((unit: string, options: { property: string; yes?: boolean }, command: Command) =>
      import('./rooms.js').then((m) => m.deleteUnit(contextOf(command), unit, options)),
    );

  const plans = program
    .command('rate-plans')
    .description("a unit's rate plans: list, create, update, delete");
  plans
    .command('list')
    .description("a unit's rate plans with their ids, rate, meal and sell mode")
    .addOption(propertyOption())
    .requiredOption('--unit <id>', 'the unit (`tern rooms list`)')
    .action((options: { property: string; unit: string }, command: Command) =>
      import('./ratePlans.js').then((m) => m.listRatePlans(contextOf(command), options)),
    );
  planFlags(
    plans
      .command('create')
      .description(
        'add a plan to a unit (per room, manual rate unless the file says otherwise); it sells at once',
      )
      .addOption(propertyOption())
      .requiredOption('--unit <id>', 'the unit it sells (`tern rooms list`)'),
  )
    .addHelpText(
      'after',
      '\nExample:\n  tern rate-plans create --unit UNIT_ID --title "Flexible" --rate 180 --meal breakfast',
    )
    .action((options: PlanFlags, command: Command) =>
      import('./ratePlans.js').then((m) => m.saveRatePlan(contextOf(command), null, options)),
    );
  planFlags(
    plans
      .command('update')
      .description(
        'change a plan: only the flags given change (a changed rate is written to every coming night)',
      )
      .argument('<plan>', 'the plan id (`tern rate-plans list`)')
      .addOption(propertyOption()),
  )
    .addHelpText('after', '\nExample:\n  tern rate-plans update PLAN_ID --rate 200')
    .action((plan: string, options: PlanFlags, command: Command) =>
      import('./ratePlans.js').then((m) => m.saveRatePlan(contextOf(command), plan, options)),
    );
  plans
    .command('delete')
    .description('remove a plan (refused while plans inherit from it or a booking of it stands)')
    .argument('<plan>', 'the plan id')
    .addOption(propertyOption())
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExample:\n  tern rate-plans delete PLAN_ID --yes')
    .action((plan: string, options: { property: string; yes?: boolean }, command: Command) =>
      import('./ratePlans.js').then((m) => m.deleteRatePlan(contextOf(command), plan, options)),
    );
}

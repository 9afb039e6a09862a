import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { PlacesOptions } from './list.js';

export function registerPlaces(program: Command, contextOf: ContextOf): void {
  program
    .command('places')
    .description(
      'car rental destinations matching a term: cities, countries and stations (--stays: properties)',
    )
    .argument('<term>', 'part of a name, e.g. "reyk"')
    .option('--stays', 'stay destinations (cities, countries, properties) instead of car rentals')
    .option('--limit <n>', 'how many, 1 to 50 (default 10)')
    .action((term: string, options: PlacesOptions, command: Command) =>
      import('./list.js').then((m) => m.places(contextOf(command), term, options)),
    );
}

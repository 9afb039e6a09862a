import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { propertyOption } from '../../property.js';

/** `tern stores list|show --property ID` (document 2 §3 gift-card store settings; a property's staff). */
export function registerStores(program: Command, contextOf: ContextOf): void {
  const stores = program.command('stores').description("a property's gift-card stores");
  stores
    .command('list')
    .description('list the property’s stores: name, status, public address, pickup')
    .addOption(propertyOption())
    .action((options: { property: string }, command: Command) =>
      import('./stores.js').then((m) => m.listStores(contextOf(command), options)),
    );
  stores
    .command('show')
    .description('one store’s settings and the gift card types it sells, by priority')
    .argument('<id>', 'the store (see `tern stores list`)')
    .addOption(propertyOption())
    .action((id: string, options: { property: string }, command: Command) =>
      import('./stores.js').then((m) => m.showStore(contextOf(command), id, options)),
    );
}

import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';

/** `tern use [PROPERTY] [--clear]`: the default `--property` for the API (see property.ts). */
export function registerUse(program: Command, contextOf: ContextOf): void {
  program
    .command('use')
    .description('set the default --property for this API (`tern use` alone prints it; --clear forgets it)')
    .argument('[property]', 'the property id (`tern whoami` lists yours)')
    .option('--clear', 'forget the default property for this API')
    .addHelpText('after', '\nExample:\n  tern use 9f1c…   then `tern inventory get` needs no --property')
    .action((property: string | undefined, options: { clear?: boolean }, command: Command) =>
      import('./use.js').then((m) => m.use(contextOf(command), property, options)),
    );
}

import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';

export interface ApiFlags {
  field?: string[];
  rawField?: string[];
  data?: string;
  out?: string;
  idempotencyKey?: string;
  help?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `tern api [OPERATION]`: any endpoint of the contract, as `gh api` reaches any of GitHub's. Its list, its help
 * (fields, who may call it) and its input's validation come from the contract (`@tern/sdk`), loaded only when the
 * command runs, so a new endpoint needs no command of its own and `tern --help` stays quick.
 */
export function registerApi(program: Command, contextOf: ContextOf): void {
  program
    .command('api')
    .description(
      'call any endpoint of the Tern API by its operation (`tern api` lists them; OPERATION --help)',
    )
    .argument(
      '[operation]',
      'the operation, as AREA.NAME (e.g. giftCards.createType) — `tern api` lists them',
    )
    .option(
      '-F, --field <key=value>',
      'a field: JSON values typed (12, true, null, [..]), else text; a.b nests, a[] appends',
      collect,
    )
    .option('-f, --raw-field <key=value>', 'a field whose value is always text', collect)
    .option('--data <json>', 'the body as JSON, or @FILE, or @- for standard input (fields are added to it)')
    .option('--out <file>', 'where a download (a file reply) is written')
    .option('--idempotency-key <key>', 'for an operation that creates: the same key makes it once')
    .helpOption(false)
    .option('-h, --help', 'the list of operations, or the help of OPERATION')
    .action((operation: string | undefined, flags: ApiFlags, command: Command) =>
      import('./run.js').then((m) => m.runApi(contextOf(command), operation, flags, command)),
    );
}

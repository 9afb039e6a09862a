import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';

/** `tern completion bash|zsh|fish`: a completion script for the shell, made from the command tree. */
export function registerCompletion(program: Command, contextOf: ContextOf): void {
  program
    .command('completion')
    .description('print a shell completion script: bash, zsh or fish (see the README for where it goes)')
    .argument('<shell>', 'bash, zsh or fish')
    .action((shell: string, _options: unknown, command: Command) =>
      import('./script.js').then((m) => m.printCompletion(contextOf(command), program, shell)),
    );
}

import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';

// Completion scripts made from commander's tree when asked: every command group, command and option tern has now,
// so a new command completes without editing a script. Bash's is a function of its own (zsh loads it through
// bashcompinit); fish's is a list of `complete` lines.

interface Node {
  /** Words from the root, e.g. `book stay`. */
  path: string[];
  commands: { name: string; description: string }[];
  options: { flag: string; description: string }[];
}

/** Every command of the tree, with its subcommands and its options (the global ones at the root). */
export function commandTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const walk = (command: Command, path: string[]) => {
    nodes.push({
      path,
      commands: command.commands.map((c) => ({ name: c.name(), description: c.description() })),
      options: command.options
        .filter((o) => o.long)
        .map((o) => ({ flag: o.long!, description: o.description })),
    });
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return nodes;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function bashScript(program: Command): string {
  const nodes = commandTree(program);
  const globals = nodes[0]!.options.map((o) => o.flag);
  const cases = nodes
    .map((n) => {
      const words = [
        ...n.commands.map((c) => c.name),
        ...n.options.map((o) => o.flag),
        ...(n.path.length ? globals : []),
      ];
      return `    ${quote(n.path.join(' '))}) words=${quote([...new Set(words)].join(' '))} ;;`;
    })
    .join('\n');
  const children = nodes
    .filter((n) => n.commands.length)
    .map((n) => `    ${quote(n.path.join(' '))}) subs=${quote(n.commands.map((c) => c.name).join(' '))} ;;`)
    .join('\n');
  return `# tern completion for bash (and zsh through bashcompinit): eval "$(tern completion bash)"
_tern_subcommands() {
  case "$1" in
${children}
    *) subs='' ;;
  esac
}
_tern() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" subs words i w
  # The command's path: each word that names a subcommand of the path so far (option values are skipped).
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    _tern_subcommands "$path"
    case " $subs " in *" $w "*) path="\${path:+$path }$w" ;; esac
  done
  case "$path" in
${cases}
    *) words='' ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _tern tern
`;
}

export function zshScript(program: Command): string {
  return `# tern completion for zsh: eval "$(tern completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashScript(program).split('\n').slice(1).join('\n')}`;
}

export function fishScript(program: Command): string {
  const nodes = commandTree(program);
  const lines = [
    '# tern completion for fish: tern completion fish > ~/.config/fish/completions/tern.fish',
    'complete -c tern -f',
  ];
  const seen = (path: string[]) =>
    path.length === 0
      ? '__fish_use_subcommand'
      : path.map((w) => `__fish_seen_subcommand_from ${w}`).join('; and ');
  for (const n of nodes) {
    const below = n.commands.map((c) => c.name).join(' ');
    const here =
      n.path.length === 0
        ? seen([])
        : `${seen(n.path)}${below ? `; and not __fish_seen_subcommand_from ${below}` : ''}`;
    for (const c of n.commands)
      lines.push(`complete -c tern -n ${quote(here)} -a ${quote(c.name)} -d ${quote(c.description)}`);
    for (const o of n.options)
      lines.push(
        `complete -c tern${n.path.length ? ` -n ${quote(seen(n.path))}` : ''} -l ${o.flag.slice(2)} -d ${quote(o.description)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

export function printCompletion(ctx: Context, program: Command, shell: string): void {
  const scripts: Record<string, (p: Command) => string> = {
    bash: bashScript,
    zsh: zshScript,
    fish: fishScript,
  };
  const make = scripts[shell];
  if (!make)
    throw new UserError(`completion: name a shell: bash, zsh or fish (not “${shell}”)`, { code: 'usage' });
  ctx.io.stdout.write(make(program));
}

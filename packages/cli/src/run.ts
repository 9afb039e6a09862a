import { CommanderError } from 'commander';
import { bugLine, EXIT, errorJson, exitCodeOf, Interrupted, toUserError, UserError } from './errors.js';
import type { Io } from './io.js';
import { formatJson } from './output.js';
import { buildProgram } from './program.js';
import './errorWords.js';

/**
 * Runs `tern` with `argv` (the arguments after the program name) on `io`, in process, and returns the exit
 * code (see `EXIT`): 0 done, 1 the user's to fix, 2 a usage error, 70 a bug, 130 interrupted. Nothing is thrown
 * and `process` is never touched.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const json = argv.includes('--json');
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return report(error, io, json);
  }
}

/** The one top-level handler: a user error as one line (and JSON), a bug with a report hint. */
function report(error: unknown, io: Io, json: boolean): number {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return EXIT.ok;
    const message =
      error.code === 'commander.help'
        ? 'Name a command: `tern --help` lists them'
        : `${error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ')} (see \`tern --help\`)`;
    userLines(new UserError(message, { code: 'usage' }), io, json);
    return EXIT.usage;
  }
  if (error instanceof Interrupted) {
    io.stderr.write('Interrupted\n');
    if (json)
      io.stdout.write(formatJson({ error: { kind: 'user', code: 'interrupted', message: 'Interrupted' } }));
    return EXIT.interrupted;
  }
  const userError = toUserError(error, { apiUrl: '(unknown)', signedIn: false });
  if (userError) {
    userLines(userError, io, json);
    // Input refused before any call exits as commander's usage errors do (errors.ts: exitCodeOf).
    return exitCodeOf(userError);
  }
  io.stderr.write(`${bugLine(error)}\n`);
  if (io.env.TERN_DEBUG === '1' && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  if (json) io.stdout.write(formatJson(errorJson(null, error)));
  return EXIT.bug;
}

function userLines(error: UserError, io: Io, json: boolean): void {
  io.stderr.write(`Error: ${error.message}\n`);
  if (json && !error.resultPrinted) io.stdout.write(formatJson(errorJson(error, null)));
}

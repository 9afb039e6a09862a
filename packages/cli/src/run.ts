import { CommanderError } from 'commander';
import { bugLine, EXIT, errorJson, toUserError, UserError } from './errors.js';
import type { Io } from './io.js';
import { formatJson } from './output.js';
import { buildProgram } from './program.js';

/**
 * Runs `tern` with `argv` (the arguments after the program name) on `io`, in process, and returns the exit
 * code: 0 done, 1 the user's to fix, 2 a bug. Nothing is thrown and `process` is never touched.
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
    return report(new UserError(message, { code: 'usage' }), io, json);
  }
  const userError = toUserError(error, { apiUrl: '(unknown)', signedIn: false });
  if (userError) {
    io.stderr.write(`Error: ${userError.message}\n`);
    if (json) io.stdout.write(formatJson(errorJson(userError, null)));
    return EXIT.user;
  }
  io.stderr.write(`${bugLine(error)}\n`);
  if (io.env.TERN_DEBUG === '1' && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  if (json) io.stdout.write(formatJson(errorJson(null, error)));
  return EXIT.bug;
}

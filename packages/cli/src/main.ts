import { EXIT } from './errors.js';
import { processIo } from './io.js';
import { run } from './run.js';

// Run as `npm run tern -w @tern/cli -- …`, the process starts in packages/cli: the paths the user typed are
// relative to the folder they ran npm in (npm's INIT_CWD).
if (process.env.npm_lifecycle_event === 'tern' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

// Ctrl+C outside a raw-mode screen (during a call, at a y/N question without raw mode) is SIGINT: exit 130 as
// a shell expects. Inside an Ink screen the key is read as a key and `run` returns 130 itself.
process.once('SIGINT', () => {
  process.stderr.write('\nInterrupted\n');
  process.exit(EXIT.interrupted);
});
// A reader that stops early (`tern bookings list | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await run(process.argv.slice(2), processIo());

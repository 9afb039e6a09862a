import { EXIT } from './errors.js';
import { processIo } from './io.js';
import { run } from './run.js';

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

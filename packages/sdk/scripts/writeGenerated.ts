import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes a file generated from the contract; with `--check` on the command line, writes nothing and exits 1
 * when the checked-in file is not `text` (saying `stale`, which tells how to regenerate it).
 */
export function writeGenerated(target: string, text: string, stale: string): void {
  if (!process.argv.includes('--check')) {
    writeFileSync(target, text);
    console.log(`wrote ${target}`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.error(stale);
    process.exit(1);
  }
  console.log(`${target} is current`);
}

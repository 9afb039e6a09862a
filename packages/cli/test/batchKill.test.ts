import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, todayIso } from '@tern/core/dates';
import type { UnitWithRates } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli } from './helpers/cli.js';
import { openNights } from './helpers/openNights.js';
import { type ServerWithAgent, serverWithAgent } from './helpers/world.js';

// A batch killed (SIGKILL: no handler runs, a booking call may be in flight) and run again books every line once:
// what the killed run booked — even a booking whose reply it never read — is replayed by its line's key.

const cli = fileURLToPath(new URL('..', import.meta.url));
const world: ServerWithAgent = serverWithAgent();
const checkin = addDays(todayIso(Date.now()), 90);
let property: string;
let rateId: string;

beforeAll(async () => {
  const found = await tern(['search', 'stays', '--title', 'Harbour View', '--json']);
  property = JSON.parse(found.stdout).items[0].id;
  await openNights(world.server.url, property, checkin, 1);
  const rates = await tern([
    'property',
    'rates',
    property,
    '--checkin',
    checkin,
    '--checkout',
    addDays(checkin, 1),
    '--json',
  ]);
  rateId = (JSON.parse(rates.stdout).units as UnitWithRates[])
    .flatMap((u) => u.ratePlans)
    .find((r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy === 'none')!.id;
});
afterAll(removeTempDirs);

const tern = (argv: string[]) => runCli(argv, { configDir: world.agent });

describe('tern book stay --from-file, killed mid-batch', () => {
  it('run again after SIGKILL, books each line exactly once', async () => {
    const refs = Array.from({ length: 8 }, (_, i) => `KILL-${i + 1}`);
    const file = join(world.agent, 'kill.ndjson');
    await writeFile(
      file,
      `${refs
        .map((reference) =>
          JSON.stringify({
            property,
            checkin,
            checkout: addDays(checkin, 1),
            rooms: [{ rate: rateId, count: 1 }],
            customer: { surname: 'Killed', email: 'killed@example.com' },
            reference,
            acceptPolicies: true,
          }),
        )
        .join('\n')}\n`,
    );
    // The CLI in a process of its own (from its sources: bin.test.ts builds the bundle, and two builds at once
    // would race), killed once it has printed its second line's result.
    const child = spawn(process.execPath, [`${cli}bin/tern.js`, 'book', 'stay', '--from-file', file], {
      env: { ...process.env, TERN_TOKEN: '', TERN_CONFIG_DIR: world.agent, TERN_FROM_SOURCE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const killed = new Promise<string | null>((done) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if ((out.match(/^line \d+: /gm) ?? []).length >= 2) child.kill('SIGKILL');
      });
      child.on('exit', (_code, signal) => done(signal));
    });
    expect(await killed).toBe('SIGKILL');
    const before = (out.match(/^line \d+: booked/gm) ?? []).length;
    expect(before).toBeGreaterThanOrEqual(2);
    expect(before).toBeLessThan(refs.length);

    const rerun = await tern(['book', 'stay', '--from-file', file, '--json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    const { summary } = JSON.parse(rerun.stdout);
    expect(summary.failed).toBe(0);
    expect(summary.replayed).toBeGreaterThanOrEqual(before);
    for (const reference of refs) {
      const list = await tern(['bookings', 'list', '--reference', reference, '--json']);
      expect(JSON.parse(list.stdout).meta.total, reference).toBe(1);
    }
    // Compiling the sources takes seconds on a busy machine.
  }, 180_000);
});

// `npm run bench`: bulk gift-card issuing. One `tern gift-cards issue` of a 10,000-row file (batches of 500
// through `issue_cards`) against a loop of single-card CLI calls (`tern gift-cards issue` of a one-row file,
// one process each), measured in the same run on the same server. The loop is measured on a sample of
// TERN_BENCH_SAMPLE calls (default 50) and extrapolated per card — a loop of 10,000 processes would take many
// minutes. Target: the bulk path issues ≥ 10× as many cards a second. The server (PGlite in memory, the demo
// world) runs in this process; the CLI runs as the built bundle (built first when a source is newer).
// Exits 1 when the target is missed.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@tern/sdk';
import { benchServer, bin, builtBundle } from './helpers/setup.js';

const TARGET = 10;
const CARDS = Number(process.env.TERN_BENCH_CARDS ?? 10_000);
const SAMPLE = Number(process.env.TERN_BENCH_SAMPLE ?? 50);

builtBundle();

const server = await benchServer();
const dir = await mkdtemp(join(tmpdir(), 'tern-bench-gift-cards-'));
try {
  const signedIn = await createClient({ baseUrl: server.url }).auth.signIn({
    body: { session: { email: 'hotelier@demo.tern.test', password: 'tern-demo-1', rememberMe: false } },
  });
  if (signedIn.type !== 'session') throw new Error('the hotelier got a code');
  const api = createClient({ baseUrl: server.url, token: () => signedIn.token });
  const propertyId = (await api.auth.currentUser()).ternHotels[0]!.id;
  // The demo hotel's gift-card store.
  const store = (await api.stores.list({ query: { propertyId } })).items[0]!.id;
  const newType = async (limit: number) =>
    (
      await api.giftCards.createType({
        body: {
          propertyId,
          giftcardType: 2,
          title: `Bench ${limit}`,
          description: '<p>Bench</p>',
          price: 100,
          limit,
          storeIds: [store],
          publish: true,
        },
      })
    ).id;

  // The CLI as a person runs it: a process, signed in by TERN_TOKEN, its output read whole.
  const env = { ...process.env, TERN_TOKEN: signedIn.token, TERN_CONFIG_DIR: dir };
  const tern = (args: string[]) =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const child = spawn(process.execPath, [bin, '--api-url', server.url, ...args], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) reject(new Error(`tern ${args.join(' ')} exited ${code}: ${stderr}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
  const issue = (type: string, file: string) =>
    tern(['gift-cards', 'issue', '--json', '--property', propertyId, '--type', type, '--recipients', file]);
  const row = (i: number) => `Guest ${i},guest${i}@example.com\n`;

  // The loop: one process per card, each its own one-row file.
  const single = await newType(SAMPLE + 1);
  const files = await Promise.all(
    Array.from({ length: SAMPLE + 1 }, async (_, i) => {
      const file = join(dir, `one-${i}.csv`);
      await writeFile(file, row(i));
      return file;
    }),
  );
  await issue(single, files[SAMPLE]!); // warm-up, not counted
  let loopMs = 0;
  for (let i = 0; i < SAMPLE; i++) loopMs += await issue(single, files[i]!);

  // The bulk path: one process, the whole file.
  const bulkType = await newType(CARDS);
  const file = join(dir, 'recipients.csv');
  await writeFile(file, `name,email\n${Array.from({ length: CARDS }, (_, i) => row(i)).join('')}`);
  const bulkMs = await issue(bulkType, file);
  const { stock, issued } = await api.giftCards.getType({ params: { id: bulkType }, query: { propertyId } });
  if (issued !== CARDS || stock !== 0) throw new Error(`the bulk run issued ${issued} cards, not ${CARDS}`);

  const loopRate = (SAMPLE / loopMs) * 1000;
  const bulkRate = (CARDS / bulkMs) * 1000;
  const ratio = bulkRate / loopRate;
  const verdict = ratio >= TARGET ? 'MET' : 'MISSED';
  process.stdout.write(
    `cli gift cards: single-card calls ${loopRate.toFixed(1)} cards/s (${(loopMs / SAMPLE).toFixed(0)} ms a call, ` +
      `a sample of ${SAMPLE} calls extrapolated per card), bulk ${bulkRate.toFixed(0)} cards/s (${CARDS} cards in ` +
      `${(bulkMs / 1000).toFixed(1)} s) — ${ratio.toFixed(1)}× (target ≥ ${TARGET}×): ${verdict}\n`,
  );
  process.exitCode = verdict === 'MET' ? 0 : 1;
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}

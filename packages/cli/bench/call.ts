// `npm run bench`: how long a command that makes one API call takes — `tern bookings list --json` (the built
// bundle, signed in by TERN_TOKEN) — against `node -e ''` and a raw `fetch` of the same call in a bare Node
// process, measured in the same run, interleaved (a busy machine slows all three alike). Target (issue 22 §4): at
// most 3× the bare Node. The server (PGlite in memory, the demo world) runs in this process, so the commands are
// spawned without blocking it. Exits 1 when the target is missed.
import { spawn } from 'node:child_process';
import { createClient } from '@tern/sdk';
import { benchServer, bin, builtBundle } from './helpers/setup.js';

const TARGET = 3;
const RUNS = Number(process.env.TERN_BENCH_RUNS ?? 15);

builtBundle();

const server = await benchServer();

/** A Node process run to its end (spawned: the server in this process keeps answering), in ms. */
function once(args: string[], env: Record<string, string> = {}): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.resume();
    child.on('close', (code) =>
      code === 0
        ? done(Number(process.hrtime.bigint() - started) / 1e6)
        : fail(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`)),
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

try {
  const signedIn = await createClient({ baseUrl: server.url }).auth.signIn({
    body: { session: { email: 'agent@demo.tern.test', password: 'tern-demo-1', rememberMe: false } },
  });
  if (signedIn.type !== 'session') throw new Error('the agent got a code');
  const token = signedIn.token;
  const url = `${server.url}/api/v2/resellers/bookings?page=1`;
  const raw = `fetch(${JSON.stringify(url)},{headers:{authorization:'Bearer ${token}',accept:'application/json'}}).then(r=>{if(!r.ok)process.exit(1);return r.text()}).then(t=>process.stdout.write(t))`;
  const ternArgs = [bin, 'bookings', 'list', '--json', '--api-url', server.url];
  const env = { TERN_TOKEN: token, TERN_CONFIG_DIR: '/nonexistent-tern-bench' };
  const bare: number[] = [];
  const fetched: number[] = [];
  const tern: number[] = [];
  await once(['-e', '']);
  await once(['-e', raw]);
  await once(ternArgs, env);
  for (let i = 0; i < RUNS; i++) {
    bare.push(await once(['-e', '']));
    fetched.push(await once(['-e', raw]));
    tern.push(await once(ternArgs, env));
  }
  const base = median(bare);
  const call = median(tern);
  const ratio = call / base;
  const verdict = ratio <= TARGET ? 'MET' : 'MISSED';
  process.stdout.write(
    `cli call: node -e '' ${base.toFixed(1)} ms, raw fetch ${median(fetched).toFixed(1)} ms, ` +
      `tern bookings list --json ${call.toFixed(1)} ms (medians of ${RUNS}) — ${ratio.toFixed(2)}× bare Node ` +
      `(target ≤ ${TARGET}×): ${verdict}\n`,
  );
  process.exitCode = verdict === 'MET' ? 0 : 1;
} finally {
  await server.close();
}

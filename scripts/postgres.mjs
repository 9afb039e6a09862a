// A throwaway PostgreSQL server for the tests and benchmarks: Debian's `postgresql` package (installed with apt
// when missing and we are root on Debian), a new cluster in a temp dir on a free port, stopped and removed at the
// end. Node built-ins only.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, run } from './lib.mjs';

const isRoot = () => process.getuid?.() === 0;

/** The newest `/usr/lib/postgresql/<version>/bin`, or null. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${base}/${versions[0]}/bin` : null;
}

/** Finds PostgreSQL's binaries, installing Debian's package when we are root on Debian; null when it cannot. */
export async function ensurePostgres() {
  const found = postgresBin();
  if (found) return found;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot() && hasApt) {
    log("installing Debian's postgresql for the server tests on PostgreSQL (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return null;
    if ((await run('apt-get', ['install', '-y', '-qq', 'postgresql'], { env })) !== 0) return null;
    return postgresBin();
  }
  process.stderr.write(
    '\nThe server tests on PostgreSQL need PostgreSQL and none was found.\n' +
      '  On Debian or Ubuntu, as root: apt-get update && apt-get install -y postgresql\n\n',
  );
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A user for the server's processes: PostgreSQL refuses to run as root. */
function serverUser() {
  if (!isRoot()) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0) return { name, uid: Number(id.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('running as root and there is no postgres or nobody user to run PostgreSQL as');
}

function runAs(user, command, args) {
  const [cmd, argv] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`.trim());
  return result.stdout;
}

/**
 * Starts a new cluster in a temp dir on a free port (as the `postgres` or `nobody` user when we are root) and
 * returns its URL (superuser `tern`, trust auth on 127.0.0.1) and `stop()`, which also deletes the cluster.
 * `durable: false` turns fsync off (tests); benchmarks keep the defaults.
 */
export async function startPostgres({ durable = true } = {}) {
  const bin = await ensurePostgres();
  if (!bin) return null;
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'tern-pg-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      const args = [`${bin}/pg_ctl`, 'stop', '-D', data, '-m', 'immediate', '-w'];
      if (user) spawnSync('runuser', ['-u', user.name, '--', ...args], { stdio: 'ignore' });
      else spawnSync(args[0], args.slice(1), { stdio: 'ignore' });
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runAs(user, `${bin}/initdb`, ['-D', data, '-U', 'tern', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      '-c shared_buffers=128MB',
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ];
    runAs(user, `${bin}/pg_ctl`, [
      'start',
      '-D',
      data,
      '-w',
      '-t',
      '60',
      '-l',
      join(dir, 'log'),
      '-o',
      settings.join(' '),
    ]);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  // Stopped however this process ends: normally, or by Ctrl-C or a kill.
  const onExit = () => stop();
  const onSignal = (signal) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    url: `postgres://tern@127.0.0.1:${port}/postgres`,
    stop() {
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      stop();
    },
  };
}

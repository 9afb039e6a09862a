// Small helpers shared by the root scripts (start, test, e2e, bench). Node built-ins only: these run before
// anything else is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function log(message) {
  process.stderr.write(`\x1b[36m▸\x1b[0m ${message}\n`);
}

/** Runs a command in the repo, inheriting the terminal; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Installs the npm packages when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  if (existsSync(`${root}/node_modules/.package-lock.json`)) return;
  log('installing npm packages (npm ci)…');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error('npm ci failed');
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** Finds Debian's chromium, installing it with apt when we are root on Debian; otherwise explains and exits. */
export async function ensureChromium() {
  const found = chromiumPath();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    log("installing Debian's chromium for the browser tests (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) throw new Error('apt-get update failed');
    if ((await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0) {
      throw new Error('apt-get install chromium failed');
    }
    const installed = chromiumPath();
    if (installed) return installed;
  }
  process.stderr.write(
    '\nThe browser tests need Chromium and none was found.\n' +
      '  On Debian or Ubuntu, as root: apt-get update && apt-get install -y chromium\n' +
      '  Or point CHROMIUM_PATH at a Chromium or Chrome binary.\n\n',
  );
  process.exit(1);
}

import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { httpFetch } from '../../src/httpFetch.js';
import { type Io, run, type WritableLike } from '../../src/index.js';

export const PASSWORD = 'tern-demo-1';
export const demoEmail = (login: string) => `${login}@demo.tern.test`;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written. */
export class Collector extends EventEmitter implements WritableLike {
  text = '';
  columns = 100;
  rows = 30;
  constructor(readonly isTTY = false) {
    super();
  }
  write = (chunk: string) => {
    this.text += chunk;
    return true;
  };
}

const tempDirs: string[] = [];

/** A fresh, empty config folder, removed by `removeTempDirs`. */
export async function tempConfigDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tern-cli-test-'));
  tempDirs.push(dir);
  return dir;
}

/** Removes the folders `tempConfigDir` made (call it in `afterAll`). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface RunOptions {
  configDir: string;
  /** What stdin holds (e.g. a password for --password-stdin); empty by default. */
  stdin?: string;
  isTTY?: boolean;
  /** A terminal's stdin for the Ink form (with `isTTY`); otherwise `stdin` is read. */
  tty?: FakeTtyStdin;
  env?: Record<string, string | undefined>;
  now?: () => number;
  /** The car search's wait between polls (`Io.pollMs`). */
  pollMs?: number;
  fetch?: typeof fetch;
  /** Where stdout goes, so a test can wait for what a terminal screen shows; a new collector otherwise. */
  stdout?: Collector;
}

/** `tern <argv>` in process, on collected streams, with no terminal unless asked. */
export async function runCli(argv: string[], options: RunOptions): Promise<CliResult> {
  const stdout = options.stdout ?? new Collector(options.tty !== undefined);
  const stderr = new Collector(options.tty !== undefined);
  const io: Io = {
    stdin: options.tty
      ? (options.tty as unknown as NodeJS.ReadStream)
      : Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout,
    stderr,
    env: { HOME: options.configDir, ...options.env },
    isTTY: options.isTTY ?? false,
    configDir: options.configDir,
    ...(options.now ? { now: options.now } : {}),
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    // The real process's fetch (node:http) unless a test brings its own.
    fetch: options.fetch ?? httpFetch,
  };
  const code = await run(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * Replaces what changes from run to run — tokens and device identifiers, ids, instants — by placeholders,
 * so `--json` output can be compared with an inline snapshot.
 */
export function mask(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<instant>')
    .replace(/\b[\w-]{43}\b/g, '<secret>')
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:<port>');
}

/** A terminal's stdin as Ink reads it (raw mode, `readable` events), fed by the test. */
export class FakeTtyStdin extends EventEmitter {
  isTTY = true;
  private chunks: string[] = [];
  write(data: string): void {
    this.chunks.push(data);
    this.emit('readable');
  }
  read(): string | null {
    return this.chunks.shift() ?? null;
  }
  setEncoding(): this {
    return this;
  }
  setRawMode(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

/** Waits until a terminal screen written to `screen` shows `text` (Ink renders after the data arrives). */
export function shown(screen: Collector, text: string, timeout = 15_000): Promise<void> {
  return until(
    () => screen.text.includes(text),
    () => `the screen never showed "${text}"; it shows:\n${screen.text.slice(-2000)}`,
    timeout,
  );
}

export const tick = (ms = 30) => new Promise((done) => setTimeout(done, ms));

/** Waits until `check` holds, polling; fails after `timeout` ms with what was last seen. */
export async function until(check: () => boolean, describe: () => string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting; last seen:\n${describe()}`);
    await tick(20);
  }
}

/** Signs a demo login in through `tern login --password-stdin` in a new config folder; its path. */
export async function signedInAt(apiUrl: string, login: string): Promise<string> {
  const configDir = await tempConfigDir();
  const result = await runCli(
    ['login', '--api-url', apiUrl, '--email', demoEmail(login), '--password-stdin'],
    {
      configDir,
      stdin: `${PASSWORD}\n`,
    },
  );
  if (result.code !== 0) throw new Error(`tern login as ${login} failed: ${result.stderr}`);
  return configDir;
}

import { homedir } from 'node:os';
import isInCi from 'is-in-ci';
import { httpFetch } from './httpFetch.js';

/** A stream `tern` writes to: process.stdout/stderr, or a collector in tests. */
export interface WritableLike {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Where `tern` reads from and writes to, and what it knows of its surroundings. */
export interface Io {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: WritableLike;
  stderr: WritableLike;
  /** The environment (`TERN_API_URL`, `TERN_CONFIG_DIR`, `XDG_CONFIG_HOME`, `HOME`, `TERN_DEBUG`). */
  env: Record<string, string | undefined>;
  /** Whether a person is at a terminal: only then does `tern` prompt (the Ink form of `tern login`). */
  isTTY: boolean;
  /** The config folder when neither `--config-dir` nor `TERN_CONFIG_DIR` says; default XDG or `~/.config/tern`. */
  configDir?: string;
  /** The time in ms (tests move it). Default `Date.now`. */
  now?: () => number;
  /** How often a car search asks for the providers' answers, in ms (tests shorten it). Default core's 2 s. */
  pollMs?: number;
  /** Another fetch for the SDK client (proxies, tests). */
  fetch?: typeof fetch;
}

/**
 * The real process: its streams and environment; a terminal when both stdin and stdout are one, outside CI.
 * Under CI (`CI` or `CONTINUOUS_INTEGRATION` set, as Ink judges it) Ink draws nothing but the last frame, so a
 * prompt would wait unseen: there `tern` takes flags only, as it does without a terminal.
 */
export function processIo(): Io {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY) && !isInCi,
    fetch: httpFetch,
  };
}

/** The config folder: `--config-dir`, else `TERN_CONFIG_DIR`, else the injected one, else XDG or `~/.config/tern`. */
export function resolveConfigDir(io: Io, flag: string | undefined): string {
  if (flag) return flag;
  if (io.env.TERN_CONFIG_DIR) return io.env.TERN_CONFIG_DIR;
  if (io.configDir) return io.configDir;
  const xdg = io.env.XDG_CONFIG_HOME;
  if (xdg) return `${xdg.replace(/\/+$/, '')}/tern`;
  return `${io.env.HOME || homedir()}/.config/tern`;
}

/** Everything on stdin, as text (for `--password-stdin`). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  }
  return text;
}

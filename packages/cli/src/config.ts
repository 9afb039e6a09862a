import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { UserError } from './errors.js';

/** A one-time-code challenge waiting for `tern login --otp CODE` (the code was e-mailed). */
export interface PendingChallenge {
  email: string;
  otpClientChallenge: string;
  /** Where the code went, masked. */
  destination: string;
  /** When the code stops working, in ms since the epoch. */
  expiresAt: number;
}

/** `config.json`: the session of the CLI. Readable by its owner only (0600, folder 0700). */
export interface TernConfig {
  /** The API the token belongs to. */
  apiUrl?: string;
  token?: string;
  /** When the session ends, in ms since the epoch (now + ttl × 1000). */
  exp?: number;
  email?: string;
  /** The trusted device the server issued after a one-time code; sent at sign-in to skip the code for 60 days. */
  deviceIdentifier?: string;
  pendingChallenge?: PendingChallenge;
  /** `tern use`: the default `--property` for each API (its URL), kept across sessions. */
  defaultProperties?: Record<string, string>;
}

export const CONFIG_FILE = 'config.json';
export const PROFILES_DIR = 'profiles';

/** A profile's name: letters, digits, `.`, `_` and `-`, from a letter or digit, at most 64 (it names a file). */
export function checkProfileName(name: string, from: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
    throw new UserError(
      `${from}: a profile is named with letters, digits, ".", "_" and "-" (from a letter or digit, at most 64), not ${JSON.stringify(name)}`,
      { code: 'usage' },
    );
  return name;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function pendingOf(value: unknown): PendingChallenge | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (!isString(v.email) || !isString(v.otpClientChallenge) || !isNumber(v.expiresAt)) return undefined;
  return {
    email: v.email,
    otpClientChallenge: v.otpClientChallenge,
    destination: isString(v.destination) ? v.destination : v.email,
    expiresAt: v.expiresAt,
  };
}

function defaultPropertiesOf(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(([apiUrl, id]) => apiUrl !== '' && isString(id));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Keeps the known fields of the right types; anything else in the file is dropped. */
function sanitize(value: unknown): TernConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const v = value as Record<string, unknown>;
  const config: TernConfig = {};
  if (isString(v.apiUrl)) config.apiUrl = v.apiUrl;
  if (isString(v.token)) config.token = v.token;
  if (isNumber(v.exp)) config.exp = v.exp;
  if (isString(v.email)) config.email = v.email;
  if (isString(v.deviceIdentifier)) config.deviceIdentifier = v.deviceIdentifier;
  const pending = pendingOf(v.pendingChallenge);
  if (pending) config.pendingChallenge = pending;
  const defaults = defaultPropertiesOf(v.defaultProperties);
  if (defaults) config.defaultProperties = defaults;
  return config;
}

/** Reads and writes `config.json` in one folder. Writes are atomic: a private temporary file renamed over it. */
export class ConfigStore {
  readonly file: string;
  /** Where the file is: the config folder, or its `profiles` folder for a profile. */
  private readonly folder: string;
  /**
   * `dir`: the config folder (other files of the CLI stay there); `profile`: a named profile's file,
   * `profiles/NAME.json` in it, instead of `config.json` (`--profile`, TERN_PROFILE; like gh's hosts).
   */
  constructor(
    readonly dir: string,
    readonly profile?: string,
  ) {
    this.folder = profile ? join(dir, PROFILES_DIR) : dir;
    this.file = join(this.folder, profile ? `${profile}.json` : CONFIG_FILE);
  }

  async load(): Promise<TernConfig> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new UserError(`Cannot read ${this.file}: ${(error as Error).message}`, {
        code: 'config_unreadable',
      });
    }
    try {
      return sanitize(JSON.parse(text));
    } catch {
      throw new UserError(`${this.file} is not valid JSON: fix it or delete it and run \`tern login\``, {
        code: 'config_invalid',
      });
    }
  }

  async save(config: TernConfig): Promise<void> {
    try {
      await mkdir(this.folder, { recursive: true, mode: 0o700 });
      const temp = join(
        this.folder,
        `.${basename(this.file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
      );
      try {
        await writeFile(temp, `${JSON.stringify(sanitize(config), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
        await chmod(temp, 0o600);
        await rename(temp, this.file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    } catch (error) {
      throw new UserError(`Cannot write ${this.file}: ${(error as Error).message}`, {
        code: 'config_unwritable',
      });
    }
  }

  /** Loads, changes and saves the config; returns what was saved. */
  async update(change: (config: TernConfig) => TernConfig): Promise<TernConfig> {
    const next = change(await this.load());
    await this.save(next);
    return next;
  }
}

/** The config without its session (the API address and the trusted device stay). */
export function withoutSession(config: TernConfig): TernConfig {
  const { token: _token, exp: _exp, email: _email, ...rest } = config;
  return rest;
}

import { ConfigStore, checkProfileName } from './config.js';
import { type Io, resolveConfigDir } from './io.js';
import { Output } from './output.js';

/** The options every command takes. */
export interface GlobalOptions {
  apiUrl?: string;
  json?: boolean;
  configDir?: string;
  profile?: string;
}

/** What a command works with: the streams, the output, the config store, the clock. */
export interface Context {
  io: Io;
  out: Output;
  json: boolean;
  config: ConfigStore;
  now(): number;
  /** `--api-url`, when given. */
  apiUrlFlag: string | undefined;
  /** `TERN_DEBUG=1`: stacks of bugs are shown. */
  debug: boolean;
}

export function createContext(io: Io, options: GlobalOptions): Context {
  const json = options.json === true;
  // `--profile NAME`, else TERN_PROFILE: a config file of its own (profiles/NAME.json), signed in on its own.
  const profileFlag = options.profile;
  const profileEnv = io.env.TERN_PROFILE?.trim() || undefined;
  const profile =
    profileFlag !== undefined
      ? checkProfileName(profileFlag, '--profile')
      : profileEnv && checkProfileName(profileEnv, 'TERN_PROFILE');
  return {
    io,
    out: new Output(io.stdout, io.stderr, json),
    json,
    config: new ConfigStore(resolveConfigDir(io, options.configDir), profile),
    now: io.now ?? Date.now,
    apiUrlFlag: options.apiUrl,
    debug: io.env.TERN_DEBUG === '1',
  };
}

/** Builds the context of the command being run from its options and its parents' (the global ones). */
export type ContextOf = (command: { optsWithGlobals(): GlobalOptions }) => Context;

export { DEFAULT_API_URL, withClient } from './client.js';
export { CONFIG_FILE, ConfigStore, type PendingChallenge, type TernConfig } from './config.js';
export { type Context, createContext, type GlobalOptions } from './context.js';
export { EXIT, NOT_SIGNED_IN, SESSION_EXPIRED, toUserError, UserError } from './errors.js';
export { type Io, processIo, resolveConfigDir, type WritableLike } from './io.js';
export { formatFields, formatJson, formatTable } from './output.js';
export { buildProgram } from './program.js';
export { run } from './run.js';

// The app runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md): zod must not try to
// compile code. A zod object schema reads this setting when it is built, not when it parses, and the SDK's chunk
// builds the contract's schemas as it loads, so the setting must be there before zod and the SDK are: the entry
// runs this first. zod 4 keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod, as
// `z.config` sets them): setting it here keeps zod out of the entry (importing `config` from zod brought 3.7 KB
// gzipped into every page's first load). e2e/csp.spec.ts fails if a zod upgrade stops reading it.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

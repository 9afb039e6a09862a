import { readFileSync } from 'node:fs';

/** Set by scripts/bundle.mjs in the built CLI; the sources read package.json. */
declare const __TERN_VERSION__: string | undefined;

/** The version of `tern` (`tern --version`): packages/cli/package.json's. */
export function ternVersion(): string {
  if (typeof __TERN_VERSION__ === 'string') return __TERN_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ariaLocales, ariaLocalesOnly } from '../vite/ariaLocales';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The locale keys of a string table after the plugin ran, read from its `"xx-XX": $binding` lines. */
function transformed(file: string) {
  const plugin = ariaLocalesOnly();
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  const result = transform(readFileSync(file, 'utf8'), file);
  if (!result) throw new Error(`${file} was not transformed`);
  return result.code;
}
const keysOf = (code: string) => [...code.matchAll(/"([a-z]{2}-[A-Z]{2})": \$/g)].map((m) => m[1]).sort();
const importedLocalesOf = (code: string) =>
  [...code.matchAll(/^import \$[\w$]+ from "[^"]*\/([a-z]{2}-[A-Z]{2})\.mjs";$/gm)].map((m) => m[1]).sort();

describe("react-aria's strings trimmed to the app's languages", () => {
  it.each([
    ['react-aria', 'dist/private/breadcrumbs/intlStrings.mjs'],
    ['react-aria', 'dist/private/calendar/intlStrings.mjs'],
    ['react-aria', 'dist/private/table/intlStrings.mjs'],
    ['react-aria-components', 'dist/private/intlStrings.mjs'],
  ])('%s/%s keeps only their locales, imports and keys alike', (pkg, path) => {
    const file = join(packageDir(pkg), path);
    const before = readFileSync(file, 'utf8');
    expect(keysOf(before).length).toBeGreaterThan(ariaLocales.length);
    const after = transformed(file);
    expect(keysOf(after)).toEqual([...ariaLocales].sort());
    expect(importedLocalesOf(after)).toEqual([...ariaLocales].sort());
  });

  it('leaves other modules alone', () => {
    const plugin = ariaLocalesOnly();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    expect(
      transform('export default 1;', '/x/node_modules/react-aria/dist/private/table/useTable.mjs'),
    ).toBeNull();
  });
});

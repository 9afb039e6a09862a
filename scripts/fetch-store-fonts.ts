/**
 * Fetches the fonts a gift card prints with (document 2 §9's store fonts, the sdk's `STORE_FONTS`) into
 * packages/server/assets/fonts: for each family, `npm pack @fontsource/<id>` and takes its Latin normal WOFF of
 * weight 400 and 700 (else the weight CSS would pick instead: the nearest by the font-matching rules of CSS Fonts
 * §5.2), its LICENSE, and a line of `fonts.json` (the package, version, integrity, licence and the two files),
 * which the server reads. Only OFL and Apache licences are taken. A family without a package is reported and left
 * out (docs/decisions.md says what prints instead).
 *
 * Run by hand, never in CI or at install; its output is committed:
 *   npx tsx scripts/fetch-store-fonts.ts            # the versions pinned in fonts.json (new families: the newest)
 *   npx tsx scripts/fetch-store-fonts.ts --latest   # the newest version of every package
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORE_FONTS } from '../packages/sdk/src/contract/stores.js';
import type { FontEntry } from '../packages/server/src/services/giftCards/fonts.js';

const FONT_DIR = fileURLToPath(new URL('../packages/server/assets/fonts/', import.meta.url));
const MANIFEST = join(FONT_DIR, 'fonts.json');
const LICENCES = ['OFL-1.1', 'Apache-2.0'];

/** What fonts.json says of a family: the server's resolver's own type. */
type Entry = FontEntry;

interface Metadata {
  family: string;
  weights: number[];
  subsets: string[];
  styles: string[];
  license?: { type?: string };
}

/** Fontsource's id of a family: lower case, spaces as hyphens ("Source Sans 3" → "source-sans-3"). */
const fontsourceId = (family: string) => family.toLowerCase().replaceAll(' ', '-');

/**
 * The weight CSS matching picks for a wanted one among those a font has (CSS Fonts 4 §5.2): 400 tries 500, then
 * lighter ones, then heavier; above 500, heavier ones first, then lighter.
 */
function nearestWeight(wanted: number, weights: readonly number[]): number {
  if (weights.includes(wanted)) return wanted;
  const lighter = weights.filter((w) => w < wanted).sort((a, b) => b - a);
  const heavier = weights.filter((w) => w > wanted).sort((a, b) => a - b);
  const order =
    wanted === 400
      ? [...weights.filter((w) => w === 500), ...lighter, ...heavier.filter((w) => w !== 500)]
      : wanted > 500
        ? [...heavier, ...lighter]
        : [...lighter, ...heavier];
  const found = order[0];
  if (found === undefined) throw new Error('a font without weights');
  return found;
}

function readManifest(): Record<string, Entry> {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Entry>) : {};
}

/** `npm pack` of one package into `dir`: its tarball's path and integrity, or null when the registry has none. */
function pack(spec: string, dir: string): { tarball: string; version: string; integrity: string } | null {
  try {
    const out = execFileSync('npm', ['pack', spec, '--json', '--pack-destination', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [info] = JSON.parse(out) as { filename: string; version: string; integrity: string }[];
    if (!info) throw new Error(`npm pack ${spec}: no output`);
    return { tarball: join(dir, info.filename), version: info.version, integrity: info.integrity };
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    if (/E404|404 Not Found/.test(stderr)) return null;
    throw error;
  }
}

function main() {
  const latest = process.argv.includes('--latest');
  const pinned = readManifest();
  const work = mkdtempSync(join(tmpdir(), 'store-fonts-'));
  const manifest: Record<string, Entry> = {};
  const missing: string[] = [];
  const substituted: string[] = [];
  const refused: string[] = [];
  try {
    for (const family of STORE_FONTS) {
      const id = fontsourceId(family);
      const name = `@fontsource/${id}`;
      const pin = latest ? undefined : pinned[family]?.version;
      const packed = pack(pin ? `${name}@${pin}` : name, work);
      if (!packed) {
        missing.push(family);
        process.stderr.write(`${family}: no package ${name}\n`);
        continue;
      }
      const dir = join(work, id);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      execFileSync('tar', ['-xzf', packed.tarball, '-C', dir, '--strip-components=1']);
      const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as Metadata;
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { license?: string };
      const license = meta.license?.type ?? pkg.license ?? '';
      if (meta.family !== family) throw new Error(`${name} is "${meta.family}", not "${family}"`);
      if (!LICENCES.includes(license) || pkg.license !== license) {
        refused.push(`${family} (${license || 'no licence'})`);
        continue;
      }
      if (!meta.subsets.includes('latin') || !meta.styles.includes('normal'))
        throw new Error(`${name} has no Latin normal style`);
      const fileOf = (wanted: number) => {
        const weight = nearestWeight(wanted, meta.weights);
        const file = `${id}-latin-${weight}-normal.woff`;
        if (!existsSync(join(dir, 'files', file))) throw new Error(`${name} lacks files/${file}`);
        if (weight !== wanted) substituted.push(`${family} ${wanted} → ${weight}`);
        copyFileSync(join(dir, 'files', file), join(FONT_DIR, file));
        return file;
      };
      const licenseFile = `${id}.LICENSE.txt`;
      copyFileSync(join(dir, 'LICENSE'), join(FONT_DIR, licenseFile));
      manifest[family] = {
        package: name,
        version: packed.version,
        integrity: packed.integrity,
        license,
        licenseFile,
        regular: fileOf(400),
        bold: fileOf(700),
      };
      rmSync(dir, { recursive: true, force: true });
      rmSync(packed.tarball, { force: true });
      process.stderr.write(`${family}: ${name}@${packed.version} (${license})\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Files of families no longer in the list (or no longer taken) go.
  const kept = new Set(
    Object.values(manifest)
      .flatMap((e) => [e.regular, e.bold, e.licenseFile])
      .concat('fonts.json'),
  );
  for (const file of readdirSync(FONT_DIR)) if (!kept.has(file)) rmSync(join(FONT_DIR, file));
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(
    [
      `${Object.keys(manifest).length} of ${STORE_FONTS.length} families written to ${FONT_DIR}`,
      `weights taken instead: ${substituted.join('; ') || 'none'}`,
      `without a package: ${missing.join(', ') || 'none'}`,
      `refused for their licence: ${refused.join(', ') || 'none'}`,
      '',
    ].join('\n'),
  );
}

main();

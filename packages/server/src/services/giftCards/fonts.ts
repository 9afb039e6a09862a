import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PdfFontFace } from '@tern/core/giftCards';
import type { ShippedFontList } from '@tern/sdk';
import { notFound } from '../../http/errors.js';

// The font files a gift card's PDF embeds: every family of the store list (core's `pdfFamilyOfStoreFont` names the
// one a store font prints in), Latin regular and bold WOFF from @fontsource, with their licences, in
// assets/fonts. fonts.json, written with them by scripts/fetch-store-fonts.ts, names each family's two files (a
// family without a bold has its regular file there). The list is read at the first PDF and each file at its first
// use, then kept: no font is read at startup.

/**
 * The family that draws a character a section's font lacks (its Latin file has every Latin-1 letter; some families
 * of the list do not: Nanum Gothic and Myeongjo have no accented letter, Orbitron no Ð, Þ or Ø).
 */
export const SPARE_FAMILY = 'Noto Sans';

export const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');

/** A family's line of fonts.json. */
export interface FontEntry {
  package: string;
  version: string;
  integrity: string;
  license: string;
  licenseFile: string;
  regular: string;
  bold: string;
}

let manifest: ReadonlyMap<string, FontEntry> | null = null;

/** The families shipped, by name (fonts.json, read once). */
export function shippedFonts(): ReadonlyMap<string, FontEntry> {
  manifest ??= new Map(
    Object.entries(
      JSON.parse(readFileSync(join(FONT_DIR, 'fonts.json'), 'utf8')) as Record<string, FontEntry>,
    ),
  );
  return manifest;
}

/** The file of a face (its name in assets/fonts); throws for a family Tern does not ship. */
export function fontFileName(face: PdfFontFace): string {
  const entry = shippedFonts().get(face.family);
  if (!entry) throw new Error(`No font file for the family "${face.family}" (assets/fonts/fonts.json)`);
  return face.weight === 700 ? entry.bold : entry.regular;
}

// @pdf-lib/fontkit 1.1.1 (pdf-lib's, unmaintained) reads a TrueType glyph's box from the glyph's header even when
// the glyph is empty (a space has no outline, hence no header); when that glyph ends the glyf table, as in IBM Plex
// Mono's and Nanum's Latin files, the read runs past the table and throws. An empty glyph's box is empty: once
// mended, every font gets that answer (the glyph class is shared by every font fontkit parses, pdf-lib's too).
interface FontkitGlyph {
  id: number;
  _font: { loca?: { offsets: number[] } };
  _getCBox?: (internal?: boolean) => unknown;
}
let mended = false;
function mendEmptyGlyphs(font: ReturnType<typeof fontkit.create>): void {
  if (mended || !(font as unknown as { loca?: unknown }).loca) return; // not a TrueType font
  const glyphClass = Object.getPrototypeOf(font.getGlyph(0)) as Required<Pick<FontkitGlyph, '_getCBox'>>;
  if (!Object.hasOwn(glyphClass, '_getCBox')) return;
  const Box = (font.bbox as object).constructor as new (...edges: number[]) => object;
  const readBox = glyphClass._getCBox;
  glyphClass._getCBox = function (this: FontkitGlyph, internal?: boolean) {
    const offsets = this._font.loca?.offsets;
    if (offsets && offsets[this.id] === offsets[this.id + 1]) return Object.freeze(new Box(0, 0, 0, 0));
    return readBox.call(this, internal);
  };
  mended = true;
}

export interface LoadedFont {
  /** The file's name, which also names the font in one PDF (two faces of one file embed it once). */
  file: string;
  bytes: Uint8Array;
  /** Whether the font draws a character (those it lacks print as `?`). */
  has: (codePoint: number) => boolean;
}
const loaded = new Map<string, LoadedFont>();

/** A face's file, read and parsed at its first use, then kept. */
export function loadFont(face: PdfFontFace): LoadedFont {
  const file = fontFileName(face);
  let font = loaded.get(file);
  if (!font) {
    const bytes = new Uint8Array(readFileSync(join(FONT_DIR, file)));
    const parsed = fontkit.create(bytes as unknown as Buffer);
    mendEmptyGlyphs(parsed);
    font = { file, bytes, has: (cp) => parsed.hasGlyphForCodePoint(cp) };
    loaded.set(file, font);
  }
  return font;
}

// The same files for the web's PDF tab, whose preview draws in them (`GET /api/v1/fonts`, `/api/v1/fonts/<file>`):
// only a file fonts.json names is served (a name is looked up, never joined to a path), at an address carrying a
// version of its package's release (its integrity), so that it may be cached for a year.

const FONT_CACHE = 'public, max-age=31536000, immutable';

/** A family's version in the address of its files: the first 12 hex digits of the SHA-256 of its package's integrity. */
const versionOf = (entry: FontEntry) =>
  createHash('sha256').update(entry.integrity).digest('hex').slice(0, 12);

let byFile: ReadonlyMap<string, string> | null = null;

/** Each file fonts.json names, with its family's version. */
function shippedFiles(): ReadonlyMap<string, string> {
  byFile ??= new Map(
    [...shippedFonts().values()].flatMap((entry) => {
      const version = versionOf(entry);
      return [
        [entry.regular, version],
        [entry.bold, version],
      ] as const;
    }),
  );
  return byFile;
}

const urlOf = (file: string, version: string) => `/api/v1/fonts/${encodeURIComponent(file)}?v=${version}`;

/** Every shipped family and the addresses of its two faces (the same file twice for a family without a bold). */
export function shippedFontList(): ShippedFontList {
  return {
    families: [...shippedFonts()].map(([family, entry]) => {
      const version = versionOf(entry);
      return { family, regular: urlOf(entry.regular, version), bold: urlOf(entry.bold, version) };
    }),
    spare: SPARE_FAMILY,
  };
}

/**
 * A shipped font file by its name in fonts.json (404 for any other name), cached for a year when asked with its
 * version (the address `shippedFontList` gives), else checked every time.
 */
export async function fontFileResponse(file: string, version: string | undefined): Promise<Response> {
  const current = shippedFiles().get(file);
  if (current === undefined) throw notFound();
  const bytes = await readFile(join(FONT_DIR, file));
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': 'font/woff',
      'content-length': String(bytes.length),
      'cache-control': version === current ? FONT_CACHE : 'no-cache',
      etag: `"${current}"`,
      'x-content-type-options': 'nosniff',
    },
  });
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { pdfFamilyOfStoreFont, pdfFontFace, pdfFontFileOf } from '@tern/core/giftCards';
import { PDF_FONTS, STORE_FONTS } from '@tern/sdk';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  FONT_DIR,
  fontFileName,
  loadFont,
  SPARE_FAMILY,
  shippedFonts,
} from '../src/services/giftCards/fonts.js';

// The fonts a gift card's PDF embeds (document 2 §3, §9): every store font of the list resolves, through
// core's rule and the server's one resolver, to font files shipped in assets/fonts — real fonts of that family and
// weight, under an OFL or Apache licence kept beside them — and nothing else lies there.

interface Parsed {
  familyName: string;
  'OS/2': { usWeightClass: number };
  hasGlyphForCodePoint: (cp: number) => boolean;
}
const parse = (file: string) => fontkit.create(readFileSync(join(FONT_DIR, file))) as unknown as Parsed;
const squeezed = (name: string) => name.replaceAll(' ', '').toLowerCase();

describe('the store fonts’ files', () => {
  it.each(STORE_FONTS)(
    '%s prints in a shipped family whose regular and bold files are that family',
    (font) => {
      const family = pdfFamilyOfStoreFont(font);
      const entry = shippedFonts().get(family);
      expect(entry, `${family} in assets/fonts/fonts.json`).toBeDefined();
      const regular = fontFileName({ family, weight: 400 });
      const bold = fontFileName({ family, weight: 700 });
      for (const file of [regular, bold]) expect(existsSync(join(FONT_DIR, file)), file).toBe(true);
      const [r, b] = [parse(regular), parse(bold)];
      // Google's names of a family, spaces aside (NanumGothic).
      expect(squeezed(r.familyName)).toBe(squeezed(family));
      expect(squeezed(b.familyName)).toBe(squeezed(family));
      expect(r['OS/2'].usWeightClass).toBe(400);
      // A family without a bold (Abel, Lobster, …) prints bold in its regular file.
      if (bold !== regular) expect(b['OS/2'].usWeightClass).toBe(700);
    },
  );

  it('draws every Latin-1 letter in each family, but Nanum’s and Orbitron’s, and in the spare family', () => {
    const letters = [...'AZaz'].map((c) => c.codePointAt(0)!);
    for (let cp = 0xc0; cp <= 0xff; cp++) if (cp !== 0xd7 && cp !== 0xf7) letters.push(cp);
    const lacks = (file: string) => {
      const font = parse(file);
      return letters.some((cp) => !font.hasGlyphForCodePoint(cp));
    };
    const lacking = [...shippedFonts()]
      .filter(([, e]) => lacks(e.regular) || lacks(e.bold))
      .map(([family]) => family);
    expect(lacking).toEqual(['Nanum Gothic', 'Nanum Myeongjo', 'Orbitron']);
    expect(lacks(fontFileName({ family: SPARE_FAMILY, weight: 400 }))).toBe(false);
    expect(lacks(fontFileName({ family: SPARE_FAMILY, weight: 700 }))).toBe(false);
  });

  it('gives every font a section may pick (PDF_FONTS) its file of that weight', () => {
    for (const font of PDF_FONTS) {
      const face = pdfFontFace(pdfFontFileOf(font, { titleFont: 'Lato', textFont: 'Lato' }));
      expect(parse(fontFileName(face))['OS/2'].usWeightClass, font).toBe(font.endsWith(' Bold') ? 700 : 400);
    }
  });

  it('ships each family under an OFL or Apache licence, its text beside its files', () => {
    for (const [family, entry] of shippedFonts()) {
      expect(['OFL-1.1', 'Apache-2.0'], family).toContain(entry.license);
      expect(entry.package).toMatch(/^@fontsource\/[a-z0-9-]+$/);
      const text = readFileSync(join(FONT_DIR, entry.licenseFile), 'utf8');
      expect(text, family).toMatch(
        entry.license === 'OFL-1.1' ? /SIL Open Font License,? Version 1\.1/i : /Apache License/i,
      );
    }
  });

  it('keeps in assets/fonts only the files fonts.json names', () => {
    const named = new Set(['fonts.json']);
    for (const entry of shippedFonts().values()) {
      for (const file of [entry.regular, entry.bold, entry.licenseFile]) named.add(file);
    }
    expect(readdirSync(FONT_DIR).sort()).toEqual([...named].sort());
  });

  it('embeds every face in a PDF and draws with it (spaces too: IBM Plex Mono’s and Nanum’s end their glyphs)', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const page = doc.addPage();
    // Every face's file, each once as a card embeds it (a family without a bold face prints its regular file).
    const files = new Set(
      [...shippedFonts().keys()].flatMap((family) =>
        ([400, 700] as const).map((weight) => loadFont({ family, weight })),
      ),
    );
    for (const file of files) {
      const font = await doc.embedFont(file.bytes, { subset: true });
      page.drawText('Gift card 2026 …', { font, size: 12, x: 10, y: 10 });
      expect(font.widthOfTextAtSize('A b', 12), file.file).toBeGreaterThan(0);
    }
    const saved = await PDFDocument.load(await doc.save({ useObjectStreams: false }));
    expect(saved.getPageCount()).toBe(1);
    // 269 files of 300 faces subset into one PDF: about 9 s on a quiet 2-core machine, over 20 s on a busy one (CI).
  }, 60_000);

  it('refuses a family it does not ship, and reads a file once', () => {
    expect(() => fontFileName({ family: 'Ubuntu', weight: 400 })).toThrow(/Ubuntu/);
    const face = { family: 'Lobster', weight: 700 } as const;
    expect(loadFont(face)).toBe(loadFont({ family: 'Lobster', weight: 400 }));
  });
});

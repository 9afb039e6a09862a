import { type PdfFontFace, type PdfStoreFonts, pdfFontFace, pdfFontFileOf } from '@tern/core/giftCards';
import type { PdfFont, ShippedFontList } from '@tern/sdk';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../data/useApiQuery';

// The PDF tab's preview draws in the fonts the PDF embeds: a section's font becomes a face through
// core's rules, as the server's (`pdfFontFileOf`: the store's title or text font, Ubuntu's Fira stand-ins;
// `pdfFontFace`: "Lato Bold" is Lato 700), and each face in use is loaded from the server's shipped file
// (`GET /api/v1/fonts`: a family without a 700 has its 400 file as its bold, as in the PDF) into
// `document.fonts` under the family's name, once a page. Only the faces of the sections shown are loaded.

/** The faces a design prints with: one per family and weight, in the order first met. */
export function facesInUse(fonts: readonly PdfFont[], store: PdfStoreFonts): PdfFontFace[] {
  const faces = new Map<string, PdfFontFace>();
  for (const font of fonts) {
    const face = pdfFontFace(pdfFontFileOf(font, store));
    faces.set(faceKey(face), face);
  }
  return [...faces.values()];
}

const faceKey = (face: PdfFontFace) => `${face.family}:${face.weight}`;

/** The address of a face's file, or `null` for a family the server does not ship. */
export function fontUrlOf(list: ShippedFontList, face: PdfFontFace): string | null {
  const family = list.families.find((f) => f.family === face.family);
  if (!family) return null;
  return face.weight === 700 ? family.bold : family.regular;
}

/** Faces added to `document.fonts` by this page, and their loading once asked for (a face is added once). */
const added = new Map<string, { fontFace: FontFace; loading: Promise<unknown> | null }>();

/** Whether this browser can load a font file into the document (jsdom cannot). */
const canLoadFonts = () =>
  typeof FontFace !== 'undefined' && typeof document !== 'undefined' && !!document.fonts;

/** Adds a face to the document (once), and starts loading it when asked. */
function addFace(list: ShippedFontList, face: PdfFontFace, load: boolean): Promise<unknown> | null {
  const key = faceKey(face);
  let entry = added.get(key);
  if (!entry) {
    const url = fontUrlOf(list, face);
    if (!url) return null; // not shipped: the fallback draws, as the PDF's resolver would refuse it
    const fontFace = new FontFace(face.family, `url("${url}") format("woff")`, {
      weight: String(face.weight),
      style: 'normal',
    });
    document.fonts.add(fontFace);
    entry = { fontFace, loading: null };
    added.set(key, entry);
  }
  // A face that fails to load leaves the fallback drawing.
  if (load) entry.loading ??= entry.fontFace.load().catch(() => undefined);
  return entry.loading;
}

/**
 * Loads faces, and adds the spare family's face of each weight unloaded (the browser fetches it only if a
 * character needs it, as the PDF embeds it only then); settles when every face has loaded or failed.
 */
export function loadFaces(list: ShippedFontList, faces: readonly PdfFontFace[]): Promise<void> {
  if (!canLoadFonts()) return Promise.resolve();
  const loading = faces.map((face) => addFace(list, face, true));
  for (const weight of new Set(faces.map((f) => f.weight)))
    addFace(list, { family: list.spare, weight }, false);
  return Promise.all(loading).then(() => undefined);
}

/** The CSS font-family of a face: the family, then the spare one, then the generic family of its kind. */
export function cssFamilyOf(face: PdfFontFace, spare: string | null): string {
  const generic = /Mono/.test(face.family)
    ? 'monospace'
    : /Merriweather|Playfair|Serif/.test(face.family) && !/Sans/.test(face.family)
      ? 'serif'
      : 'sans-serif';
  return [`'${face.family}'`, spare && spare !== face.family ? `'${spare}'` : null, generic]
    .filter(Boolean)
    .join(', ');
}

/**
 * The text measure of a face at a size: the browser's, in the face once loaded (as the PDF measures in the
 * embedded font), where it can measure; else about half the size a character.
 */
export function measureIn(face: PdfFontFace, size: number, spare: string | null): (text: string) => number {
  const context = measuringContext();
  if (context) {
    context.font = `${face.weight} ${size}px ${cssFamilyOf(face, spare)}`;
    const font = context.font;
    return (text) => {
      context.font = font;
      return context.measureText(text).width;
    };
  }
  const factor = /^(Montserrat|Poppins|Roboto Mono)/.test(face.family)
    ? 0.6
    : face.family.startsWith('Playfair')
      ? 0.5
      : 0.53;
  return (text) => [...text].length * size * factor;
}

/**
 * The ascent of a face at a size (its baseline below a line's top, as the PDF places it): the browser's, where it
 * can measure the loaded face; else 0.8 of the size.
 */
export function ascentIn(face: PdfFontFace, size: number, spare: string | null): number {
  const context = measuringContext();
  if (!context) return size * 0.8;
  context.font = `${face.weight} ${size}px ${cssFamilyOf(face, spare)}`;
  return context.measureText('').fontBoundingBoxAscent || size * 0.8;
}

let context: CanvasRenderingContext2D | null | undefined;
function measuringContext(): CanvasRenderingContext2D | null {
  if (context === undefined)
    context = canLoadFonts() ? document.createElement('canvas').getContext('2d') : null;
  return context;
}

/**
 * Loads the faces of a design's fonts: `ready` once the first ones have loaded (or the list could not be had);
 * a face chosen later loads while the preview stays, which is drawn again when it has (the drawing never depends
 * on what it drew, so no loop).
 */
export function usePreviewFonts(
  fonts: readonly PdfFont[],
  store: PdfStoreFonts,
  enabled = true,
): { ready: boolean; spare: string | null } {
  const list = useApiQuery(['giftCardPdfs.fonts'], (c, signal) => c.giftCardPdfs.fonts({}, { signal }), {
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const faces = useMemo(() => facesInUse(fonts, store), [fonts, store]);
  const key = faces.map(faceKey).sort().join('|');
  // The faces last loaded: a change draws the preview again, now measured and drawn in them.
  const [loaded, setLoaded] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names `faces`
  useEffect(() => {
    if (!list.data || !enabled) return;
    let live = true;
    void loadFaces(list.data, faces).then(() => {
      if (live) setLoaded(key);
    });
    return () => {
      live = false;
    };
  }, [list.data, key, enabled]);
  return {
    ready: enabled && (list.isError || loaded !== null),
    spare: list.data?.spare ?? null,
  };
}

import sharp from 'sharp';

// Images as an upload stores them: the type read from the first bytes (never from the name), decoded by
// libvips (sharp) with a pixel limit against decompression bombs, turned upright by its EXIF orientation, then
// written again without any metadata (EXIF, GPS, XMP, comments) at each width the booking engine asks for
// (document 1 §9: 575, 767, 991, 1199, 1920) up to its own.

export type ImageType = 'image/png' | 'image/jpeg';

/** Document 1 §9: the widths the engine's gallery asks for; the largest caps what is stored. */
export const STORED_WIDTHS = [575, 767, 991, 1199, 1920] as const;
/** About 50 megapixels: a large camera's photo decodes, a small file claiming 100k × 100k does not. */
export const MAX_PIXELS = 50_000_000;

/** PNG's eight-byte signature, JPEG's start-of-image marker: what the bytes are, whatever the name says. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export interface Variant {
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  contentType: ImageType;
  ext: 'png' | 'jpg';
  /** The upright size of the original. */
  width: number;
  height: number;
  /** Ascending widths; the last is the full size (at most the largest stored width). */
  variants: Variant[];
}

/** The image could not be decoded, or is larger than `MAX_PIXELS`. */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

/** The widths to store for an image this wide: the engine's widths below it, and its own (capped). */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, STORED_WIDTHS.at(-1)!);
  return [...new Set([...STORED_WIDTHS.filter((w) => w < top * 0.9), top])];
}

// libvips uses a thread per core for one image; two images at a time keep a 2-core server answering.
sharp.concurrency(1);
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Decodes, turns upright, strips and resizes an image of a sniffed type. */
export function processImage(bytes: Uint8Array, type: ImageType): Promise<ProcessedImage> {
  return slot(async () => {
    const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', autoOrient: true });
    let width: number;
    let height: number;
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
      const format = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : null;
      if (format !== type || !meta.width || !meta.height)
        throw new UnreadableImageError('Not the image it claims');
      const turned = (meta.orientation ?? 1) >= 5;
      width = turned ? meta.height : meta.width;
      height = turned ? meta.width : meta.height;
      if (width * height > MAX_PIXELS) throw new UnreadableImageError('Too many pixels');
      const variants: Variant[] = [];
      for (const w of widthsFor(width)) {
        const resized = input().resize({ width: w, withoutEnlargement: true });
        const encoded =
          type === 'image/jpeg'
            ? resized.jpeg({ quality: 82, mozjpeg: true })
            : resized.png({ compressionLevel: 9, adaptiveFiltering: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        variants.push({ width: info.width, height: info.height, bytes: new Uint8Array(data) });
      }
      return { contentType: type, ext: type === 'image/png' ? 'png' : 'jpg', width, height, variants };
    } catch (error) {
      if (error instanceof UnreadableImageError) throw error;
      // libvips' words (a truncated file, a bad chunk, the pixel limit) are for the log, not the caller.
      throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
    }
  });
}

import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { contract, encodeQuery, errorFromResponse, type GiftCardExportFormat } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { checkOutFolder, fileError } from '../../files.js';
import { filtersOf, type ListFlags } from './cards.js';

export interface ExportFlags extends ListFlags {
  format: GiftCardExportFormat;
  out?: string;
}

/** What can take bytes and say when to wait (process.stdout, a file stream). */
interface ByteSink {
  write(chunk: Uint8Array): boolean;
  once?(event: 'drain', listener: () => void): unknown;
}

async function readError(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || null;
  try {
    body = JSON.parse(text);
  } catch {}
  return errorFromResponse(response.status, response.statusText, body, response.headers);
}

/** Copies the reply's body to `sink` a chunk at a time, waiting while the sink is full; the bytes written. */
async function pump(body: ReadableStream<Uint8Array>, sink: ByteSink): Promise<number> {
  let bytes = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
    // A Buffer (over the same bytes): what Node streams take, and what reads as text where text is collected.
    if (!sink.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength)) && sink.once)
      await new Promise<void>((resolve) => sink.once!('drain', resolve));
  }
}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * `tern gift-cards export --property ID --format csv|xlsx [--out FILE] [filters]`: the server's export of the
 * filtered orders list (all pages, the list's order, formulas neutralised), streamed as it comes — to FILE
 * (written beside it as FILE.part and renamed when complete, so an interrupted export leaves no half file) or to
 * stdout. An XLSX file is not written to a terminal.
 */
export async function exportGiftCards(ctx: Context, flags: ExportFlags): Promise<void> {
  if (!flags.out && flags.format === 'xlsx' && ctx.io.stdout.isTTY)
    throw new UserError('An XLSX file is binary: give --out FILE or redirect stdout', {
      code: 'invalid_input',
    });
  const query = { ...filtersOf(flags), exportFormat: flags.format };
  if (flags.out) await checkOutFolder('--out', flags.out);
  await withClient(ctx, { session: true }, async ({ apiUrl, token }) => {
    const fetcher = ctx.io.fetch ?? globalThis.fetch;
    const url = `${apiUrl}${contract.giftCards.export.path}?${encodeQuery(query)}`;
    const response = await fetcher(url, {
      headers: { accept: '*/*', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) throw await readError(response);
    if (!response.body) throw new Error('the export came without a body');
    if (!flags.out) {
      await pump(response.body, ctx.io.stdout as unknown as ByteSink);
      return;
    }
    const part = `${flags.out}.part`;
    const file = createWriteStream(part);
    let bytes: number;
    try {
      bytes = await pump(response.body, file);
      file.end();
      await finished(file);
      await rename(part, flags.out);
    } catch (error) {
      file.destroy();
      await rm(part, { force: true });
      throw (error as NodeJS.ErrnoException).code ? fileError('--out', flags.out, error, 'write') : error;
    }
    ctx.out.result(
      { file: flags.out, format: flags.format, bytes },
      () => `Wrote ${flags.out} (${size(bytes)}).\n`,
    );
  });
}

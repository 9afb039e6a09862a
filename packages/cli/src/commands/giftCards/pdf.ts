import type { QrFormat, TernClient } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { checkOutFolder, writeFileWhole } from '../../files.js';

export interface PdfFlags {
  property: string;
  card: string;
  out?: string;
  /** The card's QR code instead of its PDF. */
  qr?: boolean;
  format?: QrFormat;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a card named by its id or its code (found by the list's search). */
async function cardIdOf(client: TernClient, propertyId: string, card: string): Promise<string> {
  if (UUID.test(card)) return card;
  const wanted = card.trim().toUpperCase();
  const { items } = await client.giftCards.list({
    query: { propertyId, term: wanted, limit: 100, page: 1, orderBy: 'code', orderDirection: 'asc' },
  });
  const found = items.find((c) => c.generatedId === wanted);
  if (!found) throw new UserError(`No gift card ${wanted} at this property`, { code: 'not_found' });
  return found.id;
}

/**
 * `tern gift-cards pdf --property ID --card ID|CODE [--out FILE] [--qr [--format png|svg]]`: the card's PDF (its
 * type's design, fonts embedded, a QR code of its booking address) or its QR code, written to FILE (as FILE.part,
 * renamed when complete) or to stdout, which must not be a terminal for a PDF or a PNG. Without --out the file
 * keeps the server's name in the current folder when stdout is a terminal.
 */
export async function giftCardPdf(ctx: Context, flags: PdfFlags): Promise<void> {
  if (flags.format && !flags.qr) throw new UserError('--format is for --qr', { code: 'invalid_input' });
  if (flags.out) await checkOutFolder('--out', flags.out);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const id = await cardIdOf(client, flags.property, flags.card);
    const reply = (flags.qr
      ? await client.giftCardPdfs.cardQr({
          params: { id },
          query: { propertyId: flags.property, format: flags.format ?? 'png' },
        })
      : await client.giftCardPdfs.cardPdf({
          params: { id },
          query: { propertyId: flags.property },
        })) as unknown as { blob: Blob; fileName: string | null };
    const bytes = new Uint8Array(await reply.blob.arrayBuffer());
    const binary = !(flags.qr && flags.format === 'svg');
    const out = flags.out ?? (ctx.io.stdout.isTTY && binary ? (reply.fileName ?? `gift-card-${id}`) : null);
    if (out === null) {
      if (binary)
        (ctx.io.stdout as unknown as { write(chunk: Uint8Array): unknown }).write(Buffer.from(bytes));
      else ctx.io.stdout.write(new TextDecoder().decode(bytes));
      return;
    }
    await writeFileWhole('--out', out, bytes);
    ctx.out.result({ file: out, bytes: bytes.length }, () => `Wrote ${out} (${bytes.length} bytes).\n`);
  });
}

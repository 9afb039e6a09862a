import { deviceTimeZone, todayIn } from '@tern/core/dates';
import { isGiftCardExpired } from '@tern/core/giftCards';
import { ApiError, type GiftCard, type IssueGiftCardsBody, type TernClient } from '@tern/sdk';
import { invalidFlags, pastDayMessage } from '../../bookingEngine/queryFlags.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { toUserError, UserError } from '../../errors.js';
import { readTextFile } from '../../files.js';
import { hashKey } from '../../keys.js';
import { formatTable } from '../../output.js';
import { progressBar } from '../../ui/progress.js';
import type { IssueFlags } from './index.js';
import { batchKeyOf, type RecipientLine, readRecipients } from './recipientsFile.js';

/** The key of a run's purchase (`--paid`): from the type, the terms and every row's key, so a rerun finds it. */
export function runKeyOf(terms: unknown, rowKeys: readonly string[]): string {
  return hashKey('tern-gc-run', [terms, rowKeys]);
}

/** `[####----] 1500/10000  820 cards/s  ETA 10s`: the bar with the rate so far and the time left at that rate. */
export function issueProgress(done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  const left = rate > 0 ? Math.ceil((total - done) / rate) : null;
  const eta = left === null ? '…' : left >= 60 ? `${Math.floor(left / 60)}m${left % 60}s` : `${left}s`;
  return `${progressBar(done, total)}  ${Math.round(rate)} cards/s  ETA ${eta}`;
}

/** A failure after which the server may have issued the batch: no reply, no answer in time, a gateway. */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  if (error instanceof TypeError) return true;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 502 && status <= 504;
}

/**
 * `tern gift-cards issue --property P --type T --recipients FILE [--paid] [--no-send-email]`: checks every row first (nothing is sent when
 * one is bad), then issues the rows in batches through `issue_cards`, each batch with an Idempotency-Key made
 * of its rows' keys. The server issues a row key once per type and refuses a batch it has no stock for (all or
 * none), so a run cut short anywhere and started again with the same file issues only what is missing.
 */
export async function issueGiftCards(ctx: Context, flags: IssueFlags): Promise<void> {
  const lines = readRecipients(
    await readTextFile('--recipients', flags.recipients),
    flags.recipients,
    flags.type,
  );
  for (const line of lines)
    if (line.repeats !== null)
      ctx.out.note(
        `Warning: ${flags.recipients} line ${line.line} is the same as line ${line.repeats}: each gets a card of its own (delete one if that is a mistake)`,
      );
  const size = flags.batch ?? 500;
  const base: Omit<IssueGiftCardsBody, 'recipients'> = {
    propertyId: flags.property,
    ...(flags.expires ? { expirationDate: flags.expires } : {}),
    ...(flags.price !== undefined ? { netPrice: flags.price } : {}),
    // Each card this run issues is mailed now, unless --no-send-email (a card issued before is not mailed again).
    sendEmail: flags.sendEmail !== false,
  };
  // --paid: one purchase for the file's rows, keyed by them and the terms, so every batch and rerun finds it.
  const terms: Omit<IssueGiftCardsBody, 'recipients'> = flags.paid
    ? {
        ...base,
        purchase: {
          key: runKeyOf(
            [flags.type, base],
            lines.map((l) => l.recipient.rowKey),
          ),
          quantity: lines.length,
          purchaseState: 'paid',
        },
      }
    : base;
  const batches: RecipientLine[][] = [];
  for (let i = 0; i < lines.length; i += size) batches.push(lines.slice(i, i + size));
  const replayed = new Set<string>();
  const summary = {
    rows: lines.length,
    issued: 0,
    alreadyIssued: 0,
    stock: null as number | null,
    ...(flags.paid ? { purchase: null as string | null } : {}),
  };
  const bar = ctx.io.stderr.isTTY
    ? (done: number) =>
        ctx.io.stderr.write(`\r\u001b[2K${issueProgress(done, lines.length, ctx.now() - started)}`)
    : null;
  const started = ctx.now();
  let done = 0;
  // Ctrl+C ends the process (main.ts: exit 130); before it does, say what is certain and how to finish.
  const interrupted = () => {
    ctx.io.stderr.write(
      `${bar ? '\n' : ''}Interrupted: ${done} of ${lines.length} rows have their card for sure (the batch in flight may have been issued too); run the same command again with the same file: rows that have their card are not issued twice\n`,
    );
  };
  process.prependOnceListener('SIGINT', interrupted);
  try {
    await withClient(
      ctx,
      {
        session: true,
        wrapFetch: (base) => async (input, init) => {
          const response = await base(input, init);
          // ky hands over a Request, of a realm `instanceof` may not know.
          const sent =
            typeof input === 'object' && 'headers' in input ? input.headers : new Headers(init?.headers);
          const key = sent.get('idempotency-key');
          if (key && response.headers.get('idempotent-replayed') === 'true') replayed.add(key);
          return response;
        },
      },
      async ({ client, apiUrl }) => {
        await preflight(client, flags, lines, ctx.now());
        bar?.(0);
        for (const batch of batches) {
          const key = batchKeyOf(
            [flags.type, terms],
            batch.map((l) => l.recipient.rowKey),
          );
          const where = `lines ${batch[0]!.line}–${batch.at(-1)!.line}`;
          let reply: { cards: GiftCard[]; created: number; stock: number };
          try {
            reply = await client.giftCards.issue(
              { params: { id: flags.type }, body: { ...terms, recipients: batch.map((l) => l.recipient) } },
              { idempotencyKey: key },
            );
          } catch (error) {
            if (bar) ctx.io.stderr.write('\n');
            throw stopped(error, where, done, summary, apiUrl);
          }
          const created = replayed.has(key) ? 0 : reply.created;
          summary.issued += created;
          summary.alreadyIssued += batch.length - created;
          summary.stock = reply.stock;
          if (flags.paid) summary.purchase = reply.cards[0]?.purchaseGeneratedId ?? null;
          done += batch.length;
          if (bar) ctx.io.stderr.write('\r\u001b[2K');
          ctx.io.stdout.write(
            reply.cards
              .map((card, i) => {
                const line = batch[i]!.line;
                if (!ctx.json) return `line ${line}: ${card.generatedId} ${card.name} <${card.email}>\n`;
                return `${JSON.stringify({
                  line,
                  code: card.generatedId,
                  id: card.id,
                  name: card.name,
                  email: card.email,
                  notes: card.notes,
                  expirationDate: card.expirationDate,
                  rowKey: card.rowKey,
                  ...(flags.paid ? { purchase: card.purchaseGeneratedId } : {}),
                })}\n`;
              })
              .join(''),
          );
          bar?.(done);
        }
        if (bar) ctx.io.stderr.write('\n');
      },
    );
  } finally {
    process.off('SIGINT', interrupted);
  }
  const seconds = (ctx.now() - started) / 1000;
  if (ctx.json) ctx.io.stdout.write(`${JSON.stringify({ summary: { ...summary, seconds } })}\n`);
  else if (flags.paid)
    ctx.io.stdout.write(
      formatTable(
        ['ROWS', 'ISSUED NOW', 'ISSUED BEFORE', 'STOCK LEFT', 'PAID PURCHASE'],
        [
          [
            summary.rows,
            summary.issued,
            summary.alreadyIssued,
            summary.stock ?? '?',
            summary.purchase ?? '?',
          ].map(String),
        ],
      ),
    );
  else
    ctx.io.stdout.write(
      formatTable(
        ['ROWS', 'ISSUED NOW', 'ISSUED BEFORE', 'STOCK LEFT'],
        [[summary.rows, summary.issued, summary.alreadyIssued, summary.stock ?? '?'].map(String)],
      ),
    );
}

/** Why the run stopped, with what is certain and how to finish it (the same command again). */
/**
 * What can be known before the first call is checked before it, so a run that cannot finish issues nothing:
 * `--expires` not before the property's today (in its time zone, the day the server judges it by), and stock for
 * every row that has no card yet. Rows beyond the stock left may be a rerun's, whose cards exist: only then are
 * the type's cards read, to count the rows still without one.
 */
async function preflight(client: TernClient, flags: IssueFlags, lines: RecipientLine[], now: number) {
  if (flags.expires) {
    const me = await client.auth.currentUser();
    const zone = me.ternHotels.find((p) => p.id === flags.property)?.timezone || deviceTimeZone();
    const today = todayIn(zone, now);
    if (isGiftCardExpired(flags.expires, today)) throw invalidFlags([['--expires', pastDayMessage(today)]]);
  }
  const { items } = await client.giftCards.typeSizes({ query: { propertyId: flags.property } });
  const size = items.find((t) => t.id === flags.type);
  if (!size || lines.length <= size.stock) return;
  const issued = new Set<string>();
  for (let page = 1; ; page++) {
    const cards = await client.giftCards.list({
      query: { propertyId: flags.property, giftCardTypeId: flags.type, page, limit: 100 },
    });
    for (const card of cards.items) if (card.rowKey) issued.add(card.rowKey);
    if (page * 100 >= cards.meta.total) break;
  }
  const missing = lines.filter((l) => !issued.has(l.recipient.rowKey)).length;
  if (missing > size.stock)
    throw new UserError(
      `Out of stock: ${missing} row(s) of ${flags.recipients} need a card and only ${size.stock} of this type are left — nothing was issued. Raise the type's limit or shorten the file, then run the same command again`,
      { code: 'out_of_stock', status: 409, details: { stock: size.stock, asked: missing } },
    );
}

function stopped(
  error: unknown,
  where: string,
  done: number,
  summary: { rows: number; issued: number; alreadyIssued: number },
  apiUrl: string,
): unknown {
  const progress = { ...summary, withCard: done };
  const rerun =
    'run the same command again with the same file: rows that have their card are not issued twice';
  if (error instanceof ApiError && error.code === 'out_of_stock') {
    const { stock, asked } = (error.params ?? {}) as { stock?: number; asked?: number };
    return new UserError(
      `Out of stock: only ${stock ?? '?'} card(s) of this type are left, and ${where} need ${asked ?? '?'} — none of them was issued (all or none). ${done} of ${summary.rows} rows have their card. Raise the type's limit or shorten the file, then ${rerun}`,
      { code: 'out_of_stock', status: 409, details: { stock, asked, ...progress } },
    );
  }
  if (outcomeUnknown(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new UserError(
      `Stopped at ${where}: the Tern API at ${apiUrl} did not answer (${reason}), so that batch may or may not be issued. ${done} of ${summary.rows} rows have their card for sure; ${rerun}`,
      { code: 'issue_unknown', details: progress },
    );
  }
  const user = toUserError(error, { apiUrl, signedIn: true });
  if (!user) return error;
  return new UserError(`${where}: ${user.message}`, {
    code: user.code,
    ...(user.status !== undefined ? { status: user.status } : {}),
    details: { ...user.details, ...progress },
  });
}

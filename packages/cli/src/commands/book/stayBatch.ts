import { type EngineCalls, engineCalls, formatPrice } from '@tern/core/bookingEngine';
import { todayIn } from '@tern/core/dates';
import type { TernClient } from '@tern/sdk';
import { type BatchLine, readBatch } from '../../bookingEngine/batch.js';
import { withBookingKey } from '../../bookingEngine/idempotency.js';
import { invalidFlags, stayDates } from '../../bookingEngine/queryFlags.js';
import { bookPreparedStay } from '../../bookingEngine/stayCheckout.js';
import { prepareStayBooking, type StayBookFlags, stayOrderOf } from '../../bookingEngine/stayOrder.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { toUserError, UserError } from '../../errors.js';
import { formatTable } from '../../output.js';
import { progressBar } from '../../ui/progress.js';

/** What became of one line of the file. */
export interface LineResult {
  line: number;
  /** `booked`: new now; `replayed`: booked by an earlier run (the server replayed its reply); `failed`. */
  outcome: 'booked' | 'replayed' | 'failed';
  idempotencyKey: string;
  reservationId?: string;
  bookingId?: string;
  total?: number;
  currency?: string;
  checkinDate?: string;
  checkoutDate?: string;
  error?: { code: string; message: string };
}

/**
 * `tern book stay --from-file orders.ndjson|.csv`: books every line, one after the other, each with the key of
 * its line, and prints a result per line and a summary. Run again, it replays what was booked and books what
 * failed. Exit 0 when every line is booked (now or before), 1 otherwise.
 */
export async function bookStayBatch(ctx: Context, flags: StayBookFlags): Promise<void> {
  const file = flags.fromFile!;
  const lines = await readBatch(file);
  if (lines.length === 0) throw new UserError(`${file} has no bookings`, { code: 'invalid_input' });
  if (flags.idempotencyKey)
    throw invalidFlags([
      [
        '--idempotency-key',
        'a batch books each line with its own key (its "idempotencyKey", else one from the line)',
      ],
    ]);
  const { fromFile: _file, ...lineFlags } = flags;
  // A line that says what an earlier one says is booked too (its own booking): named, in case it is a mistake.
  for (const line of lines)
    if (line.repeats !== null)
      ctx.out.note(
        `Warning: ${file} line ${line.line} is the same as line ${line.repeats}: each is booked as a booking of its own (delete one if that is a mistake)`,
      );
  const replayed = new Set<string>();
  const results: LineResult[] = [];
  const bar = ctx.io.stderr.isTTY
    ? (done: number) => ctx.io.stderr.write(`\r${progressBar(done, lines.length)}`)
    : null;
  await withClient(
    ctx,
    {
      session: true,
      wrapFetch: (base) => async (input, init) => {
        const response = await base(input, init);
        const sent = input instanceof Request ? input.headers : new Headers(init?.headers);
        const key = sent.get('idempotency-key');
        if (key && response.headers.get('idempotent-replayed') === 'true') replayed.add(key);
        return response;
      },
    },
    async ({ client, apiUrl }) => {
      const calls = engineCalls(client);
      // Each property's time zone is asked once: its today checks the days of every line booking there.
      const zones = new Map<string, Promise<string>>();
      const todayAt = (property: string) => {
        if (!zones.has(property))
          zones.set(
            property,
            calls.info('accommodations', property).then((info) => info.timezone),
          );
        return zones.get(property)!.then((zone) => todayIn(zone || 'UTC', ctx.now()));
      };
      bar?.(0);
      for (const line of lines) {
        const result = await bookLine({ client, calls, todayAt }, line, lineFlags, replayed, apiUrl);
        results.push(result);
        // The bar gives way to the line's result, then is drawn again below it.
        if (bar) ctx.io.stderr.write('\r\u001b[2K');
        if (!ctx.json) ctx.io.stdout.write(`${lineText(result)}\n`);
        bar?.(results.length);
      }
      if (bar) ctx.io.stderr.write('\n');
    },
  );
  const summary = {
    lines: results.length,
    booked: results.filter((r) => r.outcome === 'booked').length,
    replayed: results.filter((r) => r.outcome === 'replayed').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
  };
  if (ctx.json) ctx.io.stdout.write(`${JSON.stringify({ results, summary }, null, 2)}\n`);
  else
    ctx.io.stdout.write(
      `${formatTable(['LINES', 'BOOKED', 'REPLAYED', 'FAILED'], [[summary.lines, summary.booked, summary.replayed, summary.failed].map(String)])}`,
    );
  if (summary.failed > 0)
    throw new UserError(
      `${summary.failed} of ${summary.lines} lines of ${file} not booked: fix them and run the same command again (what was booked is replayed, not booked twice)`,
      { code: 'batch_incomplete', details: { summary }, resultPrinted: true },
    );
}

interface LineApi {
  client: TernClient;
  calls: EngineCalls;
  /** The property's today in its time zone. */
  todayAt: (property: string) => Promise<string>;
}

async function bookLine(
  api: LineApi,
  line: BatchLine,
  flags: StayBookFlags,
  replayed: Set<string>,
  apiUrl: string,
): Promise<LineResult> {
  const key = line.idempotencyKey;
  const failed = (code: string, message: string): LineResult => ({
    line: line.line,
    outcome: 'failed',
    idempotencyKey: key,
    error: { code, message },
  });
  if (!line.order) return failed('invalid_input', line.problem ?? 'cannot be read');
  try {
    const { order, property } = await stayOrderOf(flags, line.order);
    if (!property) return failed('invalid_input', 'name the property ("property")');
    const stay = stayDates(
      { checkin: order.checkin, checkout: order.checkout, currency: order.currency },
      await api.todayAt(property),
    );
    const units = await api.calls.listWithRates('accommodations', property, stay);
    // Every line has its key: a line an earlier run booked replays, even when its rooms are gone now.
    const prepared = prepareStayBooking(order, units, stay, { serverDecides: true });
    const { created } = await withBookingKey(key, (k) =>
      bookPreparedStay(api.client, property, order, prepared, k),
    );
    return {
      line: line.line,
      outcome: replayed.has(key) ? 'replayed' : 'booked',
      idempotencyKey: key,
      reservationId: created.reservationId,
      bookingId: created.bookingId,
      total: created.total,
      currency: created.currency,
      checkinDate: stay.checkinDate,
      checkoutDate: stay.checkoutDate,
    };
  } catch (error) {
    const user = toUserError(error, { apiUrl, signedIn: true });
    // A bug, or a session that ended, stops the run; what was booked stays booked and replays next time.
    if (!user || /^(session_|not_signed_in)/.test(user.code)) throw user ?? error;
    return failed(user.code, user.message);
  }
}

function lineText(r: LineResult): string {
  if (r.outcome === 'failed') return `line ${r.line}: failed: ${r.error?.message}`;
  return `line ${r.line}: ${r.outcome} ${r.reservationId} (${r.checkinDate} to ${r.checkoutDate}, ${r.currency ? formatPrice(r.total, r.currency) : '—'})`;
}

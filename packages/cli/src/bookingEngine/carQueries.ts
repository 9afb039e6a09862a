import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VehicleOffer } from '@tern/sdk';
import type { Context } from '../context.js';
import { UserError } from '../errors.js';
import type { CarBookFlags } from './carOrder.js';
import { type CarQuery, invalidFlags } from './queryFlags.js';

/**
 * The car searches this config made, by query id: the server's `query_results` does not repeat what was asked
 * (dates, times, driver, currency), so `tern book car --query ID` books the rental of the search it names from
 * here, never the flags' defaults. `car-queries.json` beside `config.json` (0600), the newest 50.
 */
const FILE = 'car-queries.json';
const KEEP = 50;

type Saved = Record<string, { query: CarQuery; savedAt: number }>;

async function load(ctx: Context): Promise<Saved> {
  try {
    const value = JSON.parse(await readFile(join(ctx.config.dir, FILE), 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Saved) : {};
  } catch {
    return {};
  }
}

/** Keeps what a search asked, under its query id. A failure to write is only a note: the search succeeded. */
export async function rememberCarQuery(ctx: Context, queryId: string, query: CarQuery): Promise<void> {
  const saved = await load(ctx);
  saved[queryId] = { query, savedAt: ctx.now() };
  const kept = Object.fromEntries(
    Object.entries(saved)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, KEEP),
  );
  const file = join(ctx.config.dir, FILE);
  try {
    await mkdir(ctx.config.dir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(kept)}\n`, { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (error) {
    ctx.out.note(`Could not keep the search in ${file} (${(error as Error).message})`);
  }
}

export async function rememberedCarQuery(ctx: Context, queryId: string): Promise<CarQuery | null> {
  return (await load(ctx))[queryId]?.query ?? null;
}

const RENTAL_FLAGS = [
  ['pickupDate', '--pickup-date'],
  ['dropoffDate', '--dropoff-date'],
  ['pickupTime', '--pickup-time'],
  ['dropoffTime', '--dropoff-time'],
  ['driverAge', '--driver-age'],
  ['driverCountry', '--driver-country'],
  ['currency', '--currency'],
] as const;

/**
 * The rental `book car --query ID` books: the search's own (remembered), or, for a search made elsewhere, the
 * flags — then the days must be given, not defaulted. A flag that contradicts the search is refused by name;
 * the currency is the offer's.
 */
export function rentalOfQuery(
  flags: CarBookFlags,
  fromFlags: CarQuery,
  remembered: CarQuery | null,
  offer: VehicleOffer,
): CarQuery {
  const offerCurrency = offer.ratePlans[0]?.currency;
  if (remembered) {
    const problems: [string, string][] = [];
    for (const [key, flag] of RENTAL_FLAGS) {
      if (flags[key] === undefined) continue;
      if (String(fromFlags[key]) !== String(remembered[key]))
        problems.push([
          flag,
          `the search ${flags.query} was for ${remembered[key]}: leave the flag out or search again`,
        ]);
    }
    if (problems.length > 0) throw invalidFlags(problems);
    return remembered;
  }
  if (flags.pickupDate === undefined || flags.dropoffDate === undefined)
    throw new UserError(
      `The search ${flags.query} was not made with this config, so its days are not known here: pass the --pickup-date and --dropoff-date it had (and its --pickup-time, --dropoff-time, --driver-age and --driver-country when not the defaults)`,
      { code: 'query_unknown', fields: [{ field: '--pickup-date', message: 'needed with --query' }] },
    );
  if (flags.currency !== undefined && offerCurrency && fromFlags.currency !== offerCurrency)
    throw invalidFlags([['--currency', `the offer is priced in ${offerCurrency}`]]);
  return { ...fromFlags, currency: offerCurrency ?? fromFlags.currency };
}

import { z } from 'zod';

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is a calendar day as Tern writes one: `YYYY-MM-DD`, a day that exists (not `2031-02-29`), in the
 * years 0001 to 9999 (PostgreSQL has no year 0: `0000-01-01` is refused by its `date`). The one rule for days at
 * every edge: the contract's `isoDate`, core's `isDay`/`parseDay` (the web's date inputs, the CLI's flags).
 */
export function isCalendarDay(value: unknown): value is string {
  const parts = typeof value === 'string' ? DAY_SHAPE.exec(value) : null;
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DAY_ERROR = 'Use a real day, YYYY-MM-DD, from 0001-01-01 to 9999-12-31';
/** `YYYY-MM-DD`, a real calendar date from 0001-01-01 to 9999-12-31 (`isCalendarDay`); `format: date` in the docs. */
export const isoDate = z.iso
  .date({ error: DAY_ERROR })
  .refine(isCalendarDay, { error: DAY_ERROR, when: (payload) => payload.issues.length === 0 });
/**
 * An id: every record of Tern is keyed by a UUID, so anything else (`abc`, a name, a NUL) is refused at the edge
 * with a 400 naming the field, before it can reach a uuid column.
 */
export const id = z.guid({ error: 'Not a valid id' });
/** An id in a reply: what the server made, read as it is (replies are not re-validated field by field). */
export const recordId = z.string().min(1).max(64);
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));
export const role = z.enum(['admin', 'reseller', 'supplier']);
export const propertyType = z.enum(['accommodation', 'vehicle']);

/** Query numbers arrive as strings. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
};

export const listMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type ListMeta = z.infer<typeof listMeta>;

/** A list reply as callers see it. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: listMeta });
}

/** The body of every error reply (snake_case on the wire). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

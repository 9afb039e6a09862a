import * as z from 'zod';
import { isCalendarDay } from '../days.js';

export { isCalendarDay };

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

import { createHash } from 'node:crypto';

// The Idempotency-Keys a file's rows are sent with (`tern book stay --from-file`, `tern gift-cards issue`): a
// hash of the row's content — as normalised by its command — and its occurrence among rows of equal content, never
// its place in the file. The same file run again, or with rows added, moved, sorted or removed, sends the same key
// for the same row, and the server makes each key's booking or card once.

/** A key from a value's JSON: `PREFIX-` and 40 hex digits of its hash (visible ASCII, as the server wants keys). */
export function hashKey(prefix: string, value: unknown): string {
  return `${prefix}-${createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 40)}`;
}

/** The stable key of a row's content and its occurrence among rows of equal content. */
export function contentKey(prefix: string, content: readonly unknown[], occurrence: number): string {
  return hashKey(prefix, [...content, occurrence]);
}

/** JSON with every object's keys sorted: equal values give equal text, whatever order a file wrote them in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Counts rows of equal content as a file is read: each row's occurrence, and the line of the first. */
export class Occurrences {
  private readonly seen = new Map<string, { first: number; count: number }>();

  /** This row's occurrence (0 for the first of its content) and, for a repeat, the line of the first. */
  next(content: string, line: number): { occurrence: number; repeats: number | null } {
    const earlier = this.seen.get(content);
    if (!earlier) {
      this.seen.set(content, { first: line, count: 1 });
      return { occurrence: 0, repeats: null };
    }
    earlier.count += 1;
    return { occurrence: earlier.count - 1, repeats: earlier.first };
  }
}

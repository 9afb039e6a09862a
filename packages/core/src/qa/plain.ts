/**
 * A value as plain data (what `postMessage`, a BroadcastChannel or JSON carry): a function becomes
 * `[function name]`, an error its message, a date its ISO string, an actor `[actor id]`, a cycle `[cycle]`;
 * `undefined` in an object is left out.
 */
export function toPlain(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === undefined) return undefined;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value !== 'object') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Error) return { error: value.message, ...(toPlain({ ...value }, seen) as object) };
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  try {
    const actor = value as { sessionId?: unknown; id?: unknown; send?: unknown };
    if (typeof actor.sessionId === 'string' && typeof actor.send === 'function') return `[actor ${actor.id}]`;
    if (Array.isArray(value)) return value.map((v) => toPlain(v, seen) ?? null);
    if (value instanceof Map)
      return Object.fromEntries([...value].map(([k, v]) => [String(k), toPlain(v, seen)]));
    if (value instanceof Set) return [...value].map((v) => toPlain(v, seen));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const plain = toPlain(v, seen);
      if (plain !== undefined) out[key] = plain;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

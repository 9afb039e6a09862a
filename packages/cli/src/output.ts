import type { WritableLike } from './io.js';

/** A value of a key/value row: one line, several lines, or nothing (the row is left out). */
export type FieldValue = string | number | boolean | string[] | null | undefined;

/** Stable JSON: two spaces, keys in the order the value holds them, a final newline. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Aligned key/value text: keys padded to the longest, a list continues under its first line, empty
 * values are left out.
 */
export function formatFields(rows: [string, FieldValue][]): string {
  const kept = rows.filter(
    ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
  const width = Math.max(0, ...kept.map(([k]) => k.length));
  return kept
    .map(([key, value]) => {
      const lines = Array.isArray(value) ? value : String(value).split('\n');
      return lines.map((line, i) => `${(i === 0 ? key : '').padEnd(width)}  ${line}`.trimEnd()).join('\n');
    })
    .map((line) => `${line}\n`)
    .join('');
}

/** A plain table: a header row and columns padded to their widest cell; the last column is not padded. */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [headers, ...rows].map((r) => `${line(r)}\n`).join('');
}

/** A time in ms as an ISO instant without milliseconds (`2025-01-31T18:00:00Z`). */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Writes human text or, with `--json`, the JSON value, to stdout. */
export class Output {
  constructor(
    private readonly stdout: WritableLike,
    private readonly stderr: WritableLike,
    readonly json: boolean,
  ) {}

  /** The result of a command: `human()` as text, or `value` as JSON with `--json`. */
  result(value: unknown, human: () => string): void {
    this.stdout.write(this.json ? formatJson(value) : human());
  }

  /** A note for a person (progress, hints): stderr, so stdout stays the result. */
  note(text: string): void {
    this.stderr.write(`${text}\n`);
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Rules and formats live in core, once: server, web and CLI call core's function instead of writing
// the rule or the format again. This test reads their sources (tests aside) and names each line that does, with
// the core function to call. Core itself is where these are written, so it is not read.

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['server/src', 'web/src', 'cli/src'];

interface Rule {
  name: string;
  /** What to call instead. */
  use: string;
  pattern: RegExp;
}

const RULES: readonly Rule[] = [
  {
    name: 'a day compared with today',
    use: "core's isPastDay(day, today) (dates), or the rule's own core function (e.g. canCancelLinkedBooking)",
    // `day < today`, `today >= from`, `< todayIn(…)`; not an arrow (`=> today`).
    pattern: /(?<![=-])[<>]=?\s*today\w*\b|\btoday\w*\s*[<>]=?(?![>=])(?!\s*\()/,
  },
  {
    name: 'a hand-rolled "is past" rule',
    use: "core's isPastDay(day, today) (dates)",
    pattern: /\b(?:const|let|function)\s+is(?:Past|Expired)\w*\s*[=(]/,
  },
  {
    name: "a 'cancelled' status check",
    use: "core's isBookingCancelled(booking) (giftCards/issuedCard)",
    pattern: /\bstatus\s*[!=]==?\s*'cancel+ed'|'cancel+ed'\s*[!=]==?\s*[\w.?]*status\b/,
  },
  {
    name: 'Intl.NumberFormat',
    use: "core's formatMoney(amount, currency, locale) or formatAmount (format/format)",
    pattern: /\bIntl\.NumberFormat\b/,
  },
  {
    name: 'money written with toFixed(2)',
    use: "core's formatPrice(amount, currency) or formatMoney (format/format)",
    pattern: /\.toFixed\(2\)/,
  },
  {
    name: 'the UTC day of a timestamp (.slice(0, 10))',
    use: "core's dayOfInstant(iso, zone) or formatInstantDay(iso, zone) (format/format), todayIn for now",
    pattern: /\.(?:slice|substring)\(0,\s*10\)/,
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines that are only a comment say why, not how: they are not read. */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** Each offending line of `text` as `path:line: what (use …)`. */
function offenders(path: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (isComment(line)) return;
    for (const rule of RULES)
      if (rule.pattern.test(line)) found.push(`${path}:${index + 1}: ${rule.name} (use ${rule.use})`);
  });
  return found;
}

describe('rules and formats stay in core', () => {
  it('finds each kind of offender, and leaves comments and arrows alone', () => {
    const planted = [
      'if (day < today) throw x;',
      'const ok = today >= booking.arrivalDate;',
      'const isPastStay = (d: string) => d < t;',
      "if (booking.status === 'cancelled') return;",
      "if ('canceled' !== b.status) go();",
      'const n = new Intl.NumberFormat(locale);',
      'const text = total.toFixed(2) + " ISK";',
      'const day = p.createdAt.slice(0, 10);',
      '// a comment may say day < today',
      'const at = () => today;',
      'const to = todayIn(zone).slice(0, 7);',
    ].join('\n');
    expect(offenders('planted.ts', planted).map((o) => o.split(': ')[0])).toEqual([
      'planted.ts:1',
      'planted.ts:2',
      'planted.ts:3',
      'planted.ts:4',
      'planted.ts:5',
      'planted.ts:6',
      'planted.ts:7',
      'planted.ts:8',
    ]);
  });

  it('finds none in server, web and CLI sources', () => {
    const found = SCANNED.flatMap((dir) =>
      sources(join(ROOT, dir)).flatMap((file) => offenders(relative(ROOT, file), readFileSync(file, 'utf8'))),
    );
    expect(found, `Call core instead:\n${found.join('\n')}`).toEqual([]);
  });
});

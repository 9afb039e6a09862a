/**
 * Benchmark: decoding a 10,000-row list reply through the SDK (JSON.parse, JSON:API flattening, camelCase keys,
 * schema check) against plain JSON.parse of the same bytes, both measured in this run. Target: at most 2×.
 * The list is the largest list schema of the contract (today the outbox; the bookings list once it exists).
 */
import { contract, decodeReply } from '../src/index.js';

const ROWS = 10_000;
const endpoint = contract.mail.list;

function wireReply(): string {
  const data = Array.from({ length: ROWS }, (_, i) => ({
    id: String(i + 1),
    type: 'mail',
    attributes: {
      to: `guest${i}@example.test`,
      subject: `Your booking ${100000 + i} at Hótel Borg is confirmed`,
      text: `Dear guest,\n\nthank you for booking with us. Your reservation number is ${100000 + i}.\n`,
      html: null,
      kind: 'booking_confirmation',
      created_at: new Date(Date.UTC(2026, 10, 22, 12, 0, i % 60)).toISOString(),
    },
  }));
  return JSON.stringify({ data, meta: { page: 1, limit: ROWS, total: ROWS } });
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export function run(): { name: string; baselineMs: number; ms: number; ratio: number; target: number } {
  const text = wireReply();
  // Warm both paths so the JIT has compiled them before measuring.
  for (let i = 0; i < 5; i++) {
    JSON.parse(text);
    decodeReply(endpoint, JSON.parse(text));
  }
  const runs = 25;
  const baselineMs = time(() => JSON.parse(text), runs);
  const ms = time(() => decodeReply(endpoint, JSON.parse(text)), runs);
  return {
    name: `sdk decode of a ${ROWS}-row list (${(text.length / 1e6).toFixed(1)} MB)`,
    baselineMs,
    ms,
    ratio: ms / baselineMs,
    target: 2,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = run();
  const verdict = r.ratio <= r.target ? 'meets' : 'MISSES';
  console.log(
    `${r.name}: JSON.parse ${r.baselineMs.toFixed(1)} ms, SDK ${r.ms.toFixed(1)} ms → ${r.ratio.toFixed(2)}× (${verdict} the target ≤ ${r.target}×)`,
  );
}

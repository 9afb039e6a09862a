/**
 * Benchmark: decoding a 10,000-row list reply through the SDK (JSON.parse, JSON:API flattening, camelCase keys,
 * schema check) against plain JSON.parse of the same bytes, both measured in this run. Target: at most 1.5×, with
 * no code generated at run time (a strict Content-Security-Policy forbids it). Times are the process's CPU time
 * (the best of the runs, the medians printed beside them as a gauge of the noise), so that other work on a shared
 * machine weighs less.
 * The list is the largest list schema of the contract: the bookings list, each booking with two rooms, their
 * guests and policies, the property policy and a masked guarantee card. `decodeReply` decodes it with the code
 * generated at build time (src/decoders.gen.ts), as the client does.
 */
import { contract, decodeReply, endpointNamed, toSnake } from '../src/index.js';

const ROWS = 10_000;
const endpoint = contract.bookings.list;

const policy = {
  id: 'pol-1',
  title: 'Free cancellation until 2 days before arrival',
  cancellationPolicyLogic: 'deadline',
  cancellationPolicyDeadline: 2,
  cancellationPolicyDeadlineType: 'days',
  cancellationPolicyPenalty: 100,
  cancellationPolicyMode: 'percent',
  guaranteePaymentPolicy: 'none',
  guaranteePaymentAmount: 0,
  currency: 'EUR',
};

function booking(i: number) {
  const room = (n: number) => ({
    id: `unit-${i}-${n}`,
    title: 'Double Room with Harbour View',
    roomRateTitle: 'Flexible with breakfast',
    unitTypeCode: `rt-${n}`,
    ratePlanCode: `rate-${n}`,
    occupancy: { adults: 2, children: 0, infants: 0 },
    cancellationPolicy: policy,
    mealType: 'breakfast',
    guests: [
      { name: 'Anna', surname: `Jónsdóttir ${i}`, nationality: 'IS' },
      { name: 'Páll', surname: `Jónsson ${i}`, nationality: 'IS' },
    ],
    drivers: [],
    price: 240.5,
    status: 'booked',
    meta: { pickUpTime: null, dropOffTime: null },
  });
  return {
    id: `booking-${i}`,
    type: 'booking',
    attributes: toSnake({
      status: 'new',
      reservationId: `TRN-${100000 + i}`,
      reservationName: null,
      externalReferenceId: `REF-${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 22, 12, 0, i % 60)).toISOString(),
      hotelName: 'Hótel Borg',
      propertyChannelId: 'prop-1',
      propertyType: 'accommodation',
      arrivalDate: '2026-12-10',
      departureDate: '2026-12-12',
      arrivalTime: '15:00',
      totalNights: 2,
      price: { currency: 'EUR', total: 481 },
      notes: null,
      specialRequest: i % 3 === 0 ? 'Late arrival, around 23:00' : null,
      resellerName: 'Northern Lights Travel',
      user: { name: 'Agent Smith', email: 'agent@demo.tern.test' },
      source: 'engine',
      giftCardCode: null,
      customer: { name: 'Anna', surname: `Jónsdóttir ${i}`, mail: `guest${i}@example.test` },
      cancellationPolicy: policy,
      propertyPolicy: null,
      guarantee: {
        cardType: 'visa',
        cardNumber: '**** **** **** 4242',
        expirationDate: '12/28',
        cardholderName: 'Anna Jónsdóttir',
        cvv: null,
        isVirtual: false,
      },
      liability: 'guarantee',
      changeable: true,
      changeBlock: null,
      units: [room(1), room(2)],
    }),
  };
}

/** The wire text of a bookings list of `rows` bookings (the SDK's tests use a few of them too). */
export function wireReply(rows = ROWS): string {
  const data = Array.from({ length: rows }, (_, i) => booking(i));
  return JSON.stringify({ data, meta: { page: 1, limit: rows, total: rows } });
}

/** CPU times (ms) of `runs` calls of `fn`. */
function time(fn: () => unknown, runs: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const spent = process.cpuUsage(start);
    samples.push((spent.user + spent.system) / 1000);
  }
  return samples;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1]!;

export function run(): {
  name: string;
  baselineMs: number;
  ms: number;
  ratio: number;
  target: number;
  baselineMedianMs: number;
  medianMs: number;
} {
  const text = wireReply();
  // Warm both paths so the JIT has compiled them before measuring.
  for (let i = 0; i < 5; i++) {
    JSON.parse(text);
    decodeReply(endpoint, JSON.parse(text), endpointNamed);
  }
  const runs = 15;
  // Interleaved, so that a busy moment of the machine weighs on both alike.
  const baseline: number[] = [];
  const sdk: number[] = [];
  for (let round = 0; round < 3; round++) {
    baseline.push(...time(() => JSON.parse(text), runs));
    sdk.push(...time(() => decodeReply(endpoint, JSON.parse(text), endpointNamed), runs));
  }
  const baselineMs = Math.min(...baseline);
  const ms = Math.min(...sdk);
  return {
    name: `sdk decode of a ${ROWS}-row list (${(text.length / 1e6).toFixed(1)} MB)`,
    baselineMs,
    ms,
    ratio: ms / baselineMs,
    target: 1.5,
    // Not the measure, a gauge of the noise: on a busy machine the medians move far more than the bests.
    baselineMedianMs: median(baseline),
    medianMs: median(sdk),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = run();
  const verdict = r.ratio <= r.target ? 'MET' : 'MISSED';
  console.log(
    `${r.name}: JSON.parse ${r.baselineMs.toFixed(1)} ms, SDK ${r.ms.toFixed(1)} ms → ${r.ratio.toFixed(2)}× — ${verdict} (target ≤ ${r.target}×; best of ${3 * 15} runs each; medians ${r.baselineMedianMs.toFixed(1)} and ${r.medianMs.toFixed(1)} ms → ${(r.medianMs / r.baselineMedianMs).toFixed(2)}×)`,
  );
  if (verdict === 'MISSED') process.exitCode = 1;
}

/** Milliseconds of each of `runs` calls made one after another, after a warm-up of 20, sorted. */
export async function timings(runs: number, call: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await call();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

/** The `p`th percentile of sorted timings. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `p50 … ms, p95 … ms` of sorted timings. */
export const figures = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;

/** A plain fetch and JSON of a public GET, as the store's pages ask (no schema decode sharing the server's thread). */
export const plainGet = (baseUrl: string, path: string) => async () => {
  const reply = await fetch(`${baseUrl}${path}`, { headers: { accept: 'application/json' } });
  if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
  await reply.json();
};

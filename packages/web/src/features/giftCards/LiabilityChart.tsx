import type { GiftCardLiability } from '@tern/sdk';
import { useId } from 'react';

export type LiabilitySeries = 'sold' | 'redeemed' | 'expired' | 'cancelled' | 'outstanding';
/** The month's flows, drawn as bars side by side; outstanding is the line over them. */
export const FLOWS = ['sold', 'redeemed', 'expired', 'cancelled'] as const;
export const SERIES: readonly LiabilitySeries[] = [...FLOWS, 'outstanding'];

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 36, left: 64 };
const TICKS = 4;

/** A round step for the value axis: 1, 2 or 5 times a power of ten, so `TICKS` steps reach `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return step * TICKS;
}

/**
 * The liability ledger as a small SVG chart: per month, bars of the value sold, redeemed, expired and
 * cancelled, and the outstanding value as a line with points. A picture for the eye (`role="img"` with a title
 * and a summary); the figures themselves are in the table the report shows beside it.
 */
export function LiabilityChart({
  months,
  title,
  summary,
  formatValue,
  labels,
}: {
  months: GiftCardLiability['months'];
  title: string;
  summary: string;
  formatValue: (value: number) => string;
  labels: Record<LiabilitySeries, string>;
}) {
  const id = useId();
  const max = niceMax(Math.max(0, ...months.flatMap((m) => SERIES.map((s) => m[s].value))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, months.length);
  const bar = Math.max(1, (slot * 0.8) / FLOWS.length);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const x = (i: number) => PAD.left + i * slot;
  // Label every month while they fit, else every second or third.
  const every = Math.ceil(months.length / 12);
  const line = months.map((m, i) => `${x(i) + slot / 2},${y(m.outstanding.value)}`).join(' ');
  return (
    <figure className="liability-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {Array.from({ length: TICKS + 1 }, (_, k) => {
          const v = (max / TICKS) * k;
          return (
            <g key={v} className="liability-chart__grid">
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />
              <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
                {formatValue(v)}
              </text>
            </g>
          );
        })}
        {months.map((m, i) => (
          <g key={m.month}>
            {FLOWS.map((s, k) => (
              <rect
                key={s}
                className={`liability-chart__bar liability-chart__bar--${s}`}
                x={x(i) + slot * 0.1 + k * bar}
                y={y(m[s].value)}
                width={Math.max(0, bar - 1)}
                height={Math.max(0, PAD.top + plotH - y(m[s].value))}
              />
            ))}
            {i % every === 0 ? (
              <text
                className="liability-chart__month"
                x={x(i) + slot / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
              >
                {m.month}
              </text>
            ) : null}
          </g>
        ))}
        <polyline className="liability-chart__line" points={line} fill="none" />
        {months.map((m, i) => (
          <circle
            key={m.month}
            className="liability-chart__point"
            cx={x(i) + slot / 2}
            cy={y(m.outstanding.value)}
            r={3.5}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="liability-chart__legend">
          {SERIES.map((s) => (
            <li key={s}>
              <span className={`liability-chart__swatch liability-chart__swatch--${s}`} aria-hidden="true" />
              {labels[s]}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

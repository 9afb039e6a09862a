import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartState } from './layout';

const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;
const STEP = 1.25;
const MARGIN = 16;

const clamp = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The state to move to from `from` with an arrow key: the nearest one whose centre lies that way. */
export function nextState(states: ChartState[], from: ChartState, key: string): ChartState | null {
  const cx = (s: ChartState) => s.x + s.width / 2;
  const cy = (s: ChartState) => s.y + s.height / 2;
  let best: ChartState | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const s of states) {
    if (s === from) continue;
    const dx = cx(s) - cx(from);
    const dy = cy(s) - cy(from);
    const along = { ArrowRight: dx, ArrowLeft: -dx, ArrowDown: dy, ArrowUp: -dy }[key];
    if (along === undefined || along <= 0) continue;
    const across = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

/** Where an arrow ends: a small triangle pointing from the previous point. */
function arrowHead(points: Array<{ x: number; y: number }>): string {
  const end = points.at(-1);
  const before = points.at(-2);
  if (!end || !before) return '';
  const angle = Math.atan2(end.y - before.y, end.x - before.x);
  const side = (turn: number) =>
    `${end.x - 8 * Math.cos(angle + turn)},${end.y - 8 * Math.sin(angle + turn)}`;
  return `${end.x},${end.y} ${side(0.4)} ${side(-0.4)}`;
}

interface Props {
  chart: Chart;
  name: string;
  /** The states to highlight (a simulation's current ones). */
  active?: ReadonlySet<string>;
  svgRef?: React.Ref<SVGSVGElement>;
}

/**
 * A laid-out statechart as SVG: states as boxes (compound ones around their children, a parallel state's regions
 * dashed), transitions as labelled arrows, invoked actors under the state's name. Zoom with the buttons or the
 * wheel; states take focus, and the arrow keys move between them.
 */
export function StateChart({ chart, name, active, svgRef }: Props) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const refs = useRef(new Map<string, SVGGElement>());
  const width = chart.width + 2 * MARGIN;
  const height = chart.height + 2 * MARGIN;

  const viewport = useRef<HTMLDivElement>(null);
  // The wheel zooms with Ctrl (or ⌘, or a trackpad's pinch) and scrolls without; React's wheel listener is passive.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((z) => clamp(event.deltaY < 0 ? z * STEP : z / STEP));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);
  const onKey = (state: ChartState) => (event: KeyboardEvent) => {
    const next = nextState(chart.states, state, event.key);
    if (!next) return;
    event.preventDefault();
    refs.current.get(next.id)?.focus();
  };
  const labelOf = (s: ChartState) =>
    t(
      s.kind === 'parallel'
        ? 'qa_machines.state_parallel'
        : s.kind === 'final'
          ? 'qa_machines.state_final'
          : 'qa_machines.state',
      {
        name: s.name,
      },
    ) + s.invokes.map((src) => `, ${t('qa_machines.invokes', { src })}`).join('');

  return (
    <div className="qa-chart">
      <div className="qa-chart__zoom">
        <button
          type="button"
          onClick={() => setZoom((z) => clamp(z / STEP))}
          aria-label={t('qa_machines.zoom_out')}
        >
          −
        </button>
        <button type="button" onClick={() => setZoom(1)}>
          {t('qa_machines.zoom_reset')}
        </button>
        <button
          type="button"
          onClick={() => setZoom((z) => clamp(z * STEP))}
          aria-label={t('qa_machines.zoom_in')}
        >
          +
        </button>
        <span aria-live="polite">{t('qa_machines.zoom_level', { percent: Math.round(zoom * 100) })}</span>
      </div>
      <p className="qa-chart__hint">{t('qa_machines.keys_hint')}</p>
      <div className="qa-chart__viewport" ref={viewport}>
        {/* biome-ignore lint/a11y/useSemanticElements: the chart is a group of focusable states, not an image. */}
        <svg
          ref={svgRef}
          xmlns="http://www.w3.org/2000/svg"
          role="group"
          aria-label={t('qa_machines.chart', { name })}
          width={width * zoom}
          height={height * zoom}
          viewBox={`${-MARGIN} ${-MARGIN} ${width} ${height}`}
          fontFamily="system-ui, sans-serif"
          fontSize="12"
        >
          {chart.states.map((s) => {
            const compound = s.kind === 'compound' || s.kind === 'parallel';
            const on = active?.has(s.id) ?? false;
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a button element.
              <g
                key={s.id}
                ref={(el) => {
                  if (el) refs.current.set(s.id, el);
                  else refs.current.delete(s.id);
                }}
                role="button"
                tabIndex={0}
                aria-label={labelOf(s)}
                aria-pressed={active ? on : undefined}
                data-state={s.id}
                className={`qa-state${on ? ' qa-state--active' : ''}`}
                onKeyDown={onKey(s)}
              >
                <rect
                  x={s.x}
                  y={s.y}
                  width={s.width}
                  height={s.height}
                  rx={8}
                  fill={on ? '#fff3c4' : compound ? '#f6f8fa' : '#ffffff'}
                  stroke={on ? '#b7791f' : '#57606a'}
                  strokeWidth={on ? 2.5 : s.kind === 'final' ? 3 : 1}
                  strokeDasharray={s.region ? '6 4' : undefined}
                />
                <text x={s.x + 12} y={s.y + 20} fontWeight={compound ? 600 : 400}>
                  {s.initial ? '● ' : ''}
                  {s.name}
                  {s.kind === 'parallel' ? ' ∥' : ''}
                </text>
                {s.invokes.map((src, i) => (
                  <text key={src} x={s.x + 12} y={s.y + 36 + i * 16} fill="#57606a" fontStyle="italic">
                    {`invokes ${src}`}
                  </text>
                ))}
              </g>
            );
          })}
          {chart.transitions.map((tr) => (
            <g key={tr.key} className="qa-transition" data-transition={tr.key}>
              <polyline
                points={tr.points.map((p) => `${p.x},${p.y}`).join(' ')}
                fill="none"
                stroke="#0969da"
                strokeWidth={1.2}
              />
              <polygon points={arrowHead(tr.points)} fill="#0969da" />
              {tr.labelAt && (
                <text x={tr.labelAt.x} y={tr.labelAt.y + 12} fill="#0550ae">
                  {tr.label}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
    </div>
  );
}

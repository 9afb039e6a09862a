import type { LiveActorReport } from '@tern/core/qa';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../i18n';
import { qaPart } from '../../i18n/qa';
import { LivePanel } from './LivePanel';
import type { Chart } from './layout';
import { SimulatePanel } from './SimulatePanel';
import { StateChart } from './StateChart';
import { type MachineInfo, type MachineSource, workerSource } from './source';
import './qa.css';

/** Offers a file to save (a data URL: the app's CSP has no `blob:` for downloads). */
function download(name: string, type: string, text: string) {
  const link = document.createElement('a');
  link.href = `data:${type};charset=utf-8,${encodeURIComponent(text)}`;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

type Drawing = { id: string; chart: Chart } | { id: string; error: string } | null;

/**
 * The QA machine visualizer (`/qa/machines`): every machine of core's catalogue with its description,
 * searchable by name; the chosen one drawn as a statechart (ELK's layout), exported as SVG or Mermaid text.
 */
export function MachinesPage({ source: given }: { source?: MachineSource } = {}) {
  useCatalogue(qaPart);
  const { t } = useTranslation();
  const [source] = useState(() => given ?? workerSource());
  const [machines, setMachines] = useState<MachineInfo[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<MachineInfo | null>(null);
  const [drawing, setDrawing] = useState<Drawing>(null);
  // Asked with the chart, so the export is a download in the button's own click (no wait).
  const [mermaid, setMermaid] = useState<{ id: string; text: string } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  // The states Simulate's machine is in, lit up on the chart.
  const [active, setActive] = useState<ReadonlySet<string> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    source.list().then(
      (list) => live && setMachines(list),
      (error: Error) => live && setFailed(error.message),
    );
    return () => {
      live = false;
    };
  }, [source]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = machines ?? [];
    return q ? all.filter((e) => e.name.toLowerCase().includes(q) || e.id.toLowerCase().includes(q)) : all;
  }, [query, machines]);

  useEffect(() => {
    if (!chosen) return;
    let live = true;
    source.mermaid(chosen.id).then(
      (text) => live && setMermaid({ id: chosen.id, text }),
      () => undefined,
    );
    source.chart(chosen.id).then(
      (chart) => live && setDrawing({ id: chosen.id, chart }),
      (error: unknown) =>
        live && setDrawing({ id: chosen.id, error: String((error as Error)?.message ?? error) }),
    );
    return () => {
      live = false;
    };
  }, [chosen, source]);

  const choose = (entry: MachineInfo) => {
    setActive(undefined);
    setChosen(entry);
  };
  // A live actor followed: its machine shown, its states lit up at each of its steps.
  const follow = useCallback(
    (report: LiveActorReport) => {
      const entry = machines?.find((m) => m.id === report.machine);
      if (!entry) return;
      setChosen((was) => (was?.id === entry.id ? was : entry));
      setActive(new Set(report.active));
    },
    [machines],
  );

  const ids = useId();
  const [focused, setFocused] = useState<string | null>(null);
  // The list is one tab stop: arrows, Home and End move the active option, Enter or Space chooses it.
  const onListKey = (event: KeyboardEvent) => {
    const at = shown.findIndex((e) => e.id === focused);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: shown.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const next = shown[Math.max(0, Math.min(shown.length - 1, move))];
      if (next) {
        setFocused(next.id);
        document.getElementById(`${ids}-${next.id}`)?.scrollIntoView?.({ block: 'nearest' });
      }
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const entry = shown[at];
      if (entry) choose(entry);
    }
  };

  const current = drawing && chosen && drawing.id === chosen.id ? drawing : null;

  return (
    <main className="qa-machines">
      <h1>{t('qa_machines.heading')}</h1>
      <p>{t('qa_machines.intro')}</p>
      <div className="qa-machines__body">
        <section className="qa-machines__list">
          <label htmlFor={`${ids}-search`}>{t('qa_machines.search')}</label>
          <input
            id={`${ids}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {failed && <p role="alert">{t('qa_machines.load_failed', { message: failed })}</p>}
          {machines && shown.length === 0 && <p>{t('qa_machines.none_found', { query })}</p>}
          <div
            role="listbox"
            aria-label={t('qa_machines.list')}
            tabIndex={0}
            aria-activedescendant={focused ? `${ids}-${focused}` : undefined}
            onKeyDown={onListKey}
            onFocus={() => !focused && setFocused(chosen?.id ?? shown[0]?.id ?? null)}
          >
            {shown.map((entry) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the list's own keys choose (Enter, Space).
              <div
                key={entry.id}
                tabIndex={-1}
                id={`${ids}-${entry.id}`}
                role="option"
                aria-selected={chosen?.id === entry.id}
                className={`qa-machines__item${focused === entry.id ? ' qa-machines__item--focused' : ''}`}
                onClick={() => {
                  setFocused(entry.id);
                  choose(entry);
                }}
              >
                <span className="qa-machines__name">{entry.name}</span>
                <span className="qa-machines__description">{entry.description}</span>
              </div>
            ))}
          </div>
          <LivePanel onFollow={follow} />
        </section>
        <section className="qa-machines__chart">
          {!chosen && <p>{t('qa_machines.choose')}</p>}
          {chosen && (
            <>
              <h2>{chosen.name}</h2>
              <p>{chosen.description}</p>
              <div className="qa-machines__exports">
                <button
                  type="button"
                  disabled={!current || !('chart' in current)}
                  onClick={() => {
                    if (!svg.current) return;
                    const text = new XMLSerializer().serializeToString(svg.current);
                    download(`${chosen.id}.svg`, 'image/svg+xml', text);
                  }}
                >
                  {t('qa_machines.export_svg')}
                </button>
                <button
                  type="button"
                  disabled={mermaid?.id !== chosen.id}
                  onClick={() => mermaid && download(`${chosen.id}.mmd`, 'text/plain', mermaid.text)}
                >
                  {t('qa_machines.export_mermaid')}
                </button>
              </div>
              {!current && <p role="status">{t('qa_machines.laying_out')}</p>}
              {current && 'error' in current && (
                <p role="alert">{t('qa_machines.layout_failed', { message: current.error })}</p>
              )}
              {current && 'chart' in current && (
                <StateChart
                  key={chosen.id}
                  chart={current.chart}
                  name={chosen.name}
                  svgRef={svg}
                  active={active}
                />
              )}
              <SimulatePanel
                key={`sim-${chosen.id}`}
                source={source}
                machineId={chosen.id}
                onActive={setActive}
              />
            </>
          )}
        </section>
      </div>
    </main>
  );
}

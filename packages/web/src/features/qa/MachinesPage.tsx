import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Label, ListBox, ListBoxItem, SearchField, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../i18n';
import { qaPart } from '../../i18n/qa';
import type { Chart } from './layout';
import { StateChart } from './StateChart';
import { type MachineInfo, type MachineSource, workerSource } from './source';
import './qa.css';

/** Offers a file to save. */
function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

type Drawing = { id: string; chart: Chart } | { id: string; error: string } | null;

/**
 * The QA machine visualizer (`/qa/machines`, issue 13): every machine of core's catalogue with its description,
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
  const svg = useRef<SVGSVGElement>(null);

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
    source.chart(chosen.id).then(
      (chart) => live && setDrawing({ id: chosen.id, chart }),
      (error: unknown) =>
        live && setDrawing({ id: chosen.id, error: String((error as Error)?.message ?? error) }),
    );
    return () => {
      live = false;
    };
  }, [chosen, source]);

  const current = drawing && chosen && drawing.id === chosen.id ? drawing : null;

  return (
    <main className="qa-machines">
      <h1>{t('qa_machines.heading')}</h1>
      <p>{t('qa_machines.intro')}</p>
      <div className="qa-machines__body">
        <section className="qa-machines__list">
          <SearchField value={query} onChange={setQuery}>
            <Label>{t('qa_machines.search')}</Label>
            <Input />
          </SearchField>
          {failed && <p role="alert">{t('qa_machines.load_failed', { message: failed })}</p>}
          <ListBox
            aria-label={t('qa_machines.list')}
            items={shown}
            selectionMode="single"
            selectedKeys={chosen ? [chosen.id] : []}
            onSelectionChange={(keys) => {
              const key = keys === 'all' ? null : [...keys][0];
              setChosen(shown.find((e) => e.id === key) ?? null);
            }}
            renderEmptyState={() => t('qa_machines.none_found', { query })}
          >
            {(entry) => (
              <ListBoxItem id={entry.id} textValue={entry.name} className="qa-machines__item">
                <Text slot="label">{entry.name}</Text>
                <Text slot="description">{entry.description}</Text>
              </ListBoxItem>
            )}
          </ListBox>
        </section>
        <section className="qa-machines__chart">
          {!chosen && <p>{t('qa_machines.choose')}</p>}
          {chosen && (
            <>
              <h2>{chosen.name}</h2>
              <p>{chosen.description}</p>
              <div className="qa-machines__exports">
                <Button
                  isDisabled={!current || !('chart' in current)}
                  onPress={() => {
                    if (!svg.current) return;
                    const text = new XMLSerializer().serializeToString(svg.current);
                    download(`${chosen.id}.svg`, 'image/svg+xml', text);
                  }}
                >
                  {t('qa_machines.export_svg')}
                </Button>
                <Button
                  onPress={() =>
                    source.mermaid(chosen.id).then((text) => download(`${chosen.id}.mmd`, 'text/plain', text))
                  }
                >
                  {t('qa_machines.export_mermaid')}
                </Button>
              </div>
              {!current && <p role="status">{t('qa_machines.laying_out')}</p>}
              {current && 'error' in current && (
                <p role="alert">{t('qa_machines.layout_failed', { message: current.error })}</p>
              )}
              {current && 'chart' in current && (
                <StateChart key={chosen.id} chart={current.chart} name={chosen.name} svgRef={svg} />
              )}
            </>
          )}
        </section>
      </div>
    </main>
  );
}

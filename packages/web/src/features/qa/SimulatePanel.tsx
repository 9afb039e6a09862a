import type { SimulationView } from '@tern/core/qa';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContextTree } from './ContextTree';
import type { MachineSource, SimulationExamples, SimulationStep } from './source';

const pretty = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/** The JSON in an editor, or the parser's message. */
function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

interface Props {
  source: MachineSource;
  machineId: string;
  /** The current state nodes, for the chart to light up (empty when not running). */
  onActive: (active: ReadonlySet<string>) => void;
}

/**
 * Simulate: the machine started from an input the QA person edits (in its initial state or in a state
 * picked from the list, with the context that input gives), run in the worker with stand-ins
 * for its actors (`Simulation` in core). The events its current states accept are buttons (each sends its sample
 * payload) and a payload editor; waiting actors are resolved or rejected by hand; timers fire on demand; every
 * step is in the history, back and forward restore it.
 */
export function SimulatePanel({ source, machineId, onActive }: Props) {
  const { t } = useTranslation();
  const ids = useId();
  const [examples, setExamples] = useState<SimulationExamples | null>(null);
  const [input, setInput] = useState('{}');
  const [startIn, setStartIn] = useState('');
  const [view, setView] = useState<SimulationView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [eventType, setEventType] = useState('');
  const [payload, setPayload] = useState('');
  const [outputs, setOutputs] = useState<Record<string, string>>({});

  useEffect(() => {
    let live = true;
    source.examples(machineId).then(
      (found) => {
        if (!live) return;
        setExamples(found);
        setInput(pretty(found.input));
        setStartIn('');
      },
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [source, machineId]);

  function setProblemFrom(error: unknown) {
    setProblem(error instanceof Error ? error.message : String(error));
  }

  const sampleOf = (type: string) => examples?.events[type] ?? { type };

  const step = async (request: SimulationStep) => {
    setProblem(null);
    try {
      const next = await source.simulate(request);
      setView(next);
      onActive(new Set(next.active));
      if (!next.events.some((e) => e.type === eventType)) {
        const first = next.events[0]?.type ?? '';
        setEventType(first);
        setPayload(first ? pretty(sampleOf(first)) : '');
      }
    } catch (error) {
      setProblemFrom(error);
    }
  };

  const start = () => {
    const parsed = parse(input);
    if (!parsed.ok) return setProblem(t('qa_machines.sim_invalid_input', { message: parsed.message }));
    setEventType('');
    return step({ op: 'start', id: machineId, input: parsed.value, state: startIn || null });
  };

  const sendPayload = () => {
    const parsed = parse(payload);
    if (!parsed.ok) return setProblem(t('qa_machines.sim_invalid_payload', { message: parsed.message }));
    const value = parsed.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return setProblem(t('qa_machines.sim_payload_object'));
    return step({ op: 'send', event: { ...(value as object), type: eventType } });
  };

  const answer = (actor: string, src: string, resolve: boolean) => {
    if (!resolve) return step({ op: 'answer', actor, outcome: { error: 'Refused by QA' } });
    const parsed = parse(outputs[actor] ?? pretty(examples?.outputs[src] ?? null));
    if (!parsed.ok) return setProblem(t('qa_machines.sim_invalid_output', { message: parsed.message }));
    return step({ op: 'answer', actor, outcome: { output: parsed.value } });
  };

  return (
    <section className="qa-sim" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{t('qa_machines.sim_heading')}</h3>
      <label htmlFor={`${ids}-input`}>{t('qa_machines.sim_input')}</label>
      <textarea id={`${ids}-input`} rows={4} value={input} onChange={(e) => setInput(e.target.value)} />
      <label htmlFor={`${ids}-start-in`}>{t('qa_machines.sim_start_in')}</label>
      <select id={`${ids}-start-in`} value={startIn} onChange={(e) => setStartIn(e.target.value)}>
        <option value="">{t('qa_machines.sim_initial_state')}</option>
        {examples?.states.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      <button type="button" onClick={start} disabled={!examples}>
        {view ? t('qa_machines.sim_restart') : t('qa_machines.sim_start')}
      </button>
      {problem && <p role="alert">{problem}</p>}
      {view && (
        <>
          <p role="status" className="qa-sim__state">
            {t('qa_machines.sim_state', { value: JSON.stringify(view.value), status: view.status })}
          </p>
          {view.error && <p role="alert">{t('qa_machines.sim_machine_error', { message: view.error })}</p>}
          <nav className="qa-sim__history" aria-label={t('qa_machines.sim_history')}>
            <button
              type="button"
              disabled={view.at === 0}
              onClick={() => step({ op: 'go', index: view.at - 1 })}
            >
              {t('qa_machines.sim_back')}
            </button>
            <button
              type="button"
              disabled={view.at >= view.steps.length - 1}
              onClick={() => step({ op: 'go', index: view.at + 1 })}
            >
              {t('qa_machines.sim_forward')}
            </button>
            <span>
              {t('qa_machines.sim_step', {
                at: view.at + 1,
                of: view.steps.length,
                label: view.steps[view.at],
              })}
            </span>
          </nav>
          <h4>{t('qa_machines.sim_events')}</h4>
          {view.events.length === 0 && <p>{t('qa_machines.sim_no_events')}</p>}
          <div className="qa-sim__events">
            {view.events.map((e) => (
              <button
                key={e.type}
                type="button"
                data-can={String(e.can)}
                onClick={() => step({ op: 'send', event: { ...sampleOf(e.type), type: e.type } })}
              >
                {e.type}
                {e.can === false ? ` ${t('qa_machines.sim_guarded')}` : ''}
              </button>
            ))}
          </div>
          {view.events.length > 0 && (
            <div className="qa-sim__payload">
              <label htmlFor={`${ids}-type`}>{t('qa_machines.sim_event_type')}</label>
              <select
                id={`${ids}-type`}
                value={eventType}
                onChange={(e) => {
                  setEventType(e.target.value);
                  setPayload(pretty(sampleOf(e.target.value)));
                }}
              >
                {view.events.map((e) => (
                  <option key={e.type} value={e.type}>
                    {e.type}
                  </option>
                ))}
              </select>
              <label htmlFor={`${ids}-payload`}>{t('qa_machines.sim_payload')}</label>
              <textarea
                id={`${ids}-payload`}
                rows={5}
                value={payload}
                onChange={(e) => setPayload(e.target.value)}
              />
              <button type="button" onClick={sendPayload}>
                {t('qa_machines.sim_send')}
              </button>
            </div>
          )}
          {view.pending.length > 0 && <h4>{t('qa_machines.sim_waiting')}</h4>}
          {view.pending.map((p) => (
            <div key={p.id} className="qa-sim__actor" data-actor={p.id}>
              <p>{t('qa_machines.sim_actor', { src: p.src, id: p.id, input: JSON.stringify(p.input) })}</p>
              <label htmlFor={`${ids}-out-${p.id}`}>{t('qa_machines.sim_output', { src: p.src })}</label>
              <textarea
                id={`${ids}-out-${p.id}`}
                rows={3}
                value={outputs[p.id] ?? pretty(examples?.outputs[p.src] ?? null)}
                onChange={(e) => setOutputs((o) => ({ ...o, [p.id]: e.target.value }))}
              />
              <button type="button" onClick={() => answer(p.id, p.src, true)}>
                {t('qa_machines.sim_resolve', { src: p.src })}
              </button>
              <button type="button" onClick={() => answer(p.id, p.src, false)}>
                {t('qa_machines.sim_reject', { src: p.src })}
              </button>
            </div>
          ))}
          {view.timers.length > 0 && (
            <button type="button" onClick={() => step({ op: 'timer' })}>
              {t('qa_machines.sim_fire', { event: view.timers[0]!.event, ms: view.timers[0]!.in })}
            </button>
          )}
          <h4>{t('qa_machines.sim_actions')}</h4>
          {view.actions.length === 0 ? (
            <p>{t('qa_machines.sim_no_actions')}</p>
          ) : (
            <ol className="qa-sim__actions" aria-label={t('qa_machines.sim_actions')}>
              {view.actions.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same action may run twice in one step.
                <li key={i}>
                  {a.type}
                  {a.params !== undefined ? ` ${JSON.stringify(a.params)}` : ''}
                </li>
              ))}
            </ol>
          )}
          <h4>{t('qa_machines.sim_context')}</h4>
          <ContextTree value={view.context} label={t('qa_machines.sim_context_tree')} />
          {view.status === 'done' && (
            <>
              <h4>{t('qa_machines.sim_output_heading')}</h4>
              <ContextTree value={view.output} label={t('qa_machines.sim_output_tree')} />
            </>
          )}
        </>
      )}
    </section>
  );
}

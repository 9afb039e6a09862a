import type { LiveActorReport } from '@tern/core/qa';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_STORAGE_KEY } from './liveInspect';

/** How often the visualizer asks the app's tabs for their machines (they stop reporting without it). */
const PING_MS = 2000;

const keyOf = (r: LiveActorReport) => `${r.source} ${r.actor}`;

/** The live actors reported on the `tern-machines` channel and by a `tern --inspect` socket, by source and actor. */
export function useLiveActors(open: () => BroadcastChannel | null = defaultChannel) {
  const [reports, setReports] = useState<ReadonlyMap<string, LiveActorReport>>(new Map());
  const [socket, setSocket] = useState<{ port: number; state: 'connecting' | 'open' | 'closed' } | null>(
    null,
  );
  const [ws, setWs] = useState<WebSocket | null>(null);
  const take = useCallback((data: unknown) => {
    const report = data as LiveActorReport;
    if (report?.kind !== 'actor' || typeof report.actor !== 'string') return;
    setReports((all) => {
      const next = new Map(all);
      // A stopped actor (its screen left) leaves the list; a finished one stays, with its final state.
      if (report.status === 'stopped') next.delete(keyOf(report));
      else next.set(keyOf(report), report);
      return next;
    });
  }, []);
  useEffect(() => {
    const channel = open();
    if (!channel) return;
    channel.onmessage = (message) => take(message.data);
    const ping = () => channel.postMessage({ kind: 'ping' });
    ping();
    const timer = setInterval(ping, PING_MS);
    return () => {
      clearInterval(timer);
      channel.close();
    };
  }, [open, take]);
  useEffect(() => () => ws?.close(), [ws]);
  const connect = (port: number) => {
    ws?.close();
    const next = new WebSocket(`ws://127.0.0.1:${port}`);
    setSocket({ port, state: 'connecting' });
    next.onopen = () => setSocket({ port, state: 'open' });
    next.onclose = () => setSocket({ port, state: 'closed' });
    next.onmessage = (message) => {
      try {
        take(JSON.parse(String(message.data)));
      } catch {
        // Not a report: ignored.
      }
    };
    setWs(next);
  };
  return { reports: [...reports.values()], socket, connect };
}

function defaultChannel() {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tern-machines');
}

interface Props {
  /** Follow an actor: its machine shown, its states lit up (called again at each of its steps). */
  onFollow: (report: LiveActorReport) => void;
  open?: () => BroadcastChannel | null;
}

/**
 * Live: the machines running in this browser's other Tern tabs (their `liveInspect` answers this
 * page's pings on the `tern-machines` BroadcastChannel) and in a `tern --inspect PORT` command (a WebSocket to
 * 127.0.0.1:PORT). Following an actor lights up its current states as the user clicks or types there.
 */
export function LivePanel({ onFollow, open }: Props) {
  const { t } = useTranslation();
  const ids = useId();
  const { reports, socket, connect } = useLiveActors(open);
  const [on, setOn] = useState(() => readOn());
  const [port, setPort] = useState('9230');
  const [followed, setFollowed] = useState<string | null>(null);

  const current = reports.find((r) => keyOf(r) === followed);
  useEffect(() => {
    if (current) onFollow(current);
  }, [current, onFollow]);

  return (
    <section className="qa-live" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{t('qa_machines.live_heading')}</h2>
      <label>
        <input
          type="checkbox"
          checked={on || import.meta.env.DEV}
          disabled={import.meta.env.DEV}
          onChange={(e) => {
            writeOn(e.target.checked);
            setOn(e.target.checked);
          }}
        />{' '}
        {t('qa_machines.live_enable')}
      </label>
      <p className="qa-chart__hint">{t('qa_machines.live_hint')}</p>
      <label htmlFor={`${ids}-port`}>{t('qa_machines.live_port')}</label>
      <div className="qa-sim__history">
        <input
          id={`${ids}-port`}
          inputMode="numeric"
          value={port}
          onChange={(e) => setPort(e.target.value)}
          size={6}
        />
        <button
          type="button"
          onClick={() => {
            const n = Number(port);
            if (Number.isInteger(n) && n > 0 && n < 65536) connect(n);
          }}
        >
          {t('qa_machines.live_connect')}
        </button>
        {socket && (
          <span role="status">{t(`qa_machines.live_socket_${socket.state}`, { port: socket.port })}</span>
        )}
      </div>
      {reports.length === 0 ? (
        <p>{t('qa_machines.live_none')}</p>
      ) : (
        <ul className="qa-live__actors" aria-label={t('qa_machines.live_actors')}>
          {reports.map((r) => (
            <li key={keyOf(r)}>
              <button
                type="button"
                aria-pressed={followed === keyOf(r)}
                onClick={() => setFollowed(keyOf(r))}
              >
                {t('qa_machines.live_actor', {
                  machine: r.machine,
                  value: JSON.stringify(r.value),
                  event: r.event,
                  source: r.source.startsWith('cli:')
                    ? r.source
                    : t('qa_machines.live_tab', { id: r.source }),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function readOn() {
  try {
    return localStorage.getItem(LIVE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function writeOn(on: boolean) {
  try {
    if (on) localStorage.setItem(LIVE_STORAGE_KEY, '1');
    else localStorage.removeItem(LIVE_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the tabs stay off.
  }
}

import { type Day, isPastDay, todayIn } from '@tern/core/dates';
import { type Failure, failureOf } from '@tern/core/errorWords';
import type { CalendarSession, InventoryChangeResult, TernClient } from '@tern/sdk';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../components/Toast';
import { useErrorText } from '../../errors/useErrorText';
import type { CalendarParams } from '../frameMessages';
import { BulkEditDrawer } from './BulkEditDrawer';
import {
  type CalendarWindow,
  calendarWindow,
  type GridRow,
  gridRows,
  isInherited,
  monthsOfRange,
  weekFrom,
} from './calendarModel';
import { type EditForm, emptyForm, formForCell } from './editForm';
import { DEFAULT_VIEW } from './gridLayout';
import { InventoryGrid, monthsAtOpen } from './InventoryGrid';
import { useMonths } from './useMonths';
import './calendar.css';

export type CalendarSessionState =
  | { state: 'missing' }
  | { state: 'opening' }
  | { state: 'open'; session: CalendarSession }
  | { state: 'refused'; error: Failure }
  | { state: 'ended'; error: Failure };

const exchanges = new Map<string, Promise<CalendarSession>>();

/**
 * The calendar session for the frame's one-time token: exchanged once per token (a second render, React's
 * strict mode, shares the first exchange: the token is good once). `null` params: the page was opened without
 * a token (not from the inventory page).
 */
export function useCalendarSession(
  params: CalendarParams | null,
  exchange: (params: CalendarParams) => Promise<CalendarSession>,
  onFailed: (error: Failure) => void,
): [CalendarSessionState, (error: unknown) => void] {
  const [state, setState] = useState<CalendarSessionState>(
    params ? { state: 'opening' } : { state: 'missing' },
  );
  useEffect(() => {
    if (!params) {
      onFailed(failureOf({ code: 'one_time_token_invalid', params: {}, message: 'No token' }));
      return;
    }
    let live = true;
    let pending = exchanges.get(params.token);
    if (!pending) {
      pending = exchange(params);
      exchanges.set(params.token, pending);
    }
    pending.then(
      (session) => live && setState({ state: 'open', session }),
      (error: unknown) => {
        if (!live) return;
        const failure = failureOf(error);
        setState({ state: 'refused', error: failure });
        onFailed(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [params, exchange, onFailed]);
  const end = useCallback(
    (error: unknown) => {
      const failure = failureOf(error);
      setState({ state: 'ended', error: failure });
      onFailed(failure);
    },
    [onFailed],
  );
  return [state, end];
}

export interface CalendarAppProps {
  params: CalendarParams | null;
  /** The client, with the calendar session's token once it is open. */
  client: TernClient;
  exchange: (params: CalendarParams) => Promise<CalendarSession>;
  /** Binds the session's token to the client, and a 440 to `end`. */
  onOpen: (session: CalendarSession, end: (error: unknown) => void) => void;
  /** Tells the inventory page (the frame's parent). */
  onFailed: (error: Failure) => void;
  /** The clock (tests set it): "today" is its day in the property's time zone, which the session names. */
  now?: () => number;
}

/**
 * The inventory calendar's page, drawn in the inventory page's frame: it opens a calendar session with the
 * frame's one-time token, or says clearly why it cannot (a used, expired or foreign token), then shows the
 * property's calendar.
 */
export function CalendarApp({
  params,
  client,
  exchange,
  onOpen,
  onFailed,
  now = Date.now,
}: CalendarAppProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [session, end] = useCalendarSession(params, exchange, onFailed);
  const open = session.state === 'open' ? session.session : null;
  useEffect(() => {
    if (open) onOpen(open, end);
  }, [open, onOpen, end]);
  // The property's today, not the device's: its first month and the past days shaded are the property's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per session; the clock is not state.
  const today = useMemo(() => (open ? todayIn(open.timezone, now()) : null), [open]);
  if (session.state === 'opening')
    return (
      <div className="inv-page inv-page--center">
        <Spinner label={t('inventory.opening')} size="lg" />
      </div>
    );
  if (session.state === 'missing' || session.state === 'refused' || session.state === 'ended')
    return (
      <div className="inv-page inv-page--center">
        <Alert
          variant="error"
          title={session.state === 'ended' ? t('inventory.ended_title') : t('inventory.refused_title')}
        >
          {session.state === 'missing' ? t('inventory.refused_missing') : errorText(session.error)}{' '}
          {t('inventory.reopen_hint')}
        </Alert>
      </div>
    );
  return <InventoryCalendar client={client} propertyId={session.session.propertyId} today={today!} />;
}

function InventoryCalendar({
  client,
  propertyId,
  today,
}: {
  client: TernClient;
  propertyId: string;
  today: Day;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const window: CalendarWindow = useMemo(() => calendarWindow(today), [today]);
  const months = useMonths(client, propertyId);
  const { data, versions, status, ensure, reload, merge } = months;
  const rows = useMemo(() => (data.structure ? gridRows(data.structure) : []), [data.structure]);
  const [editing, setEditing] = useState<EditForm | null>(null);
  const [editKey, setEditKey] = useState(0);
  const [canUndo, setCanUndo] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const firstMonth = window.months[0]!.key;
  const firstStatus = status[firstMonth];

  // The months the grid opens on, in one call before it is drawn (the first also says which units and plans there
  // are): the frame's width says how many days it shows.
  const opening = useMemo(
    () => monthsAtOpen(window, today, document.documentElement.clientWidth || DEFAULT_VIEW.width),
    [window, today],
  );
  useEffect(() => ensure(opening), [ensure, opening]);

  const openEdit = (form: EditForm) => {
    setEditKey((k) => k + 1);
    setEditing(form);
  };
  const onEdit = useCallback(
    (row: GridRow, day: Day) => {
      // What the calendar does not set: a child plan's values from its parent, and what its max sell leaves.
      if (isInherited(row)) return toast.error(t('inventory.inherited_read_only'));
      if (row.kind === 'maxSellLeft') return toast.error(t('inventory.max_sell_read_only'));
      const from = isPastDay(day, today) ? today : day;
      const form = formForCell(
        row,
        from,
        data.availability[row.unit.id]?.[from],
        row.plan ? data.rates[row.plan.id]?.[from] : undefined,
      );
      setEditKey((k) => k + 1);
      setEditing(form);
    },
    [data, today, t],
  );

  const saved = (result: InventoryChangeResult, form: EditForm) => {
    setCanUndo(result.changeSetId !== null);
    toast.success(
      t('inventory.saved', { availability: result.summary.availability, rates: result.summary.rates }),
    );
    void reload(monthsOfRange(window, form.from, form.to));
  };
  const undo = async () => {
    setUndoing(true);
    try {
      const result = await client.inventory.undo({ params: { propertyId } });
      setCanUndo(false);
      toast.success(
        t('inventory.undone', { availability: result.summary.availability, rates: result.summary.rates }),
      );
      await reload(window.months.filter((m) => status[m.key]?.state === 'ready'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setUndoing(false);
    }
  };

  const bounds = { from: today, to: window.to };
  return (
    <div className="inv-page">
      <header className="inv-toolbar">
        <h1 className="inv-toolbar__title">{t('inventory.calendar_title')}</h1>
        <Button
          onPress={() => {
            const week = weekFrom(window, today);
            openEdit(emptyForm(week.start, week.end));
          }}
          isDisabled={!data.structure}
        >
          {t('inventory.bulk_edit')}
        </Button>
        <Button variant="secondary" onPress={() => void undo()} isDisabled={!canUndo || undoing}>
          {undoing ? t('inventory.undoing') : t('inventory.undo')}
        </Button>
        <p id="inventory-keys" className="inv-toolbar__keys">
          {t('inventory.keys_help')}
        </p>
      </header>
      {firstStatus?.state === 'error' ? (
        <ErrorState onRetry={() => ensure(opening)}>{errorText(firstStatus.error)}</ErrorState>
      ) : !data.structure ? (
        <LoadingSkeleton label={t('inventory.loading_month')} lines={6} />
      ) : rows.length === 0 ? (
        <Alert variant="info">{t('inventory.no_units')}</Alert>
      ) : (
        <InventoryGrid
          window={window}
          rows={rows}
          data={data}
          versions={versions}
          status={status}
          today={today}
          onMonthsInView={ensure}
          onEdit={onEdit}
        />
      )}
      {editing && data.structure ? (
        <BulkEditDrawer
          key={editKey}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(null);
          }}
          initial={editing}
          structure={data.structure}
          bounds={bounds}
          client={client}
          propertyId={propertyId}
          onRead={(reply) => merge(reply, true)}
          onSaved={saved}
        />
      ) : null}
    </div>
  );
}

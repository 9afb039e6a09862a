import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine, EventFrom, InputFrom } from 'xstate';
import { toast } from '../../components/Toast';
import { useErrorText } from '../errors/useErrorText';
import { liveInspect } from '../qa/liveInspect';

/**
 * A gift-card dialog or drawer on one of core's machines (type publish, card and purchase actions, recipients):
 * the machine with the calls `make` provides (made once: each dialog is keyed by its row and action), its opening
 * event sent once, `onChanged` (the list reloads) on the event the machine emits after a change. With `notice`,
 * the dialog ends when the machine keeps a notice (toasted in those words) or a refusal (toasted), and
 * `confirmProps` are the confirmation's buttons: confirm, and cancel that ends the dialog. Its actor reports to the
 * visualizer's Live (`liveInspect`), as the browser replays of the campaign lifecycle (M28) read it.
 */
export function useDialogMachine<M extends AnyStateMachine>(
  make: () => M,
  input: InputFrom<M>,
  options: {
    open?: EventFrom<M>;
    /** The event the machine emits once a change is saved. */
    changed: string;
    onChanged: () => void;
    onDone: () => void;
    notice?: (notice: string) => string;
  },
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [logic] = useState(make);
  const [snapshot, send, actor] = useMachine(logic as AnyStateMachine, { input, inspect: liveInspect });
  const latest = useRef(options);
  latest.current = options;
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (latest.current.open) send(latest.current.open);
  }, [send]);
  useEffect(() => {
    const subscription = (actor as { on: (type: string, fn: () => void) => { unsubscribe(): void } }).on(
      latest.current.changed,
      () => latest.current.onChanged(),
    );
    return () => subscription.unsubscribe();
  }, [actor]);
  const { notice, error } = snapshot.context as { notice?: string | null; error?: unknown };
  useEffect(() => {
    const words = latest.current.notice;
    if (!words) return;
    if (notice) {
      toast.success(words(notice));
      latest.current.onDone();
    } else if (error) {
      toast.error(t('general.error_message'), errorText(error));
      latest.current.onDone();
    }
  }, [notice, error, t, errorText]);
  const confirmProps = {
    // Open while the machine confirms: Cancel, Escape and a click outside go through `onCancel`.
    onOpenChange: () => {},
    onConfirm: () => send({ type: 'confirm' }),
    cancelLabel: t('gift_cards.cancel'),
    onCancel: () => {
      send({ type: 'cancel' });
      latest.current.onDone();
    },
  };
  return { snapshot, send, actor, confirmProps };
}

import {
  Button as RACButton,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastQueue as RACToastQueue,
  UNSTABLE_ToastRegion as RACToastRegion,
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import './Toast.css';
import { useLiftOverActionBars } from './toastLift';

/** What a notification says: `success` (a save, a cancellation) or `error` (what failed, in the server's words). */
export interface ToastMessage {
  variant: 'success' | 'error';
  title: string;
  description?: string;
}

/** How long a success stays; an error stays until it is closed (WCAG 2.2.1: no time limit on what went wrong). */
export const SUCCESS_TOAST_MS = 5000;

export type ToastQueue = RACToastQueue<ToastMessage>;

/** A queue of notifications, at most three on screen; the app has one (`toasts`), tests make their own. */
export function createToastQueue(): ToastQueue {
  return new RACToastQueue<ToastMessage>({ maxVisibleToasts: 3 });
}

/** The app's notifications: `toast.success('Saved')`, `toast.error('Not saved', reason)` from anywhere. */
export const toasts = createToastQueue();

export function toastApi(queue: ToastQueue) {
  return {
    success: (title: string, description?: string) =>
      queue.add(
        { variant: 'success', title, ...(description ? { description } : {}) },
        { timeout: SUCCESS_TOAST_MS },
      ),
    error: (title: string, description?: string) =>
      queue.add({ variant: 'error', title, ...(description ? { description } : {}) }),
  };
}

export const toast = toastApi(toasts);

/**
 * Where notifications appear (react-aria's toast region: a landmark named by how many there are ("2
 * notifications.", in react-aria's own strings), reached with F6, announced as they arrive, paused while hovered
 * or focused). Drawn once, in the app frame, at the window's bottom end — lifted above a form's sticky action bar
 * that would be under it (`useLiftOverActionBars`): a "Saved" never covers Save. Styled through `[data-variant]`,
 * `[data-focus-visible]` and `[data-entering]`.
 */
export function ToastRegion({ queue = toasts }: { queue?: ToastQueue }) {
  const { t } = useTranslation();
  const ref = useLiftOverActionBars(queue);
  return (
    <RACToastRegion ref={ref} queue={queue} className="toast-region">
      {({ toast: queued }) => (
        <RACToast toast={queued} className="toast" data-variant={queued.content.variant}>
          <RACToastContent className="toast__content">
            <Text slot="title" className="toast__title">
              {queued.content.title}
            </Text>
            {queued.content.description ? (
              <Text slot="description" className="toast__description">
                {queued.content.description}
              </Text>
            ) : null}
          </RACToastContent>
          <RACButton slot="close" className="toast__close" aria-label={t('general.close_dialog')}>
            <span aria-hidden="true">✕</span>
          </RACButton>
        </RACToast>
      )}
    </RACToastRegion>
  );
}

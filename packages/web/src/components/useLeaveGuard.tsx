import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from './AlertDialog';

/**
 * Asks before unsaved edits are dropped: while `dirty`, a move to another page (a link, the settings menu, back)
 * waits for "Leave without saving?" — Stay keeps the page and its edits, Leave goes on — and closing or
 * reloading the tab gets the browser's own question (`beforeunload`, through the router's blocker). A change
 * of the search params on the same page (a tab, a filter) is not a move away. Returns the dialog to draw.
 */
export function useLeaveGuard(dirty: boolean): ReactNode {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const shouldBlockFn = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
      dirtyRef.current && current.pathname !== next.pathname,
    [],
  );
  const blocker = useBlocker({
    shouldBlockFn,
    withResolver: true,
    disabled: !dirty,
    enableBeforeUnload: true,
  });
  return (
    <LeaveDialog
      isOpen={blocker.status === 'blocked'}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}

/** "Leave without saving?": Stay keeps the edits, Leave drops them (a page left, a drawer closed). */
export function LeaveDialog({
  isOpen,
  onLeave,
  onStay,
}: {
  isOpen: boolean;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      title={t('form_frame.leave_title')}
      isOpen={isOpen}
      onOpenChange={() => {}}
      confirmLabel={t('form_frame.leave')}
      onConfirm={onLeave}
      cancelLabel={t('form_frame.stay')}
      onCancel={onStay}
      destructive
    >
      <p>{t('form_frame.leave_text')}</p>
    </AlertDialog>
  );
}

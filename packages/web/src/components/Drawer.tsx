import {
  type CSSProperties,
  createContext,
  type MutableRefObject,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import './Dialog.css';
import './Drawer.css';

export interface DrawerProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The drawer's content; a function gets `close` (a Cancel button, closing after a save). */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Which edge it comes from: `start` (navigation) or `end` (details and forms beside a list). */
  side?: 'start' | 'end';
  /**
   * The width the documents give a panel (a CSS length: `'400px'`); such a panel fills the window at 900 px or
   * less. Without it, a narrow navigation drawer.
   */
  width?: string;
  /** Show the title to screen readers only. */
  hideTitle?: boolean;
  /** Beside the close button in the header (a drawer's own actions). */
  headerActions?: ReactNode;
  className?: string;
}

/**
 * The drawer around: its guard, asked before it closes (`useDrawerCloseGuard`), and `close`, which closes it
 * without asking (what a guard calls once the user agreed).
 */
const CloseGuard = createContext<{
  guard: MutableRefObject<(() => boolean) | null>;
  close: () => void;
} | null>(null);

/**
 * Holds the drawer around open when it is asked to close — Escape, a click outside, its close button or `close` —
 * while `mayClose` answers false (it then asks the user itself, and calls `close` again once they agree).
 */
export function useDrawerCloseGuard(mayClose: () => boolean): void {
  const guard = useContext(CloseGuard)?.guard;
  const latest = useRef(mayClose);
  latest.current = mayClose;
  useEffect(() => {
    if (!guard) return;
    const ask = () => latest.current();
    guard.current = ask;
    return () => {
      if (guard.current === ask) guard.current = null;
    };
  }, [guard]);
}

/** Closes the drawer around without asking its guard; `null` outside a drawer. */
export function useDrawerClose(): (() => void) | null {
  return useContext(CloseGuard)?.close ?? null;
}

/**
 * A side drawer (a react-aria Modal holding a Dialog): focus is trapped inside and returns to the trigger on
 * close; Escape, a click outside and the close button close it. Its header — the title and the close
 * button — stays at the top while the content scrolls under it, so a long form or a booking's details can
 * always be closed (unless its content holds it open to ask first: `useDrawerCloseGuard`). Styled through state
 * attributes: `[data-entering]` slides it in from its own edge.
 */
export function Drawer({
  title,
  isOpen,
  onOpenChange,
  children,
  side = 'start',
  width,
  hideTitle,
  headerActions,
  className,
}: DrawerProps) {
  const { t } = useTranslation();
  const style = width ? ({ '--drawer-width': width } as CSSProperties) : undefined;
  const guard = useRef<(() => boolean) | null>(null);
  const latestOpenChange = useRef(onOpenChange);
  latestOpenChange.current = onOpenChange;
  const [closeGuard] = useState(() => ({ guard, close: () => latestOpenChange.current(false) }));
  return (
    <ModalOverlay
      className="overlay overlay--drawer"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open || !guard.current || guard.current()) onOpenChange(open);
      }}
      isDismissable
    >
      <Modal
        className={['drawer', `drawer--${side}`, width ? 'drawer--panel' : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
        style={style}
      >
        <RACDialog className="drawer__dialog">
          {({ close }) => (
            <>
              <div className="drawer__header">
                <Heading slot="title" className={hideTitle ? 'visually-hidden' : 'drawer__title'}>
                  {title}
                </Heading>
                <div className="drawer__header-actions">
                  {headerActions}
                  <Button
                    variant="quiet"
                    className="drawer__close"
                    aria-label={t('general.close_dialog')}
                    onPress={close}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </div>
              </div>
              <div className="drawer__body">
                <CloseGuard.Provider value={closeGuard}>
                  {typeof children === 'function' ? children(close) : children}
                </CloseGuard.Provider>
              </div>
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

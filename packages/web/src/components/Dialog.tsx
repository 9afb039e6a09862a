import type { ReactNode } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import './Dialog.css';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** `drawer` slides in from the side (mobile navigation, detail panels); `modal` is centred. */
  variant?: 'modal' | 'drawer';
  /** Which edge a drawer comes from. */
  side?: 'start' | 'end';
  /** Show the title to screen readers only. */
  hideTitle?: boolean;
}

/**
 * A modal dialog or a side drawer: focus is trapped inside and returns to the trigger on close, Escape
 * and a click outside close it.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  variant = 'modal',
  side = 'start',
  hideTitle,
}: DialogProps) {
  return (
    <ModalOverlay
      className={`overlay overlay--${variant}`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className={`modal modal--${variant} modal--${side}`}>
        <RACDialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
                {title}
              </Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The same dialog as a side drawer. */
export function Drawer(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="drawer" />;
}

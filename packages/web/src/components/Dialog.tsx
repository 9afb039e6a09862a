import type { ReactNode } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import './Dialog.css';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Show the title to screen readers only. */
  hideTitle?: boolean;
  /** Extra class names for the panel. */
  className?: string;
}

/**
 * A centred modal dialog: focus is trapped inside and returns to the trigger on close, Escape and a click
 * outside close it. Side panels are `Drawer` (Drawer.tsx).
 */
export function Dialog({ title, isOpen, onOpenChange, children, hideTitle, className }: DialogProps) {
  return (
    <ModalOverlay
      className="overlay overlay--modal"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className={['modal', 'modal--modal', className ?? ''].filter(Boolean).join(' ')}>
        <RACDialog className="dialog">
          {({ close }) => (
            <>
              <div className="dialog__header">
                <Heading slot="title" className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
                  {title}
                </Heading>
              </div>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

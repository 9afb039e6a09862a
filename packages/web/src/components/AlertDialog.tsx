import type { ReactNode } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { Button } from './Button';
import './Dialog.css';

export interface AlertDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** The main button (closes the dialog, then runs `onConfirm`). */
  confirmLabel: string;
  onConfirm?: () => void;
  /** With a cancel label the dialog asks a question (two buttons); without one it only informs. */
  cancelLabel?: string;
  onCancel?: () => void;
  variant?: 'info' | 'error';
  /**
   * The confirm button destroys something (cancel a booking, terminate a contract): it is red, and the focus
   * starts on the cancel button, so Enter does not destroy by accident.
   */
  destructive?: boolean;
}

/**
 * A modal that needs an answer (role `alertdialog`): the booking error modal, "add the extra guest rows?".
 * Focus goes to the confirm button (to the cancel button when `destructive`); Escape cancels.
 */
export function AlertDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  confirmLabel,
  onConfirm,
  cancelLabel,
  onCancel,
  variant = 'info',
  destructive = false,
}: AlertDialogProps) {
  return (
    <ModalOverlay
      className="overlay overlay--modal"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel?.();
        onOpenChange(open);
      }}
      isKeyboardDismissDisabled={false}
    >
      <Modal className="modal modal--modal">
        <RACDialog role="alertdialog" className={`dialog dialog--${variant}`}>
          {() => (
            <>
              <Heading slot="title" className="dialog__title">
                {title}
              </Heading>
              <div className="dialog__body">{children}</div>
              <div className="dialog__actions">
                {cancelLabel ? (
                  <Button
                    variant="secondary"
                    autoFocus={destructive}
                    onPress={() => {
                      onCancel?.();
                      onOpenChange(false);
                    }}
                  >
                    {cancelLabel}
                  </Button>
                ) : null}
                <Button
                  variant={destructive ? 'danger' : 'primary'}
                  autoFocus={!destructive || !cancelLabel}
                  onPress={() => {
                    onOpenChange(false);
                    onConfirm?.();
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

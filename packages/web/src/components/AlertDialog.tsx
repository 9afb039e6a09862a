import type { ReactNode } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { Button } from './Button';
import './Dialog.css';

export interface AlertDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The body (or, with `form`, nothing). */
  children?: ReactNode;
  /**
   * The dialog asks for input (a note): `form` draws the body and its buttons — a form frame in its dialog variant
   * given `buttons` as its actions — and the confirm button submits that form (the form's submit confirms; the
   * button neither closes the dialog nor calls `onConfirm`).
   */
  form?: (buttons: ReactNode) => ReactNode;
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
 * A modal that needs an answer (role `alertdialog`): the booking error modal, "add the extra guest rows?", a
 * card's mark used with its note (`form`).
 * Focus goes to the confirm button (to the cancel button when `destructive`); Escape cancels.
 */
export function AlertDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  form,
  confirmLabel,
  onConfirm,
  cancelLabel,
  onCancel,
  variant = 'info',
  destructive = false,
}: AlertDialogProps) {
  const buttons = (
    <>
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
        type={form ? 'submit' : 'button'}
        variant={destructive ? 'danger' : 'primary'}
        autoFocus={!destructive || !cancelLabel}
        onPress={
          form
            ? undefined
            : () => {
                onOpenChange(false);
                onConfirm?.();
              }
        }
      >
        {confirmLabel}
      </Button>
    </>
  );
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
              {form ? (
                form(buttons)
              ) : (
                <>
                  <div className="dialog__body">{children}</div>
                  <div className="dialog__actions">{buttons}</div>
                </>
              )}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

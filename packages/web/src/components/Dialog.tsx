import type { ReactNode } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
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
  /** A drawer's own width (CSS length) instead of the default; extra class names for the panel. */
  width?: string;
  className?: string;
}

/**
 * A modal dialog or a side drawer: focus is trapped inside and returns to the trigger on close, Escape
 * and a click outside close it. A drawer also has a close button by its title: on a phone it can fill the
 * screen, leaving nothing outside to click.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  variant = 'modal',
  side = 'start',
  hideTitle,
  width,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      className={`overlay overlay--${variant}`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal
        className={['modal', `modal--${variant}`, `modal--${side}`, className ?? '']
          .filter(Boolean)
          .join(' ')}
        style={width ? { width } : undefined}
      >
        <RACDialog className="dialog">
          {({ close }) => (
            <>
              <div className="dialog__header">
                <Heading slot="title" className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
                  {title}
                </Heading>
                {variant === 'drawer' ? (
                  <Button
                    variant="quiet"
                    className="dialog__close"
                    aria-label={t('general.close_dialog')}
                    onPress={close}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                ) : null}
              </div>
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

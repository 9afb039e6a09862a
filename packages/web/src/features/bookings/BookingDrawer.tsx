import { bookingDrawerWidth } from '@tern/core';
import type { Role } from '@tern/sdk';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import '../../components/Dialog.css';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's width, following resizes. */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );
}

/**
 * The booking details drawer (document 1 §9, R121): from the end edge, 560 px for a supplier or an admin,
 * 700 px for a reseller, the whole window at 900 px or less (core's `bookingDrawerWidth`). The shared
 * `Drawer` has one fixed width, so this one sets its own on the same overlay and dialog styles.
 */
export function BookingDrawer({
  role,
  title,
  isOpen,
  onOpenChange,
  children,
}: {
  role: Role;
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: (close: () => void) => ReactNode;
}) {
  const width = bookingDrawerWidth(role, useViewportWidth());
  return (
    <ModalOverlay
      className="overlay overlay--drawer"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal
        className="modal modal--drawer modal--end booking-drawer"
        data-width={width}
        style={{ width: width === 'full' ? '100%' : `${width}px` }}
      >
        <RACDialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog__title">
                {title}
              </Heading>
              {children(close)}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

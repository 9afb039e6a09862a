import { bookingDrawerWidth } from '@tern/core';
import type { Role } from '@tern/sdk';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Drawer } from '../../components/Dialog';

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
 * 700 px for a reseller, the whole window at 900 px or less (core's `bookingDrawerWidth`), as the shared
 * `Drawer` with its own width.
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
    <Drawer
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      side="end"
      className="booking-drawer"
      width={width === 'full' ? '100%' : `${width}px`}
    >
      {children}
    </Drawer>
  );
}

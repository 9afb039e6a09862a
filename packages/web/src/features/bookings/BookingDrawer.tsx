import { bookingDrawerWidth } from '@tern/core/bookings';
import type { Role } from '@tern/sdk';
import type { ReactNode } from 'react';
import { Drawer } from '../../components/Drawer';
import { useViewportWidth } from '../../components/useViewportWidth';

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
      width={width === 'full' ? '100vw' : `${width}px`}
    >
      {children}
    </Drawer>
  );
}

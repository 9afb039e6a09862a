import type { ReactNode } from 'react';
import { deferred } from '../components/deferred';
import { DataProvider } from '../data/DataProvider';
import { PaymentLockBanner } from '../features/billing/PaymentLockBanner';
import { CookieDialogProvider } from '../features/privacy/CookieDialog';
import { useCatalogue } from '../i18n';
import { bookingPart } from '../i18n/bookingPart';
import { framePart } from '../i18n/framePart';
import { SelectedPropertyProvider } from '../session/SelectedProperty';
import { useSession } from '../session/SessionContext';
import { AppHeader } from './header/AppHeader';
import { MAIN_ID, SkipLink } from './SkipLink';
import './layouts.css';

/** The notifications' region (react-aria's toasts): a chunk fetched as the frame draws; queued toasts wait. */
const ToastRegion = deferred<object>(
  () => import('../components/Toast').then((m) => () => <m.ToastRegion />),
  () => null,
  'ToastRegion',
);

/** The frame's deferred parts, for tests that draw the app with them already loaded. */
export const frameParts = [ToastRegion];

/**
 * The signed-in app: header with navigation, property switcher and user menu, then the page. The query cache
 * lives here, with the screens that load data (the sign-in page does not load the query library), and the
 * selected property (an admin's is read through it).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  // The frame's own strings and the booking engine's come with the frame (the sign-in page does not load them).
  useCatalogue(bookingPart, framePart);
  // Every app route is guarded. When the session ends here (sign-out, expiry, a 440) the page goes
  // at once, before the session machine's navigation to /login lands.
  const session = useSession();
  if (!session) return null;
  return (
    <DataProvider>
      <SelectedPropertyProvider>
        <CookieDialogProvider>
          <div className="app-layout">
            <SkipLink />
            <AppHeader />
            <main id={MAIN_ID} tabIndex={-1} className="app-layout__main">
              <PaymentLockBanner />
              {children}
            </main>
            <ToastRegion />
          </div>
        </CookieDialogProvider>
      </SelectedPropertyProvider>
    </DataProvider>
  );
}

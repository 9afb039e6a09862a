import { deviceToday, type Failure } from '@tern/core';
import type { CalendarSession } from '@tern/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createTernClient } from '../../../app/client';
import { ToastRegion } from '../../../components/Toast';
import { addCatalogue, createI18n } from '../../../i18n';
import { inventoryPart } from '../../../i18n/inventory';
import { type CalendarParams, frameFailed, readCalendarParams } from '../frameMessages';
import { CalendarApp } from './CalendarApp';
import '../../../styles/base.css';

// The inventory calendar's own page (`/inventory/calendar.html`), opened in the inventory page's frame with a
// one-time token in the fragment. It holds its calendar session in memory only: a reload needs a new token.

const params = readCalendarParams(window.location.hash);
// The token leaves the address at once (history, a copied link, the Referer).
if (window.location.hash) history.replaceState(null, '', window.location.pathname);

let sessionToken: string | null = null;
let onExpired: ((error: unknown) => void) | null = null;
const client = createTernClient({
  token: () => sessionToken,
  onSessionExpired: (error) => onExpired?.(error),
  // A calendar session makes no payments.
  onPaymentLocked: () => {},
});

const exchange = (p: CalendarParams): Promise<CalendarSession> =>
  client.inventory.openCalendar({ body: { token: p.token, propertyId: p.propertyId } });

const onOpen = (session: CalendarSession, end: (error: unknown) => void) => {
  sessionToken = session.token;
  onExpired = end;
};

/** Tells the inventory page (only a page of this origin that framed this one). */
const onFailed = (error: Failure) => {
  if (window.parent !== window) window.parent.postMessage(frameFailed(error), window.location.origin);
};

const i18n = createI18n();
addCatalogue(i18n, inventoryPart);
document.title = i18n.t('inventory.calendar_title');

const root = document.getElementById('root');
if (!root) throw new Error('calendar.html has no #root');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <CalendarApp
        params={params}
        client={client}
        exchange={exchange}
        onOpen={onOpen}
        onFailed={onFailed}
        today={deviceToday()}
      />
      <ToastRegion />
    </I18nextProvider>
  </StrictMode>,
);

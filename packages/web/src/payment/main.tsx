import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createStoreI18n } from '../store/i18n';
import { loadLive } from '../store/live';
import { PaymentPage } from './PaymentPage';
import { sandboxApi, sessionIdOf } from './sandboxApi';
import './payment.css';

/**
 * The sandbox payment provider's hosted page (payment.html, served by the server's payment host at
 * `/pay/{sessionId}` on its own origin): no router, no zod — the session, the card form (core's M32) and the
 * way back to the store.
 */
const root = document.getElementById('root');
if (!root) throw new Error('payment.html has no #root');
const i18n = createStoreI18n();
// The visualizer's Live first, when this browser turned it on (its own chunk, never in the first load).
void loadLive().then(() =>
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <PaymentPage sessionId={sessionIdOf(window.location.pathname)} api={sandboxApi} i18n={i18n} />
    </I18nextProvider>,
  ),
);

// First: zod's settings before any schema is built.
import './app/zodConfig';
import { LOGIN_PATH } from '@tern/core/navigation';
import { createRoot } from 'react-dom/client';
import { FirstLoad, startPageLoad } from './app/FirstLoad';
import { createServices } from './app/services';
import { createI18n } from './i18n';
import './styles/base.css';

const services = createServices();

/** The router's chunk, asked for once (again after a failure: offline for a moment). */
let routed: Promise<typeof import('./app/routed')> | null = null;
const loadRouted = () => {
  routed ??= import('./app/routed').catch((error: unknown) => {
    routed = null;
    throw error;
  });
  return routed;
};

// A page other than sign-in: the stored session's check goes out first, then its chunks are asked for, both
// before React draws anything (FirstLoad makes the router once they are there).
if (window.location.pathname !== LOGIN_PATH) {
  services.askTokenEarly();
  void startPageLoad(services, loadRouted).catch(() => {});
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<FirstLoad services={services} i18n={createI18n()} loadRouted={loadRouted} />);

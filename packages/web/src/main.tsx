import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createServices } from './app/services';
import { createI18n } from './i18n';
import { createAppRouter } from './router/router';
import './styles/base.css';

const services = createServices();
const router = createAppRouter(services);
services.navigate = (href, options) => void router.navigate({ href, replace: options?.replace ?? false });
services.currentLocation = () => router.state.location.href;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<App services={services} router={router} i18n={createI18n()} />);

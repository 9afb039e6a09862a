import { matchRoute } from '@tern/core/navigation';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createStoreApi } from './api';
import { createStoreI18n } from './i18n';
import { StoreLayout } from './layout/StoreLayout';
import { loadLive } from './live';
import { StoreRouter } from './router';
import { StoreApp } from './StoreApp';
import './store.css';

/**
 * The public gift store's entry (store.html): its own first load, sharing with the staff app only React, core's
 * route table and rules, the SDK's light modules and the translator (vite.config.ts keeps its chunks apart).
 */
const root = document.getElementById('root');
if (!root) throw new Error('store.html has no #root');
/** A public gift campaign's page (core's `campaign` layout, design §9): its own chunk, drawn instead of a store. */
const CampaignApp = lazy(() => import('../campaign/CampaignApp').then((m) => ({ default: m.CampaignApp })));
const campaign = matchRoute(window.location.pathname)?.route.layout === 'campaign';
// The visualizer's Live first, when this browser turned it on (its own chunk, never in the first load).
void loadLive().then(() =>
  createRoot(root).render(
    campaign ? (
      <Suspense fallback={null}>
        <CampaignApp />
      </Suspense>
    ) : (
      <StoreRouter>
        <StoreApp api={createStoreApi()} i18n={createStoreI18n()} layout={StoreLayout} />
      </StoreRouter>
    ),
  ),
);

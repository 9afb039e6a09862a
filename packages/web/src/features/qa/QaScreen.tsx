import { lazy, Suspense } from 'react';

const MachinesPage = lazy(() => import('./MachinesPage').then((m) => ({ default: m.MachinesPage })));

/**
 * The `/qa/machines` screen: a stub chunk that loads the page. The router's chunk (in every routed page's first
 * load) then names one file for this screen instead of the page's whole list of dependencies.
 */
export function QaScreen() {
  return (
    <Suspense fallback={null}>
      <MachinesPage />
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import { AppHeader } from './header/AppHeader';
import { MAIN_ID, SkipLink } from './SkipLink';
import './layouts.css';

/** The signed-in app: header with navigation, property switcher and user menu, then the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-layout">
      <SkipLink />
      <AppHeader />
      <main id={MAIN_ID} tabIndex={-1} className="app-layout__main">
        {children}
      </main>
    </div>
  );
}

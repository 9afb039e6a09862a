import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { MAIN_ID, SkipLink } from './SkipLink';
import './layouts.css';

/** Login, reset link, 404: the logo and one centred column. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bare-layout">
      <SkipLink />
      <header className="bare-layout__header">
        <Logo />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="bare-layout__main">
        {children}
      </main>
    </div>
  );
}

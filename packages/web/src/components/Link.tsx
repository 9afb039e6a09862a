import type { ReactNode } from 'react';
import { Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components';
import './Link.css';

export interface LinkProps extends Omit<RACLinkProps, 'className' | 'children'> {
  /** `inline` in text, `button` looks like a secondary button, `nav` for navigation bars. */
  variant?: 'inline' | 'button' | 'nav';
  className?: string;
  children: ReactNode;
}

/** A link; app paths navigate inside the app through the router (RAC's RouterProvider in App). */
export function Link({ variant = 'inline', className, children, ...props }: LinkProps) {
  return (
    <RACLink {...props} className={['link', `link--${variant}`, className ?? ''].filter(Boolean).join(' ')}>
      {children}
    </RACLink>
  );
}

/** A click that opens a link here (the main button, no modifier key): not in a new tab or window. */
export const isPlainClick = (e: React.MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A link's `onClick` that calls `go` instead of following the link on a plain click (a machine that opens the
 * page itself), and lets a new-tab click follow the address.
 */
export const instead = (go: () => void) => (e: React.MouseEvent) => {
  if (!isPlainClick(e)) return;
  e.preventDefault();
  go();
};

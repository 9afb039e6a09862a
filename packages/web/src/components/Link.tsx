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

import { forwardRef, type ReactNode } from 'react';

/** The page's h1. Focusable from script (`tabIndex -1`) so navigation and step changes can move focus to it. */
export const PageHeading = forwardRef<HTMLHeadingElement, { children: ReactNode; className?: string }>(
  function PageHeading({ children, className }, ref) {
    return (
      <h1 ref={ref} tabIndex={-1} className={className}>
        {children}
      </h1>
    );
  },
);

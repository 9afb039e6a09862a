import type { ReactNode } from 'react';
import './EmptyState.css';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The heading level inside the page (defaults to h2). */
  level?: 2 | 3;
}

/** What a list or page shows when there is nothing (yet). */
export function EmptyState({ title, children, action, level = 2 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state__icon" aria-hidden="true">
        <svg
          aria-hidden="true"
          viewBox="0 0 48 48"
          width="48"
          height="48"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="8" y="10" width="32" height="28" rx="4" />
          <path d="M8 18h32M16 26h16M16 31h10" />
        </svg>
      </div>
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}

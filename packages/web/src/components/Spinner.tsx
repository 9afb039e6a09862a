import { ProgressBar } from 'react-aria-components';
import './Spinner.css';

export interface SpinnerProps {
  /** What is loading, for screen readers. Leave out only with `decorative`. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Inside a button that already says it is busy: hidden from assistive technology. */
  decorative?: boolean;
}

/** An indeterminate progress indicator (an aria progressbar). */
export function Spinner({ label, size = 'md', decorative }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <ProgressBar isIndeterminate aria-label={label} className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
    </ProgressBar>
  );
}

/** A quiet full-page loader (session restore, lazy screens). */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <div className="full-page-loader">
      <Spinner label={label} size="lg" />
    </div>
  );
}

import './Spinner.css';

export interface SpinnerProps {
  /** What is loading, for screen readers. Leave out only with `decorative`. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Inside a button that already says it is busy: hidden from assistive technology. */
  decorative?: boolean;
}

/**
 * An indeterminate progress indicator: a `progressbar` without a value, named by `label`. Plain markup rather
 * than react-aria's ProgressBar, whose value formatting an indeterminate bar never uses — the spinner is in the
 * shell's first load (the session restore).
 */
export function Spinner({ label, size = 'md', decorative }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <div role="progressbar" aria-label={label} className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
    </div>
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

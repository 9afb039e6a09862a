import { forwardRef, type ReactNode } from 'react';
import './Alert.css';

/**
 * A banner. `error` is an assertive alert (role `alert`); the others are polite status messages. Pass a
 * ref to move focus to it after a failed step.
 */
export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}

export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { variant = 'info', title, children, action },
  ref,
) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={variant === 'error' ? 'alert' : 'status'}
      className={`alert alert--${variant}`}
    >
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
      </div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
});

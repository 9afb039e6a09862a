import type { ReactNode } from 'react';
import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { Spinner } from './Spinner';
import './Button.css';

/**
 * Buttons. `variant`: `primary` (the one obvious next step), `secondary`, `quiet` (toolbar and menu
 * triggers), `link` (looks like a link, acts as a button), `danger`. `isPending` shows a spinner and keeps
 * focus on the button while the work runs.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'link' | 'danger';

export interface ButtonProps extends Omit<RACButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
}

export function Button({ variant = 'primary', fullWidth, className, children, ...props }: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, fullWidth ? 'btn--full' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <RACButton {...props} className={classes}>
      {({ isPending }) => (
        <>
          {isPending ? <Spinner size="sm" decorative /> : null}
          <span className="btn__label">{children}</span>
        </>
      )}
    </RACButton>
  );
}

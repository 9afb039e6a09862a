import type { ReactNode } from 'react';
import { Checkbox as RACCheckbox, type CheckboxProps as RACCheckboxProps } from 'react-aria-components';
import './Checkbox.css';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
}

/** A checkbox with its label as children. */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <RACCheckbox {...props} className="checkbox">
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" aria-hidden="true">
          <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
        </svg>
      </span>
      <span>{children}</span>
    </RACCheckbox>
  );
}

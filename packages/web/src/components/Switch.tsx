import type { ReactNode } from 'react';
import { Switch as RACSwitch, type SwitchProps as RACSwitchProps } from 'react-aria-components';
import './Switch.css';

export interface SwitchProps extends Omit<RACSwitchProps, 'className' | 'children'> {
  children: ReactNode;
}

/** An on/off setting (a switch role, its label as children): for a state that holds, not an item picked in a list. */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <RACSwitch {...props} className="switch">
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span>{children}</span>
    </RACSwitch>
  );
}

import type { ReactElement } from 'react';
import { Tooltip as RACTooltip, TooltipTrigger } from 'react-aria-components';
import './Tooltip.css';

export interface TooltipProps {
  /** The focusable control the tip is about (a react-aria Button, or an element react-aria can focus). */
  children: ReactElement;
  /** The tip's words: shown on hover and on keyboard focus, after a short delay. */
  text: string;
}

/** Words about a control, on hover and on focus (never the control's only name: give it an aria-label too). */
export function Tooltip({ children, text }: TooltipProps) {
  return (
    <TooltipTrigger delay={600}>
      {children}
      <RACTooltip className="tooltip" offset={6}>
        {text}
      </RACTooltip>
    </TooltipTrigger>
  );
}

import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import './PopoverButton.css';

export interface PopoverButtonProps {
  /** The button's visible text (the current value, e.g. "2 adults · 0 children"). */
  value: string;
  /** The button's and the panel's accessible name ("Guests"). */
  label: string;
  /** The panel: fields that edit the value. */
  panel: ReactNode | ((close: () => void) => ReactNode);
  className?: string;
  /** A visible label above the button (like a field's). */
  showLabel?: boolean;
}

/** A button that opens a small panel of fields (the occupancy dropdown of document 1 §2). */
export function PopoverButton({ value, label, panel, className, showLabel }: PopoverButtonProps) {
  return (
    <div className={['field', 'popover-button', className ?? ''].filter(Boolean).join(' ')}>
      {showLabel ? (
        <span className="field__label" aria-hidden="true">
          {label}
        </span>
      ) : null}
      <DialogTrigger>
        <Button className="popover-button__trigger" aria-label={`${label}: ${value}`}>
          <span className="popover-button__value">{value}</span>
          <span aria-hidden="true" className="select__chevron">
            ▾
          </span>
        </Button>
        <Popover className="popover-button__popover" placement="bottom start">
          <Dialog className="popover-button__dialog" aria-label={label}>
            {({ close }) => (typeof panel === 'function' ? panel(close) : panel)}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

import { type ReactNode, useState } from 'react';
import { TextField } from '../../../components/TextField';

/** What a number field holds: a number, `null` when empty, `NaN` when it is not a number (the rules say so). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return Number(trimmed);
}

const textOf = (value: number | null) => (value === null || Number.isNaN(value) ? '' : String(value));
const same = (a: number | null, b: number | null) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

export interface NumberTextProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  description?: ReactNode;
  errorMessage?: string | null;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** `numeric` for whole numbers, `decimal` for amounts (the phone's keyboard). */
  kind?: 'numeric' | 'decimal';
}

/**
 * A number typed as text: what is typed stays as typed ("1." on the way to "1.5"), the value goes up parsed, and
 * a value changed from outside (a sell mode switch) replaces the text.
 */
export function NumberText({ value, onChange, kind = 'numeric', ...props }: NumberTextProps) {
  const [text, setText] = useState(() => textOf(value));
  const [shown, setShown] = useState(value);
  if (!same(shown, value)) {
    setShown(value);
    if (!same(parseNumber(text), value)) setText(textOf(value));
  }
  return (
    <TextField
      {...props}
      inputMode={kind === 'decimal' ? 'text' : 'numeric'}
      value={text}
      onChange={(next) => {
        setText(next);
        const parsed = parseNumber(next);
        setShown(parsed);
        onChange(parsed);
      }}
      errorMessage={props.errorMessage ?? null}
    />
  );
}

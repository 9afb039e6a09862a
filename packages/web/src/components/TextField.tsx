import type { ReactNode, Ref } from 'react';
import {
  Input,
  Label,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import './Field.css';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: string;
  description?: ReactNode;
  /** The translated message of a field error; the field is invalid while it is set. */
  errorMessage?: string | null;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra content after the input, inside the field's box (the password toggle). */
  addon?: ReactNode;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'search';
}

/**
 * A labelled text input. Field errors from core rules are passed translated in `errorMessage`: the input
 * gets `aria-invalid` and is described by the message (and the description).
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputRef,
  addon,
  inputMode,
  ...props
}: TextFieldProps) {
  return (
    <RACTextField {...props} className="field" isInvalid={Boolean(errorMessage)} validationBehavior="aria">
      <Label className="field__label">{label}</Label>
      <div className="field__control">
        <Input className="field__input" placeholder={placeholder} ref={inputRef} inputMode={inputMode} />
        {addon}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}

import type { ReactNode, Ref } from 'react';
import {
  Label,
  TextArea as RACTextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import './Field.css';

export interface TextAreaProps extends Omit<RACTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: string;
  description?: ReactNode;
  /** The translated message of a field error; the field is invalid while it is set. */
  errorMessage?: string | null;
  placeholder?: string;
  /** Visible lines before it scrolls (the box can be made taller by hand). */
  rows?: number;
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled multi-line text field (a special request, a message to a property), like `TextField`: a field
 * error passed translated in `errorMessage` marks it `aria-invalid` and describes it, with the description.
 * Styled through `[data-invalid]`, `[data-disabled]` and `[data-focus-visible]` like the other fields.
 */
export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  textAreaRef,
  ...props
}: TextAreaProps) {
  return (
    <RACTextField {...props} className="field" isInvalid={Boolean(errorMessage)} validationBehavior="aria">
      <Label className="field__label">{label}</Label>
      <div className="field__control">
        <RACTextArea
          className="field__input field__input--multiline"
          placeholder={placeholder}
          rows={rows}
          ref={textAreaRef}
        />
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}

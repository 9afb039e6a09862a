import { type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled text field of the store's forms with its error beside it (`store_messages.<name>` keys from core's
 * rules): the input names the error with `aria-describedby` and is `aria-invalid` while it stands.
 */
export function Field({
  label,
  error,
  value,
  onValue,
  multiline,
  ...rest
}: {
  label: string;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return (
    <div className="store-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} name={rest.name} rows={3} onChange={(e) => onValue(e.target.value)} />
      ) : (
        <input {...rest} {...common} onChange={(e) => onValue(e.target.value)} />
      )}
      {error ? (
        <p id={errorId} className="store-field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

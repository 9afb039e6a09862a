import { type Failure, failureOf } from '@tern/core/errorWords';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const isFailure = (value: unknown): value is Failure =>
  Boolean(value) &&
  typeof value === 'object' &&
  'message' in (value as object) &&
  'params' in (value as object) &&
  'code' in (value as object);

/**
 * The words a screen shows for a failed call: the translation of its API error code (`api_errors.<code>`,
 * with the reply's params), never the server's English; a failure without a known code (a network error, a
 * newer server's code) shows the app's general error text. Takes a machine's `Failure` or anything a call
 * threw.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const failure = isFailure(error) ? error : failureOf(error);
      const key = failure.code ? `api_errors.${failure.code}` : null;
      // The language's words for the code, else (a code it has no words for yet) the English (`fallbackLng`).
      if (key && i18n.exists(key)) return t(key, { ...failure.params, defaultValue: failure.message });
      return t('general.error_description');
    },
    [t, i18n],
  );
}

/**
 * The words beside a field the server refused: the translation of the field's code, except for
 * `invalid_value`, whose words are the contract schema's own (they say what the field needs); a field without
 * a code keeps its message.
 */
export function useFieldErrorText(): (field: { code?: string; params?: object; message: string }) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (field) => {
      const key = field.code && field.code !== 'invalid_value' ? `api_errors.${field.code}` : null;
      return key && i18n.exists(key)
        ? t(key, { ...field.params, defaultValue: field.message })
        : field.message;
    },
    [t, i18n],
  );
}

import { useTranslation } from 'react-i18next';
import { useErrorText, useFieldErrorText } from '../errors/useErrorText';
import type { useFormDrawer } from './useFormDrawer';

/**
 * The words of a back-office drawer on `useFormDrawer`: beside a field, its rule's message (a translated key)
 * or, after a refused save, the server's words for it (`useFieldErrorText`); above the form, a refused save's
 * words (`useErrorText`).
 */
export function useFormTexts(form: ReturnType<typeof useFormDrawer>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const refused = form.failure ? form.snapshot.context.refusedFields : [];
  return {
    field: (name: string): string | null => {
      const key = form.errors[name];
      if (key) return t(key);
      const field = refused.find((f) => f.field === name);
      return field ? fieldText(field) : null;
    },
    failure: form.failure ? errorText(form.failure) : null,
  };
}

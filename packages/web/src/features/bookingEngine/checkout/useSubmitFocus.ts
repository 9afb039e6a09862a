import { type RefObject, useCallback } from 'react';

/** Document 1 §4: a failed validation scrolls to (and focuses) the first invalid field of the form. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>) {
  return useCallback(() => {
    requestAnimationFrame(() => {
      const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView({ behavior: 'smooth', block: 'center' });
      first.focus({ preventScroll: true });
    });
  }, [form]);
}

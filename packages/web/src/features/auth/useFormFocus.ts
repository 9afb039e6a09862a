import { useCallback, useEffect, useRef } from 'react';

/**
 * Focus after a submit: the first field in error (in the form's order), else the error banner when the
 * server refused. `attempt` counts submits, so focus moves only in answer to one.
 */
export function useFormFocus<F extends string>(
  order: readonly F[],
  fieldErrors: Partial<Record<F, unknown>>,
  error: unknown,
  attempt: number,
) {
  const fields = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const alertRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only after a submit.
  useEffect(() => {
    if (attempt === 0) return;
    const first = order.find((field) => fieldErrors[field]);
    if (first) fields.current[first]?.focus();
  }, [attempt]);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);
  const fieldRef = useCallback(
    (field: F) => (element: HTMLInputElement | null) => {
      fields.current[field] = element;
    },
    [],
  );
  return { fieldRef, alertRef };
}

/** Focus the step's heading when the step changes (not on the first render). */
export function useFocusOnChange(key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}

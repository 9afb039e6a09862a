import { isFormDirty } from '@tern/core/admin';
import { type FormFrameProps, problemsOf } from '../../components/FormFrame';
import type { useFormDrawer } from './useFormDrawer';
import { useFormTexts } from './useFormTexts';

type FrameState = Pick<FormFrameProps, 'onSubmit' | 'busy' | 'dirty' | 'problems' | 'failure'>;

/**
 * A `useFormDrawer` form as its `FormFrame` draws it: the words beside each field (`texts.field`), the summary's
 * list (each field with an error, by the label `labels` gives it), the refusal's words, and dirty while the
 * values differ from those it started with and are not saved.
 */
export function useFormFrame(
  form: ReturnType<typeof useFormDrawer>,
  labels: Readonly<Record<string, string>>,
): { texts: ReturnType<typeof useFormTexts>; frame: FrameState } {
  const texts = useFormTexts(form);
  const named = new Set([
    ...Object.keys(form.errors).filter((field) => form.errors[field]),
    ...(form.failure ? form.snapshot.context.refusedFields.map((f) => f.field) : []),
  ]);
  return {
    texts,
    frame: {
      onSubmit: form.submit,
      busy: form.busy,
      dirty: !form.snapshot.matches('saved') && isFormDirty(form.snapshot.context),
      problems: problemsOf(named, labels, texts.field),
      failure: texts.failure,
    },
  };
}

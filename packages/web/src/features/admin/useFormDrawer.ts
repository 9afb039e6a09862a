import { type FormDrawerInput, type FormErrors, formDrawerMachine } from '@tern/core/admin';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';

/**
 * Core's `formDrawerMachine` for one drawer form of values `V`: `save` sends the values (the machine checks them
 * with the form's core rule first), `onSaved` runs once with what the save returned. The form renders the
 * snapshot (values, the errors to show, busy, the failure) and sends `change` / `submit` / `retry`.
 */
export function useFormDrawer<V extends object, O>(
  input: FormDrawerInput<object>,
  save: (values: V) => Promise<O>,
  onSaved: (saved: O) => void,
) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  const logic = useMemo(
    () =>
      formDrawerMachine.provide({
        actors: { save: fromPromise<unknown, object>(({ input: values }) => saveRef.current(values as V)) },
      }),
    [],
  );
  const [snapshot, send, actor] = useMachine(logic, { input });
  useEffect(() => {
    const subscription = actor.on('form.saved', ({ saved }) => savedRef.current(saved as O));
    return () => subscription.unsubscribe();
  }, [actor]);
  const { context } = snapshot;
  return {
    snapshot,
    values: context.values as V,
    /** The errors to show (message keys by field): none until a submit found some. */
    errors: (context.showErrors ? context.errors : {}) as FormErrors,
    busy: snapshot.hasTag('busy'),
    failure: snapshot.matches('failed') ? context.error : null,
    change: (values: Partial<V>) => send({ type: 'form.change', values }),
    submit: () => send({ type: 'form.submit' }),
    retry: () => send({ type: 'user.retry' }),
  };
}

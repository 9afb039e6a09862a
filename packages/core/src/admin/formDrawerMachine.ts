import { assign, createActor, emit, fromPromise, setup, waitFor } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * One drawer form of the back office (document 2 §3, §5, §8: payment providers M20, promo codes M21, property
 * details, policies), kept apart from what it edits: its values are changed with `form.change`; `form.submit`
 * checks them with the core rule it was given (`validate`, returning message keys by field) — wrong values go
 * back to `editing` with their errors shown, right ones are sent once through the `save` actor the edge
 * provides. A refused save keeps its error in `failed`, which takes `user.retry` (the same values again), more
 * changes, or another submit. `saved` ends the machine with what the save returned (`form.saved` is emitted
 * too); `form.close` ends it without saving. The values are dirty while they differ from those it started with.
 *
 * One machine for every form: a form's values are typed where it is known — `formDrawerInput` checks the
 * values against the rule, the edge's `save` reads its input as that form's values.
 *
 * ```ts
 * const machine = formDrawerMachine.provide({
 *   actors: {
 *     save: fromPromise(({ input }) => client.promoCodes.create({ body: promoBodyOf(input as PromoDraft, id) })),
 *   },
 * });
 * createActor(machine, { input: promoFormInput(null, today) }).start();
 * ```
 */

/** Message keys by field (`validation_messages.*`); a field without one is right. */
export type FormErrors = Readonly<Partial<Record<string, string>>>;

export interface FormDrawerInput<V extends object> {
  values: V;
  /** The core rule of this form: the errors of these values, by field. */
  validate: (values: V) => FormErrors;
}

export interface FormDrawerContext<V extends object = object, O = unknown> {
  /** The values it started with (dirty tracking). */
  initial: V;
  values: V;
  validate: (values: V) => FormErrors;
  errors: FormErrors;
  /** Errors are shown once a submit found some (document 2 §5), and follow the changes after. */
  showErrors: boolean;
  error: Failure | null;
  /** The fields a refused save names (the API's `fields`: a dotted field, its code and words). */
  refusedFields: readonly RefusedField[];
  /** What the save returned. */
  saved: O | null;
}

export interface RefusedField {
  field: string;
  code?: string;
  params?: object;
  message: string;
}

const refusedFieldsOf = (error: unknown): RefusedField[] => {
  const fields = (error as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields)
    ? fields.filter((f): f is RefusedField => typeof f?.field === 'string' && typeof f.message === 'string')
    : [];
};

/** `form.change` takes some of the values (typed by the edge that knows the form: `FormChange<PromoDraft>`). */
export type FormChange<V extends object> = { type: 'form.change'; values: Partial<V> };

export type FormDrawerEvent =
  | FormChange<object>
  | { type: 'form.submit' }
  | { type: 'user.retry' }
  | { type: 'form.close' };

const hasErrors = (errors: FormErrors) => Object.values(errors).some((e) => e !== undefined);
const errorsOf = (context: FormDrawerContext, values: object) =>
  (context.validate as (values: object) => FormErrors)(values);

/** Whether the values differ from those the form started with. */
export const isFormDirty = (context: Pick<FormDrawerContext, 'initial' | 'values'>) =>
  JSON.stringify(context.values) !== JSON.stringify(context.initial);

/** The input of one form (its values' type checked against its rule's). */
export const formDrawerInput = <V extends object>(input: FormDrawerInput<V>) =>
  input as unknown as FormDrawerInput<object>;

export const formDrawerMachine = setup({
  types: {
    context: {} as FormDrawerContext,
    events: {} as FormDrawerEvent,
    input: {} as FormDrawerInput<object>,
    output: {} as unknown,
    emitted: {} as { type: 'form.saved'; saved: unknown },
  },
  actors: {
    save: notProvided<unknown, object>('save'),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(errorsOf(context, context.values)),
  },
  actions: {
    showErrors: assign(({ context }) => ({ showErrors: true, errors: errorsOf(context, context.values) })),
    change: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const values = { ...context.values, ...event.values };
      return { values, errors: context.showErrors ? errorsOf(context, values) : {} };
    }),
  },
}).createMachine({
  id: 'formDrawer',
  context: ({ input }) => ({
    initial: input.values,
    values: input.values,
    validate: input.validate,
    errors: {},
    showErrors: false,
    error: null,
    refusedFields: [],
    saved: null,
  }),
  initial: 'editing',
  output: ({ context }: { context: FormDrawerContext }) => context.saved,
  on: {
    'form.close': '.closed',
  },
  states: {
    editing: {
      on: {
        'form.change': { actions: 'change' },
        'form.submit': 'validating',
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'saving', actions: assign({ errors: {} }) },
        {
          target: 'editing',
          actions: 'showErrors',
        },
      ],
    },
    saving: {
      tags: ['busy'],
      entry: assign({ error: null, refusedFields: [] }),
      // A save under way ends in saved or failed, never unheard.
      on: { 'form.close': {} },
      invoke: {
        src: 'save',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saved',
          actions: [
            assign(({ event }) => ({ saved: event.output })),
            emit(({ event }) => ({ type: 'form.saved' as const, saved: event.output })),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            error: failureOf(event.error),
            refusedFields: refusedFieldsOf(event.error),
          })),
        },
      },
    },
    failed: {
      on: {
        'user.retry': 'saving',
        'form.change': { target: 'editing', actions: 'change' },
        'form.submit': 'validating',
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
});

/** How a form sent once from a script ended: refused by its rule (before any call), or saved. */
export type SubmittedForm<O> = { status: 'invalid'; errors: FormErrors } | { status: 'saved'; saved: O };

/**
 * One form driven headless, as a script's flags fill it (the CLI's `add` and `create` commands): the machine
 * starts with `input`, takes `values` in one `form.change` and one `form.submit`; wrong values end it with the
 * rule's errors and no call, right ones go once through `save`. A refused save is thrown as it came.
 */
export async function submitForm<O>(
  input: FormDrawerInput<object>,
  values: object,
  save: (values: object) => Promise<O>,
): Promise<SubmittedForm<O>> {
  let refusal: { error: unknown } | null = null;
  const machine = formDrawerMachine.provide({
    actors: {
      save: fromPromise<unknown, object>(({ input: sent }) =>
        save(sent).catch((error: unknown) => {
          refusal = { error };
          throw error;
        }),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  actor.send({ type: 'form.change', values });
  actor.send({ type: 'form.submit' });
  const done = await waitFor(actor, (s) => !s.hasTag('busy') && !s.matches('validating'));
  actor.stop();
  if (done.matches('editing')) return { status: 'invalid', errors: done.context.errors };
  if (done.matches('failed')) throw (refusal as { error: unknown } | null)?.error ?? done.context.error;
  return { status: 'saved', saved: done.output as O };
}

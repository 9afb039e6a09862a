import type { Store } from '@tern/sdk';
import { assign, emit, setup } from 'xstate';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  newStoreValues,
  type StoreFormValues,
  slugChangeNeedsConfirmation,
  storeFormErrors,
  storeSaveRefusal,
  storeValuesOf,
} from './stores.js';

/**
 * M16, one store's tab of the store settings (document 2 §2, §4, §5, §8, §9): its values change with
 * `form.change`; right values are saved 500 ms after the last change (`debouncing`, restarted by each change);
 * a saved store whose slug changed asks first (`confirmSlug`: `slug.confirm` saves, `slug.cancel` goes back to
 * editing); the edge's `save` actor creates the store (no id yet) or changes it, and its answer makes the tab a
 * saved one (which cannot be closed). A change while saving is saved after. A refusal is kept in `error`, and
 * `refusal` says which notification it is: `slugTaken` for the exact words of §8, else `general`.
 *
 * ```ts
 * const machine = storeSettingsMachine.provide({
 *   actors: {
 *     save: fromPromise(({ input }) => input.storeId
 *       ? client.stores.update({ params: { id: input.storeId }, body: { propertyId, store: storeBodyOf(input.values, true) } })
 *       : client.stores.create({ body: { propertyId, store: storeBodyOf(input.values, false) } })),
 *   },
 * });
 * createActor(machine, { input: { store: null } }).start();
 * ```
 */

/** Document 2 §4, §9: the store save waits this long after the last change. */
export const STORE_SAVE_DEBOUNCE_MS = 500;

export interface StoreSettingsInput {
  /** The saved store, or `null` for a new tab. */
  store: Store | null;
  /** A new tab's values (defaults to document 2 §9's when absent). */
  values?: StoreFormValues;
}

export interface StoreSaveInput {
  storeId: string | null;
  values: StoreFormValues;
}

export interface StoreSettingsContext {
  storeId: string | null;
  /** The slug the server holds (`null` until saved): a change of it asks first. */
  savedSlug: string | null;
  values: StoreFormValues;
  errors: FormErrors;
  /** Errors are shown once a field was changed to a wrong value. */
  showErrors: boolean;
  /** Changed while a save was on its way: saved again after. */
  changedWhileSaving: boolean;
  error: Failure | null;
  refusal: 'slugTaken' | 'general' | null;
  saved: Store | null;
}

export type StoreSettingsEvent =
  | { type: 'form.change'; values: Partial<StoreFormValues> }
  | { type: 'slug.confirm' }
  | { type: 'slug.cancel' }
  | { type: 'user.retry' };

const hasErrors = (errors: FormErrors) => Object.values(errors).some((e) => e !== undefined);

export const storeSettingsMachine = setup({
  types: {
    context: {} as StoreSettingsContext,
    events: {} as StoreSettingsEvent,
    input: {} as StoreSettingsInput,
    emitted: {} as { type: 'store.saved'; store: Store } | { type: 'store.failed'; error: Failure },
  },
  actors: {
    save: notProvided<Store, StoreSaveInput>('save'),
  },
  delays: { debounce: STORE_SAVE_DEBOUNCE_MS },
  guards: {
    valid: ({ context }) => !hasErrors(context.errors),
    slugChanged: ({ context }) => slugChangeNeedsConfirmation(context.savedSlug, context.values.slugName),
    changedWhileSaving: ({ context }) => context.changedWhileSaving,
    changeValid: ({ context, event }) =>
      !hasErrors(
        storeFormErrors({ ...context.values, ...(event as { values: Partial<StoreFormValues> }).values }),
      ),
  },
  actions: {
    change: assign(({ context, event }) => {
      const values = { ...context.values, ...(event as { values: Partial<StoreFormValues> }).values };
      return { values, errors: storeFormErrors(values), showErrors: true };
    }),
  },
}).createMachine({
  id: 'storeSettings',
  context: ({ input }) => {
    const values = input.store ? storeValuesOf(input.store) : (input.values ?? newStoreValues());
    return {
      storeId: input.store?.id ?? null,
      savedSlug: input.store?.slugName ?? null,
      values,
      errors: storeFormErrors(values),
      showErrors: false,
      changedWhileSaving: false,
      error: null,
      refusal: null,
      saved: input.store,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': [
          { actions: 'change', guard: 'changeValid', target: 'debouncing' },
          { actions: 'change', target: 'editing' },
        ],
      },
    },
    /** 500 ms after the last change; each change starts it again. */
    debouncing: {
      after: {
        debounce: [{ guard: 'slugChanged', target: 'confirmSlug' }, { target: 'saving' }],
      },
      on: {
        'form.change': [
          { actions: 'change', guard: 'changeValid', target: 'debouncing', reenter: true },
          { actions: 'change', target: 'editing' },
        ],
      },
    },
    /** Document 2 §4: the slug of a saved store changes only once confirmed. */
    confirmSlug: {
      on: {
        'slug.confirm': 'saving',
        'slug.cancel': 'editing',
        'form.change': [
          { actions: 'change', guard: 'changeValid', target: 'debouncing' },
          { actions: 'change', target: 'editing' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ changedWhileSaving: false, error: null, refusal: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({ storeId: context.storeId, values: context.values }),
        onDone: [
          {
            guard: 'changedWhileSaving',
            target: 'debouncing',
            actions: [
              assign(({ event }) => ({
                storeId: event.output.id,
                savedSlug: event.output.slugName,
                saved: event.output,
              })),
              emit(({ event }) => ({ type: 'store.saved' as const, store: event.output })),
            ],
          },
          {
            target: 'saved',
            actions: [
              assign(({ event }) => ({
                storeId: event.output.id,
                savedSlug: event.output.slugName,
                saved: event.output,
              })),
              emit(({ event }) => ({ type: 'store.saved' as const, store: event.output })),
            ],
          },
        ],
        onError: {
          target: 'error',
          actions: [
            assign(({ event }) => {
              const error = failureOf(event.error);
              const serverMessage = (event.error as { serverMessage?: unknown } | null)?.serverMessage;
              const message = typeof serverMessage === 'string' ? serverMessage : error.message;
              return { error, refusal: storeSaveRefusal({ code: error.code, message }) };
            }),
            emit(({ event }) => ({ type: 'store.failed' as const, error: failureOf(event.error) })),
          ],
        },
      },
      on: {
        'form.change': { actions: ['change', assign({ changedWhileSaving: true })] },
      },
    },
    saved: {
      on: {
        'form.change': [
          { actions: 'change', guard: 'changeValid', target: 'debouncing' },
          { actions: 'change', target: 'editing' },
        ],
      },
    },
    error: {
      on: {
        'user.retry': { guard: 'valid', target: 'saving' },
        'form.change': [
          { actions: 'change', guard: 'changeValid', target: 'debouncing' },
          { actions: 'change', target: 'editing' },
        ],
      },
    },
  },
});

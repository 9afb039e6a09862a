import { assign, type SnapshotFrom, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  type AutoRateSettings,
  type DerivedModifier,
  emptyRatePlanForm,
  INHERIT_FLAGS,
  type InheritFlag,
  type RateMode,
  type RatePlanForm,
  type RatePlanFormErrors,
  type SellMode,
  validateRatePlanForm,
  type WeekRestrictions,
} from './ratePlans.js';
import {
  canUseRateMode,
  editOption,
  recomputeAuto,
  setAutoSettings,
  setRateMode,
  setSellMode,
  switchPrimary,
} from './sellMode.js';

/**
 * The rate plan drawer (document 2 §3, §4 M19, §5): edits a plan through M19's pure transitions
 * (`sellMode.ts`), checks it with `validateRatePlanForm`, and saves it once through the `saveRatePlan` actor the
 * edge provides. A refused save keeps the error in `failed`, which accepts `user.retry` (send again) or
 * `user.edit` (back to the form). The machine ends in `saved` with the saved plan as its output.
 */

export interface RatePlanFormInput {
  /** The unit the plan sells and the most persons a per-person option takes (`maxPlanOccupancy(unit)`). */
  unit: { id: string; maxOccupancy: number };
  currency: string;
  /** Editing: the plan's id and its values. */
  id?: string;
  form?: RatePlanForm;
}

export interface SavedRatePlan {
  id: string;
}
export interface SaveRatePlanInput {
  id?: string;
  form: RatePlanForm;
}

export interface RatePlanFormContext {
  unit: RatePlanFormInput['unit'];
  id: string | undefined;
  form: RatePlanForm;
  errors: RatePlanFormErrors;
  /** Errors are shown once the user tried to save. */
  showErrors: boolean;
  error: Failure | null;
  saved: SavedRatePlan | null;
}

/** Plain fields set as they are. */
export type RatePlanPlainField =
  | 'title'
  | 'currency'
  | 'mealType'
  | 'cancellationPolicyId'
  | 'parentRatePlanId'
  | 'childrenFee'
  | 'infantFee'
  | 'maxSell'
  | 'maxAvailability'
  | 'availabilityOffset';

/** `field.set` with the value's type following the field's. */
export type FieldSetEvent = {
  [F in RatePlanPlainField]: { type: 'field.set'; field: F; value: RatePlanForm[F] };
}[RatePlanPlainField];

export type RatePlanFormEvent =
  | FieldSetEvent
  | { type: 'sellMode.set'; sellMode: SellMode }
  | { type: 'rateMode.set'; rateMode: RateMode }
  | { type: 'primary.switch'; occupancy: number }
  | { type: 'option.edit'; index: number; rate?: number | null; derived?: DerivedModifier[] }
  | { type: 'auto.set'; settings: Partial<AutoRateSettings> }
  | { type: 'auto.recompute' }
  | { type: 'inherit.set'; flag: InheritFlag; value: boolean }
  | { type: 'week.set'; field: keyof WeekRestrictions; day: number; value: number | boolean }
  | { type: 'form.submit' }
  | { type: 'user.retry' }
  | { type: 'user.edit' };

/**
 * Sets a plain field. Clearing the parent plan turns every inherit flag off: a plan without a parent has nothing
 * to inherit (the server refuses such a flag, `inherit_needs_parent`).
 */
export function setPlainField(form: RatePlanForm, event: FieldSetEvent): RatePlanForm {
  const next = { ...form, [event.field]: event.value };
  if (event.field !== 'parentRatePlanId' || event.value !== null) return next;
  return {
    ...next,
    ...(Object.fromEntries(INHERIT_FLAGS.map((f) => [f, false])) as Record<InheritFlag, boolean>),
  };
}

const isValid = (form: RatePlanForm, id: string | undefined) =>
  Object.keys(validateRatePlanForm(form, { id })).length === 0;

export const ratePlanFormMachine = setup({
  types: {
    context: {} as RatePlanFormContext,
    events: {} as RatePlanFormEvent,
    input: {} as RatePlanFormInput,
    output: {} as SavedRatePlan | null,
  },
  actors: {
    saveRatePlan: notProvided<SavedRatePlan, SaveRatePlanInput>('saveRatePlan'),
  },
  guards: {
    isValid: ({ context }) => isValid(context.form, context.id),
    /** A plan inherits from its parent only: without one the inherit flags stay off. */
    hasParent: ({ context }) => context.form.parentRatePlanId !== null,
    isRateModeAllowed: ({ context }, params: { rateMode: RateMode }) =>
      canUseRateMode(context.form.sellMode, params.rateMode),
  },
  actions: {
    applyForm: assign(({ context }, params: { form: RatePlanForm }) => ({
      form: params.form,
      errors: validateRatePlanForm(params.form, { id: context.id }),
    })),
    showErrors: assign({ showErrors: true }),
    keepError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    clearError: assign({ error: null }),
    keepSaved: assign((_, params: { saved: SavedRatePlan }) => ({ saved: params.saved })),
  },
}).createMachine({
  id: 'ratePlanForm',
  context: ({ input }) => {
    const form = input.form ?? emptyRatePlanForm(input.unit, input.currency);
    return {
      unit: input.unit,
      id: input.id,
      form,
      errors: validateRatePlanForm(form, { id: input.id }),
      showErrors: false,
      error: null,
      saved: null,
    };
  },
  initial: 'editing',
  output: ({ context }) => context.saved,
  states: {
    editing: {
      on: {
        'field.set': {
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({ form: setPlainField(context.form, event) }),
          },
        },
        'sellMode.set': {
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({
              form: setSellMode(context.form, event.sellMode, context.unit.maxOccupancy),
            }),
          },
        },
        'rateMode.set': {
          guard: { type: 'isRateModeAllowed', params: ({ event }) => ({ rateMode: event.rateMode }) },
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({ form: setRateMode(context.form, event.rateMode) }),
          },
        },
        'primary.switch': {
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({ form: switchPrimary(context.form, event.occupancy) }),
          },
        },
        'option.edit': {
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({
              form: editOption(context.form, event.index, { rate: event.rate, derived: event.derived }),
            }),
          },
        },
        'auto.set': {
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({ form: setAutoSettings(context.form, event.settings) }),
          },
        },
        'auto.recompute': {
          actions: { type: 'applyForm', params: ({ context }) => ({ form: recomputeAuto(context.form) }) },
        },
        'inherit.set': {
          guard: 'hasParent',
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => ({
              form: { ...context.form, [event.flag]: event.value },
            }),
          },
        },
        'week.set': {
          actions: {
            type: 'applyForm',
            params: ({ context, event }) => {
              const days = [...context.form[event.field]] as (typeof context.form)[typeof event.field];
              days[event.day] = event.value as never;
              return { form: { ...context.form, [event.field]: days } };
            },
          },
        },
        'form.submit': [
          { guard: 'isValid', target: 'saving', actions: 'clearError' },
          { actions: 'showErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveRatePlan',
        input: ({ context }) => ({ id: context.id, form: context.form }),
        onDone: {
          target: 'saved',
          actions: { type: 'keepSaved', params: ({ event }) => ({ saved: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The save was refused: the error stays shown until a retry or an edit. */
    failed: {
      on: {
        'user.retry': { target: 'saving', actions: 'clearError' },
        'user.edit': { target: 'editing', actions: 'clearError' },
      },
    },
    saved: { type: 'final' },
  },
});

/** Whether the save button is enabled: a valid form being edited. */
export const canSaveRatePlan = (snapshot: SnapshotFrom<typeof ratePlanFormMachine>): boolean =>
  snapshot.matches('editing') && Object.keys(snapshot.context.errors).length === 0;

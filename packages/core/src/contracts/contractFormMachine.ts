import type { ContractRecord } from '@tern/sdk';
import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  type ContractForm,
  type ContractFormErrors,
  type ContractSide,
  contractCreateBodyOf,
  emptyContractForm,
  validateContractForm,
} from './contracts.js';

/**
 * The contract creation drawer (document 1 §5, §7; M10 CREATE, R133–R136): loads the property's rate plans
 * (and, for a supplier, the agencies to propose to), starts with every plan chosen, checks the form with
 * `validateContractForm` and sends it once; `submit` is refused (`can` is false) while anything is wrong and
 * while sending. On success it ends, emitting `contract.created`
 * (contracts.created_successfully; the lists reload).
 */

export interface ContractOption {
  id: string;
  label: string;
}

export interface ContractFormInput {
  side: ContractSide;
  propertyId: string;
  propertyType: 'accommodation' | 'vehicle';
  /** A supplier proposing to a known agency. */
  agentId?: string;
}

export interface ContractFormContext extends ContractFormInput {
  form: ContractForm;
  plans: ContractOption[];
  agencies: ContractOption[];
  errors: ContractFormErrors;
  error: Failure | null;
}

export type ContractFormEvent =
  | { type: 'field.change'; field: 'agentId' | 'modifierLogic' | 'modifierAmount'; value: string }
  | { type: 'plan.toggle'; id: string; selected: boolean }
  | { type: 'plans.all'; selected: boolean }
  | { type: 'submit' }
  | { type: 'retry' };

export type ContractFormEmitted = { type: 'contract.created'; contract: ContractRecord };

export type ContractCreateInput = ReturnType<typeof contractCreateBodyOf>;

const check = (context: ContractFormContext, form: ContractForm) =>
  validateContractForm(form, { side: context.side, propertyType: context.propertyType });

export const contractFormMachine = setup({
  types: {
    context: {} as ContractFormContext,
    events: {} as ContractFormEvent,
    input: {} as ContractFormInput,
    emitted: {} as ContractFormEmitted,
  },
  actors: {
    loadOptions: notProvided<
      { plans: ContractOption[]; agencies: ContractOption[] },
      Pick<ContractFormInput, 'side' | 'propertyId' | 'propertyType'>
    >('loadOptions'),
    createContract: notProvided<ContractRecord, ContractCreateInput>('createContract'),
  },
  guards: {
    valid: ({ context }) => Object.keys(check(context, context.form)).length === 0,
  },
  actions: {
    edit: assign(({ context }, params: { form: ContractForm }) => ({
      form: params.form,
      errors: check(context, params.form),
      error: null,
    })),
  },
}).createMachine({
  id: 'contractForm',
  context: ({ input }) => {
    const form = { ...emptyContractForm(), agentId: input.agentId ?? '' };
    return {
      ...input,
      form,
      plans: [],
      agencies: [],
      errors: validateContractForm(form, { side: input.side, propertyType: input.propertyType }),
      error: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOptions',
        input: ({ context }) => ({
          side: context.side,
          propertyId: context.propertyId,
          propertyType: context.propertyType,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({ plans: event.output.plans, agencies: event.output.agencies })),
            // Every plan is chosen to start with (select all sends all rates, R134).
            {
              type: 'edit',
              params: ({ context, event }) => ({
                form: { ...context.form, ratePlanIds: event.output.plans.map((p) => p.id) },
              }),
            },
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: assign(({ event }) => ({ error: failureOf(event.error) })),
        },
      },
    },
    /** The plans or agencies could not be loaded: the message and a retry. */
    loadFailed: { on: { retry: 'loading' } },
    editing: {
      on: {
        'field.change': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({ form: { ...context.form, [event.field]: event.value } }),
          },
        },
        'plan.toggle': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => {
              const chosen = new Set(context.form.ratePlanIds);
              if (event.selected) chosen.add(event.id);
              else chosen.delete(event.id);
              // Kept in the plans' order.
              return {
                form: {
                  ...context.form,
                  ratePlanIds: context.plans.map((p) => p.id).filter((id) => chosen.has(id)),
                },
              };
            },
          },
        },
        'plans.all': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({
              form: { ...context.form, ratePlanIds: event.selected ? context.plans.map((p) => p.id) : [] },
            }),
          },
        },
        // Send is possible only with a valid form (R133: the button asks `can({ type: 'submit' })`).
        submit: { guard: 'valid', target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'createContract',
        input: ({ context }) =>
          contractCreateBodyOf(context.form, {
            side: context.side,
            propertyId: context.propertyId,
            propertyType: context.propertyType,
          }),
        onDone: {
          target: 'created',
          actions: emit(({ event }) => ({ type: 'contract.created' as const, contract: event.output })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: failureOf(event.error) })),
        },
      },
    },
    created: { type: 'final' },
  },
});

import type { SandboxPaid, SandboxPayBody, SandboxRefusal, SandboxSession } from '@tern/sdk/sandboxPayments';
import { assign, setup } from 'xstate';
import { notProvided } from '../internal/notProvided.js';
import {
  type CardErrors,
  type CardField,
  type CardForm,
  cardFieldKeys,
  cardPayBody,
  emptyCardForm,
  validateCardForm,
} from './paymentForm.js';

/**
 * M32, the payment provider's hosted page (document 3 §5 Payment form, §9; the sandbox provider's API in
 * `@tern/sdk/sandboxPayments`): the session is loaded (`loadSession`), the pay button stays disabled for 5 s
 * (`locked`), the card form is checked (`validateCardForm`) and sent once (`pay`). Paid (or paid already): the
 * edge action `goToReturn` opens the store's signed return. A declined card stays on the form and says so; a
 * card the provider finds invalid shows its fields' words; an expired session ends the page; any other failure
 * waits for a retry.
 */

export interface StorePaymentContext {
  sessionId: string;
  session: SandboxSession | null;
  form: CardForm;
  errors: CardErrors;
  /** The provider's words for a refusal (its `code`: card_declined, invalid_card, …), or a failed call's. */
  refusal: PaymentRefusal | null;
  returnUrl: string | null;
}

export type StorePaymentEvent =
  | { type: 'field.change'; field: CardField; value: string }
  | { type: 'pay.submit' }
  | { type: 'user.retry' };

/** A refusal as the page keeps it: the provider's code (`network` when no answer came) and its words. */
export interface PaymentRefusal {
  code: SandboxRefusal['code'] | 'network';
  message: string;
  fields?: SandboxRefusal['fields'];
  returnUrl?: string;
}

/** A failed call's refusal: the provider's body (`{ code, message, fields?, returnUrl? }`) or a network error. */
export function paymentRefusalOf(error: unknown): PaymentRefusal {
  const r = (error ?? {}) as Partial<SandboxRefusal>;
  if (typeof r.code !== 'string')
    return { code: 'network', message: typeof r.message === 'string' ? r.message : 'No answer' };
  return {
    code: r.code,
    message: r.message ?? r.code,
    ...(r.fields ? { fields: r.fields } : {}),
    ...(r.returnUrl ? { returnUrl: r.returnUrl } : {}),
  };
}
const refused = (event: unknown) => paymentRefusalOf((event as { error?: unknown }).error);

export const storePaymentMachine = setup({
  types: {
    context: {} as StorePaymentContext,
    events: {} as StorePaymentEvent,
    input: {} as { sessionId: string },
  },
  actors: {
    loadSession: notProvided<SandboxSession, { sessionId: string }>('loadSession'),
    pay: notProvided<SandboxPaid, { sessionId: string; body: SandboxPayBody }>('pay'),
  },
  actions: {
    /** Opens the store's signed return (`location.assign`). */
    goToReturn: (_, _params: { url: string }) => {},
  },
  delays: { lock: 5000 },
  guards: {
    open: ({ event }) => {
      const status = (event as { output?: SandboxSession }).output?.status;
      return status === 'open' || status === 'declined';
    },
    valid: ({ context }) => Object.keys(validateCardForm(context.form)).length === 0,
    declined: ({ event }) => refused(event).code === 'card_declined',
    invalidCard: ({ event }) => refused(event).code === 'invalid_card',
    alreadyPaid: ({ event }) => refused(event).code === 'already_paid' && !!refused(event).returnUrl,
    expired: ({ event }) => ['session_expired', 'session_not_found'].includes(refused(event).code),
  },
}).createMachine({
  id: 'storePayment',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    session: null,
    form: emptyCardForm,
    errors: {},
    refusal: null,
    returnUrl: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          { guard: 'open', target: 'open', actions: assign(({ event }) => ({ session: event.output })) },
          { target: 'closed', actions: assign(({ event }) => ({ session: event.output })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ refusal: refused(event) })) },
      },
    },
    open: {
      initial: 'locked',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _, ...errors } = context.errors;
            return { form: { ...context.form, [event.field]: event.value }, errors };
          }),
        },
      },
      states: {
        /** The pay button stays disabled for 5 s (document 3 §9). */
        locked: { after: { lock: 'ready' } },
        ready: {
          on: {
            'pay.submit': [
              {
                guard: 'valid',
                target: '#storePayment.submitting',
                actions: assign({ errors: {}, refusal: null }),
              },
              { actions: assign(({ context }) => ({ errors: validateCardForm(context.form) })) },
            ],
          },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ sessionId: context.sessionId, body: cardPayBody(context.form) }),
        onDone: { target: 'paid', actions: assign(({ event }) => ({ returnUrl: event.output.returnUrl })) },
        onError: [
          {
            guard: 'declined',
            target: 'declined',
            actions: assign(({ event }) => ({ refusal: refused(event) })),
          },
          {
            guard: 'invalidCard',
            target: 'open.ready',
            actions: assign(({ event }) => {
              const refusal = refused(event);
              const fields = Object.keys(refusal.fields ?? {}) as CardField[];
              return { refusal, errors: Object.fromEntries(fields.map((f) => [f, cardFieldKeys[f]])) };
            }),
          },
          {
            guard: 'alreadyPaid',
            target: 'paid',
            actions: assign(({ event }) => ({ returnUrl: refused(event).returnUrl! })),
          },
          {
            guard: 'expired',
            target: 'closed',
            actions: assign(({ event }) => ({ refusal: refused(event) })),
          },
          { target: 'failed', actions: assign(({ event }) => ({ refusal: refused(event) })) },
        ],
      },
    },
    /** The card was declined: the form stays, saying so; another card may be tried. */
    declined: {
      on: {
        'field.change': {
          target: 'open.ready',
          actions: assign(({ context, event }) => ({
            form: { ...context.form, [event.field]: event.value },
          })),
        },
        'pay.submit': { guard: 'valid', target: 'submitting' },
      },
    },
    paid: {
      type: 'final',
      entry: { type: 'goToReturn', params: ({ context }) => ({ url: context.returnUrl! }) },
    },
    /** The session is over (paid, expired or refunded before, or ended meanwhile): nothing to pay. */
    closed: { type: 'final' },
    failed: {
      on: {
        'user.retry': [
          { guard: ({ context }) => context.session === null, target: 'loading' },
          { target: 'open.ready' },
        ],
      },
    },
  },
});

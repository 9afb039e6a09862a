import type { Role } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M11, the payment lock and the subscription portal (document 1 §6, §7, §8; document 3 §10): a reseller whose
 * agency, or a supplier whose selected property, is locked sees the banner and loads no bookings; admins are
 * never locked. The portal button asks for a customer portal session — the agency's for a reseller, the
 * property's for the others — and the page opens its address (`openPortal`, in a new tab); a failure shows
 * general.stripe_cutomer_portal_error_message with the server's words, and the button stays.
 */

export interface PaymentLockInput {
  role: Role;
  locked: boolean;
  propertyId?: string | null;
}

export interface PaymentLockContext {
  role: Role;
  locked: boolean;
  propertyId: string | null;
  error: Failure | null;
}

export type PaymentLockEvent =
  | { type: 'lock.change'; locked: boolean; propertyId?: string | null }
  | { type: 'portal.open' };

export interface PortalSessionInput {
  role: Role;
  propertyId: string | null;
}

/**
 * The lock flag that counts for a role (document 1 §6): a reseller's agency's, a supplier's selected
 * property's; an admin is never locked.
 */
export function paymentLockFlag(
  role: Role,
  flags: { agencyLocked?: boolean | undefined; propertyLocked?: boolean | undefined },
): boolean {
  if (role === 'reseller') return flags.agencyLocked === true;
  return role === 'supplier' && flags.propertyLocked === true;
}

/** Whether the banner shows (and the bookings load is skipped): locked, and not an admin. */
export const isPaymentLocked = (context: Pick<PaymentLockContext, 'role' | 'locked'>): boolean =>
  context.locked && context.role !== 'admin';

export const paymentLockMachine = setup({
  types: {
    context: {} as PaymentLockContext,
    events: {} as PaymentLockEvent,
    input: {} as PaymentLockInput,
  },
  actors: {
    portalSession: notProvided<{ url: string }, PortalSessionInput>('portalSession'),
  },
  actions: {
    openPortal: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'paymentLock',
  context: ({ input }) => ({
    role: input.role,
    locked: input.locked,
    propertyId: input.propertyId ?? null,
    error: null,
  }),
  initial: 'checking',
  on: {
    'lock.change': {
      target: '.checking',
      actions: assign(({ context, event }) => ({
        locked: event.locked,
        propertyId: event.propertyId === undefined ? context.propertyId : event.propertyId,
        error: null,
      })),
    },
  },
  states: {
    checking: {
      always: [
        { guard: ({ context }) => isPaymentLocked(context), target: 'locked' },
        { target: 'unlocked' },
      ],
    },
    unlocked: {},
    locked: {
      on: { 'portal.open': 'openingPortal' },
    },
    openingPortal: {
      tags: ['busy'],
      invoke: {
        src: 'portalSession',
        input: ({ context }) => ({
          role: context.role,
          propertyId: context.role === 'reseller' ? null : context.propertyId,
        }),
        onDone: {
          target: 'locked',
          actions: { type: 'openPortal', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'portalError',
          actions: assign(({ event }) => ({ error: failureOf(event.error) })),
        },
      },
    },
    /** The portal could not be opened: the message, and the button to try again. */
    portalError: {
      on: { 'portal.open': { target: 'openingPortal', actions: assign({ error: null }) } },
    },
  },
});

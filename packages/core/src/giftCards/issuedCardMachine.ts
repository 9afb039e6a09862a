import { assign, emit, setup } from 'xstate';
import type { Day } from '../dates/dates.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { firstSnapshot } from '../internal/firstSnapshot.js';
import { notProvided } from '../internal/notProvided.js';
import {
  type CardFlags,
  canMarkDelivered,
  canMarkUsed,
  markUnusedCheck,
  validateCardNote,
} from './issuedCard.js';

/**
 * M24, one issued card's actions (document 3 §4, §5, §8): mark used (a note is required), mark unused again (a
 * note too; refused at once as consumed when its booking's arrival has passed and the booking stands — the
 * confirmation warns when a live booking will be cancelled), mark delivered (confirmed). Used and delivered are
 * not offered once set. Each action is sent once through its actor (`markUsed`, `markUnused`, `markDelivered`);
 * what the server returns updates the card, `card.changed` tells the list, `notice` is 'updated'
 * (`gift_card.updated_notification`). A refused mark used / unused keeps its dialog open with the error; a
 * refused mark delivered is only logged (§8): `card.logged` carries it to the edge. Send by e-mail (issue 24:
 * the card and its PDF mailed to its recipient again, confirmed, through `sendEmail`) is offered for every card;
 * a refused send comes back to idle with its error.
 */

export interface IssuedCardState extends CardFlags {
  id: string;
  notes: string;
}
export interface IssuedCardInput {
  card: IssuedCardState;
  /** The property's today. */
  today: Day;
}
/** What a mark call answers with: the card's flags as the server now has them. */
export type CardPatch = Partial<Pick<IssuedCardState, 'booked' | 'delivered' | 'notes' | 'agentBooking'>>;
export interface NoteCall {
  id: string;
  notes: string;
}

/**
 * Mark unused refused before any call (document 3 §8 `gift_card.error_consumed_message`): the code the server
 * answers with in the same case, and its words.
 */
export const consumedFailure = (card: CardFlags): Failure => {
  const arrival = card.agentBooking?.arrivalDate ?? '';
  return {
    code: 'gift_card_consumed',
    params: { arrival },
    message: `The gift card was used for a stay whose arrival (${arrival}) has passed, so it cannot be marked unused.`,
  };
};

export interface IssuedCardContext {
  card: IssuedCardState;
  today: Day;
  note: string;
  noteError: string | null;
  /** Mark unused will cancel a linked booking (the modal's warning). */
  cancelsBooking: boolean;
  notice: 'updated' | null;
  error: Failure | null;
}

export type IssuedCardEvent =
  | { type: 'markUsed.open' }
  | { type: 'markUnused.open' }
  | { type: 'markDelivered.open' }
  | { type: 'sendEmail.open' }
  | { type: 'note.change'; note: string }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'notice.dismiss' }
  | { type: 'card.refresh'; card: IssuedCardState };

/**
 * Send by e-mail and mark delivered: asked to confirm, then the call (`src`) on the card; back to idle either way,
 * a refusal through `refusal` (kept as the error, or only logged).
 */
const confirmedCall = <S extends 'sendEmail' | 'markDelivered'>(src: S, refusal: 'refused' | 'logged') => ({
  initial: 'confirming' as const,
  states: {
    confirming: { on: { confirm: 'sending' as const, cancel: '#issuedCard.idle' as const } },
    sending: {
      tags: 'busy' as const,
      invoke: {
        src,
        input: ({ context }: { context: IssuedCardContext }) => ({ id: context.card.id }),
        onDone: { target: '#issuedCard.idle' as const, actions: ['applied' as const, 'changed' as const] },
        onError: { target: '#issuedCard.idle' as const, actions: refusal },
      },
    },
  },
});

export const issuedCardMachine = setup({
  types: {
    context: {} as IssuedCardContext,
    events: {} as IssuedCardEvent,
    input: {} as IssuedCardInput,
    emitted: {} as { type: 'card.changed'; card: IssuedCardState } | { type: 'card.logged'; error: Failure },
  },
  actors: {
    markUsed: notProvided<CardPatch, NoteCall>('markUsed'),
    markUnused: notProvided<CardPatch, NoteCall>('markUnused'),
    markDelivered: notProvided<CardPatch, { id: string }>('markDelivered'),
    sendEmail: notProvided<CardPatch, { id: string }>('sendEmail'),
  },
  guards: {
    canMarkUsed: ({ context }) => canMarkUsed(context.card),
    canMarkDelivered: ({ context }) => canMarkDelivered(context.card),
    unusedAllowed: ({ context }) => markUnusedCheck(context.card, context.today).allowed,
    consumed: ({ context }) => {
      const check = markUnusedCheck(context.card, context.today);
      return !check.allowed && check.reason === 'consumed';
    },
    noteGiven: ({ context }) => Object.keys(validateCardNote(context.note)).length === 0,
  },
  actions: {
    openNote: assign(({ context }) => {
      const check = markUnusedCheck(context.card, context.today);
      return {
        note: '',
        noteError: null,
        error: null,
        notice: null,
        cancelsBooking: check.allowed && check.cancelsBooking,
      };
    }),
    noteError: assign(({ context }) => ({ noteError: validateCardNote(context.note).notes ?? null })),
    applied: assign(({ context, event }) => ({
      card: { ...context.card, ...((event as unknown as { output: CardPatch }).output ?? {}) },
      notice: 'updated' as const,
      error: null,
    })),
    changed: emit(({ context }) => ({ type: 'card.changed' as const, card: context.card })),
    refused: assign(({ event }) => ({ error: failureOf((event as unknown as { error: unknown }).error) })),
    /** A refused mark delivered is only logged (§8): the edge hears of it. */
    logged: emit(({ event }) => ({
      type: 'card.logged' as const,
      error: failureOf((event as unknown as { error: unknown }).error),
    })),
  },
}).createMachine({
  id: 'issuedCard',
  context: ({ input }) => ({
    card: input.card,
    today: input.today,
    note: '',
    noteError: null,
    cancelsBooking: false,
    notice: null,
    error: null,
  }),
  initial: 'idle',
  on: { 'notice.dismiss': { actions: assign({ notice: null, error: null }) } },
  states: {
    idle: {
      on: {
        'card.refresh': { actions: assign(({ event }) => ({ card: event.card })) },
        'markUsed.open': { guard: 'canMarkUsed', target: 'markingUsed', actions: 'openNote' },
        'markUnused.open': [
          { guard: 'unusedAllowed', target: 'markingUnused', actions: 'openNote' },
          {
            guard: 'consumed',
            actions: assign(({ context }) => ({ notice: null, error: consumedFailure(context.card) })),
          },
        ],
        'markDelivered.open': {
          guard: 'canMarkDelivered',
          target: 'markingDelivered',
          actions: assign({ notice: null, error: null }),
        },
        'sendEmail.open': { target: 'sendingEmail', actions: assign({ notice: null, error: null }) },
      },
    },
    markingUsed: {
      initial: 'editing',
      on: { cancel: '.closed' },
      states: {
        editing: {
          on: {
            'note.change': {
              actions: [assign(({ event }) => ({ note: event.note })), 'noteError'],
            },
            confirm: [{ guard: 'noteGiven', target: 'sending' }, { actions: 'noteError' }],
          },
        },
        sending: {
          tags: ['busy'],
          on: { cancel: {} },
          invoke: {
            src: 'markUsed',
            input: ({ context }) => ({ id: context.card.id, notes: context.note.trim() }),
            onDone: { target: '#issuedCard.idle', actions: ['applied', 'changed'] },
            onError: { target: 'editing', actions: 'refused' },
          },
        },
        closed: { always: '#issuedCard.idle' },
      },
    },
    markingUnused: {
      initial: 'editing',
      on: { cancel: '.closed' },
      states: {
        editing: {
          on: {
            'note.change': {
              actions: [assign(({ event }) => ({ note: event.note })), 'noteError'],
            },
            confirm: [{ guard: 'noteGiven', target: 'sending' }, { actions: 'noteError' }],
          },
        },
        sending: {
          tags: ['busy'],
          on: { cancel: {} },
          invoke: {
            src: 'markUnused',
            input: ({ context }) => ({ id: context.card.id, notes: context.note.trim() }),
            onDone: { target: '#issuedCard.idle', actions: ['applied', 'changed'] },
            onError: { target: 'editing', actions: 'refused' },
          },
        },
        closed: { always: '#issuedCard.idle' },
      },
    },
    sendingEmail: confirmedCall('sendEmail', 'refused'),
    markingDelivered: confirmedCall('markDelivered', 'logged'),
  },
});

/**
 * The card's machine before any action is open, for a list's row actions: `issuedCardOffers(input).can({ type:
 * 'markUnused.open' })` is what opening it would do (mark unused is offered for a used card, also a consumed
 * one: the machine then says why not).
 */
export const issuedCardOffers = (input: IssuedCardInput) => firstSnapshot(issuedCardMachine, input);

import type { KindSegment } from '@tern/sdk';
import { assign, enqueueActions, setup } from 'xstate';
import { type Failure, failureFor, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  CARD_FRAME_SUBMIT,
  classifyFrameMessage,
  type FrameMessage,
  originOf,
  type VaultCard,
} from './cardFrame.js';

/**
 * The card-frame handshake (M03, document 1 §4, R080–R083, R093). It loads the vault form's URL
 * (`card_capture_form_url`), waits for the frame's `ready`, and on `card.request` posts `submit` to the
 * frame and waits for its card or error. Messages from any other origin are ignored.
 *
 * It tells whoever invoked it (the checkout machine) the outcome with `cardFrame.card`, `cardFrame.error`
 * and `cardFrame.notReady` (asked for the card while the frame is not ready: the error modal). The same
 * events are emitted (`actor.on('cardFrame.card', …)`) for a screen that runs it on its own.
 *
 * A browser fires no `error` on a frame whose page does not load (an aborted, a 404 or an unreachable page fires
 * `load` only), so `frame.failed` may never come: a frame that has not said `ready` after `frameReady`
 * (`CARD_FRAME_READY_MS`), or a submit the vault has not answered after `cardAnswer` (`CARD_ANSWER_MS`), fails
 * as `frame.failed` would (`card_form_not_loaded`; a submit also tells `cardFrame.error`). `frame.failed` stays,
 * for a front end that does know.
 *
 * Edge action: `postToFrame({ message, origin })` — the screen posts to the frame's window.
 */

/** How long the vault's frame may take to say `ready`: a slow vault page on a slow line, not a dead one. */
export const CARD_FRAME_READY_MS = 15_000;
/** How long the vault may take to answer a submit: it calls its own server to tokenize the card. */
export const CARD_ANSWER_MS = 30_000;

/** What the checkout is told when the frame fails during a submit. */
const FRAME_FAILED_MESSAGE = 'The card form did not load';

export interface CardFrameInput {
  kind: KindSegment;
  propertyId: string;
}

export interface CardFrameContext extends CardFrameInput {
  formUrl: string | null;
  vaultOrigin: string | null;
  /** The frame's last validation update (`null`: unknown). */
  valid: boolean | null;
  card: VaultCard | null;
  /** Why the form could not be loaded, or the vault's answer to the last submit. */
  error: Failure | null;
}

export type CardFrameEvent =
  | { type: 'frame.message'; origin: string; data: unknown }
  | { type: 'frame.failed' }
  | { type: 'card.request' }
  | { type: 'form.reload' };

export type CardFrameOutcome =
  | { type: 'cardFrame.card'; card: VaultCard }
  | { type: 'cardFrame.error'; message: string }
  | { type: 'cardFrame.notReady' };

const classify = (context: CardFrameContext, event: CardFrameEvent): FrameMessage =>
  event.type === 'frame.message' ? classifyFrameMessage(event, context.vaultOrigin) : { kind: 'ignored' };

export const cardFrameMachine = setup({
  types: {
    context: {} as CardFrameContext,
    events: {} as CardFrameEvent,
    input: {} as CardFrameInput,
    emitted: {} as CardFrameOutcome,
  },
  actors: {
    loadCardForm: notProvided<
      { cardCaptureFormUrl: string; origin?: string },
      { kind: KindSegment; id: string }
    >('loadCardForm'),
  },
  delays: { frameReady: CARD_FRAME_READY_MS, cardAnswer: CARD_ANSWER_MS },
  actions: {
    postToFrame: (_, _params: { message: unknown; origin: string }) => {},
    tell: enqueueActions(({ enqueue, self }, params: CardFrameOutcome) => {
      enqueue.emit(params);
      if (self._parent) enqueue.sendParent(params);
    }),
  },
  guards: {
    isReady: ({ context, event }) => classify(context, event).kind === 'ready',
    isCard: ({ context, event }) => classify(context, event).kind === 'card',
    isError: ({ context, event }) => classify(context, event).kind === 'error',
    isValidate: ({ context, event }) => classify(context, event).kind === 'validate',
  },
}).createMachine({
  id: 'cardFrame',
  context: ({ input }) => ({
    ...input,
    formUrl: null,
    vaultOrigin: null,
    valid: null,
    card: null,
    error: null,
  }),
  initial: 'loadingForm',
  on: {
    'card.request': { actions: { type: 'tell', params: { type: 'cardFrame.notReady' } } },
  },
  states: {
    loadingForm: {
      invoke: {
        src: 'loadCardForm',
        input: ({ context }) => ({ kind: context.kind, id: context.propertyId }),
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output.origin || originOf(event.output.cardCaptureFormUrl)),
            target: 'frameLoading',
            actions: assign(({ event }) => ({
              formUrl: event.output.cardCaptureFormUrl,
              vaultOrigin: event.output.origin || originOf(event.output.cardCaptureFormUrl),
              error: null,
            })),
          },
          { target: 'failed', actions: assign({ error: failureFor('card_form_address') }) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    frameLoading: {
      on: {
        'frame.message': { guard: 'isReady', target: 'ready' },
        'frame.failed': { target: 'failed', actions: assign({ error: failureFor('card_form_not_loaded') }) },
      },
      // The frame's page never said ready (no browser says a frame did not load).
      after: {
        frameReady: { target: 'failed', actions: assign({ error: failureFor('card_form_not_loaded') }) },
      },
    },
    ready: {
      on: {
        'frame.message': {
          guard: 'isValidate',
          actions: assign(({ context, event }) => {
            const m = classify(context, event);
            return { valid: m.kind === 'validate' ? m.valid : context.valid };
          }),
        },
        'frame.failed': { target: 'failed', actions: assign({ error: failureFor('card_form_not_loaded') }) },
        'card.request': {
          target: 'awaitingCard',
          actions: [
            assign({ card: null, error: null }),
            {
              type: 'postToFrame',
              params: ({ context }) => ({ message: CARD_FRAME_SUBMIT, origin: context.vaultOrigin! }),
            },
          ],
        },
      },
    },
    awaitingCard: {
      tags: ['busy'],
      on: {
        'card.request': {},
        'frame.message': [
          {
            guard: 'isCard',
            target: 'ready',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const m = classify(context, event);
              if (m.kind !== 'card') return;
              enqueue.assign({ card: m.card, error: null });
              enqueue({ type: 'tell', params: { type: 'cardFrame.card', card: m.card } });
            }),
          },
          {
            guard: 'isError',
            target: 'ready',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const m = classify(context, event);
              if (m.kind !== 'error') return;
              enqueue.assign({ card: null, error: failureFor('card_not_accepted', {}, m.message) });
              enqueue({ type: 'tell', params: { type: 'cardFrame.error', message: m.message } });
            }),
          },
          {
            guard: 'isValidate',
            actions: assign(({ context, event }) => {
              const m = classify(context, event);
              return { valid: m.kind === 'validate' ? m.valid : context.valid };
            }),
          },
        ],
        'frame.failed': {
          target: 'failed',
          actions: [
            assign({ error: failureFor('card_form_not_loaded') }),
            { type: 'tell', params: { type: 'cardFrame.error', message: FRAME_FAILED_MESSAGE } },
          ],
        },
      },
      // The vault never answered the submit: the checkout is told, so Book now is not busy for good.
      after: {
        cardAnswer: {
          target: 'failed',
          actions: [
            assign({ error: failureFor('card_form_not_loaded') }),
            { type: 'tell', params: { type: 'cardFrame.error', message: FRAME_FAILED_MESSAGE } },
          ],
        },
      },
    },
    failed: {
      on: { 'form.reload': { target: 'loadingForm', actions: assign({ formUrl: null, vaultOrigin: null }) } },
    },
  },
});

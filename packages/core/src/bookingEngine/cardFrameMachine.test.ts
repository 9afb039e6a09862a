import type { KindSegment } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  CARD_ANSWER_MS,
  CARD_FRAME_READY_MS,
  type CardFrameOutcome,
  cardFrameMachine,
} from './cardFrameMachine.js';

const vault = 'http://127.0.0.1:4001';
const card = { token: 'tok_1', brand: 'visa', last4: '4242', expiry: '12/30' };

function start(
  reply: { cardCaptureFormUrl: string; origin?: string } | Error = {
    cardCaptureFormUrl: `${vault}/card?n=1`,
  },
  clock?: SimulatedClock,
) {
  const posted: Array<{ message: unknown; origin: string }> = [];
  const told: CardFrameOutcome[] = [];
  const loads: string[] = [];
  const machine = cardFrameMachine.provide({
    actors: {
      loadCardForm: fromPromise(async ({ input }: { input: { kind: KindSegment; id: string } }) => {
        loads.push(`${input.kind}/${input.id}`);
        if (reply instanceof Error) throw reply;
        return reply;
      }),
    },
    actions: { postToFrame: (_, params) => posted.push(params) },
  });
  const actor = createActor(machine, {
    input: { kind: 'accommodations', propertyId: 'p1' },
    ...(clock ? { clock } : {}),
  });
  for (const type of ['cardFrame.card', 'cardFrame.error', 'cardFrame.notReady'] as const)
    actor.on(type, (e) => told.push(e));
  actor.start();
  return { actor, posted, told, loads };
}

describe('cardFrameMachine', () => {
  it('loads the form, waits for ready, posts submit and hands the card over', async () => {
    const { actor, posted, told, loads } = start();
    await waitFor(actor, (s) => s.matches('frameLoading'));
    expect(loads).toEqual(['accommodations/p1']);
    expect(actor.getSnapshot().context).toMatchObject({ formUrl: `${vault}/card?n=1`, vaultOrigin: vault });

    actor.send({ type: 'frame.message', origin: 'http://evil.test', data: { type: 'ready' } });
    expect(actor.getSnapshot().value).toBe('frameLoading');
    actor.send({ type: 'frame.message', origin: vault, data: { type: 'ready' } });
    expect(actor.getSnapshot().value).toBe('ready');

    actor.send({ type: 'frame.message', origin: vault, data: { type: 'validate', valid: false } });
    expect(actor.getSnapshot().context.valid).toBe(false);

    actor.send({ type: 'card.request' });
    expect(actor.getSnapshot().value).toBe('awaitingCard');
    expect(posted).toEqual([{ message: { type: 'submit' }, origin: vault }]);

    actor.send({ type: 'frame.message', origin: vault, data: { type: 'validate', valid: true } });
    expect(actor.getSnapshot().value).toBe('awaitingCard');
    expect(actor.getSnapshot().context.valid).toBe(true);
    actor.send({ type: 'frame.message', origin: 'http://evil.test', data: { card } });
    expect(actor.getSnapshot().value).toBe('awaitingCard');
    actor.send({ type: 'frame.message', origin: vault, data: { card } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.card).toEqual(card);
    expect(told).toEqual([{ type: 'cardFrame.card', card }]);
  });

  it('hands the vault’s error over and stays ready for another try', async () => {
    const { actor, told } = start({ cardCaptureFormUrl: '/card', origin: vault });
    await waitFor(actor, (s) => s.matches('frameLoading'));
    expect(actor.getSnapshot().context.vaultOrigin).toBe(vault);
    actor.send({ type: 'frame.message', origin: vault, data: { type: 'ready' } });
    actor.send({ type: 'card.request' });
    actor.send({ type: 'frame.message', origin: vault, data: { error: 'Card declined' } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error?.message).toBe('Card declined');
    expect(told).toEqual([{ type: 'cardFrame.error', message: 'Card declined' }]);
  });

  it('says not ready when asked for the card before the frame is up (the error modal)', async () => {
    const { actor, posted, told } = start();
    actor.send({ type: 'card.request' });
    await waitFor(actor, (s) => s.matches('frameLoading'));
    actor.send({ type: 'card.request' });
    expect(actor.getSnapshot().value).toBe('frameLoading');
    expect(posted).toEqual([]);
    expect(told).toEqual([{ type: 'cardFrame.notReady' }, { type: 'cardFrame.notReady' }]);
  });

  it('fails when the form URL cannot be loaded, and reloads', async () => {
    const { actor, told } = start(new Error('No vault'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('No vault');
    actor.send({ type: 'card.request' });
    expect(told).toEqual([{ type: 'cardFrame.notReady' }]);
    actor.send({ type: 'form.reload' });
    await waitFor(actor, (s) => s.matches('failed'));
  });

  it('fails on a relative URL without an origin, and when the frame does not load', async () => {
    const { actor } = start({ cardCaptureFormUrl: '/card' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('The card form’s address is not valid.');

    const other = start();
    await waitFor(other.actor, (s) => s.matches('frameLoading'));
    other.actor.send({ type: 'frame.failed' });
    expect(other.actor.getSnapshot().value).toBe('failed');
  });

  // A browser never says a frame did not load, and a vault may never answer: each wait has its limit.
  const ready = { type: 'frame.message', origin: vault, data: { type: 'ready' } } as const;
  const answer = { type: 'frame.message', origin: vault, data: { card } } as const;
  it.each([
    {
      wait: 'the frame’s ready',
      state: 'frameLoading',
      limit: CARD_FRAME_READY_MS,
      before: [],
      told: [],
    },
    {
      wait: 'the vault’s answer to a submit',
      state: 'awaitingCard',
      limit: CARD_ANSWER_MS,
      before: [ready, { type: 'card.request' }],
      told: [{ type: 'cardFrame.error', message: 'The card form did not load' }],
    },
  ] as const)('gives up on $wait after its limit, and reloads', async ({ state, limit, before, told }) => {
    const clock = new SimulatedClock();
    const run = start(undefined, clock);
    await waitFor(run.actor, (s) => s.matches('frameLoading'));
    for (const event of before) run.actor.send(event);
    expect(run.actor.getSnapshot().value).toBe(state);
    clock.increment(limit - 1);
    expect(run.actor.getSnapshot().value).toBe(state);
    expect(run.told).toEqual([]);
    clock.increment(1);
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.error?.code).toBe('card_form_not_loaded');
    expect(run.told).toEqual(told);
    // Late words from the frame change nothing; a reload waits anew.
    run.actor.send(ready);
    run.actor.send(answer);
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.told).toEqual(told);
    run.actor.send({ type: 'form.reload' });
    await waitFor(run.actor, (s) => s.matches('frameLoading'));
    expect(run.loads).toHaveLength(2);
  });

  it('waits afresh each time: a ready in time, or a card in time, stops the clock', async () => {
    const clock = new SimulatedClock();
    const run = start(undefined, clock);
    await waitFor(run.actor, (s) => s.matches('frameLoading'));
    clock.increment(CARD_FRAME_READY_MS - 1);
    run.actor.send(ready);
    clock.increment(CARD_ANSWER_MS + CARD_FRAME_READY_MS);
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'card.request' });
    clock.increment(CARD_ANSWER_MS - 1);
    run.actor.send(answer);
    clock.increment(CARD_ANSWER_MS);
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(run.told).toEqual([{ type: 'cardFrame.card', card }]);
    // A second submit has its own limit.
    run.actor.send({ type: 'card.request' });
    clock.increment(CARD_ANSWER_MS);
    expect(run.actor.getSnapshot().value).toBe('failed');
  });
});

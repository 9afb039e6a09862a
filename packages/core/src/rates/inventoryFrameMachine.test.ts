import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { frameParams, type InventoryFrameInput, inventoryFrameMachine } from './inventoryFrameMachine.js';

/** A token call whose replies the test releases by property, to order them as it likes. */
function start(input: InventoryFrameInput, fail = new Set<string>()) {
  const asked: string[] = [];
  const waiting = new Map<string, () => void>();
  const machine = inventoryFrameMachine.provide({
    actors: {
      loadToken: fromPromise(async ({ input: { propertyId } }: { input: { propertyId: string } }) => {
        asked.push(propertyId);
        await new Promise<void>((resolve) => waiting.set(`${propertyId}#${asked.length}`, resolve));
        if (fail.has(propertyId)) throw new Error(`No token for ${propertyId}`);
        return { token: `token-${propertyId}` };
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const release = (key: string) => waiting.get(key)!();
  return { actor, asked, release };
}

describe('inventoryFrameMachine (M22)', () => {
  it.each<[string | null, string]>([
    [null, 'noProperty'],
    ['p1', 'loadingToken'],
  ])('starts with property %s in %s', (propertyId, state) => {
    expect(start({ propertyId }).actor.getSnapshot().value).toBe(state);
  });

  it('loads the token, then the frame gets it with the property id', async () => {
    const { actor, asked, release } = start({ propertyId: null });
    expect(frameParams(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'property.select', propertyId: 'p1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await Promise.resolve();
    release('p1#1');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(frameParams(actor.getSnapshot())).toEqual({ token: 'token-p1', propertyId: 'p1' });
    actor.send({ type: 'property.select', propertyId: 'p1' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(asked).toEqual(['p1']);
  });

  it('reloads when the property changes and never uses the old property’s late token', async () => {
    const { actor, asked, release } = start({ propertyId: 'p1' });
    await Promise.resolve();
    actor.send({ type: 'property.select', propertyId: 'p2' });
    await Promise.resolve();
    expect(asked).toEqual(['p1', 'p2']);
    release('p1#1');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('loadingToken');
    release('p2#2');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(frameParams(actor.getSnapshot())).toEqual({ token: 'token-p2', propertyId: 'p2' });
    actor.send({ type: 'property.select', propertyId: null });
    expect(actor.getSnapshot().value).toBe('noProperty');
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('keeps a refused token’s error and loads again on user.retry', async () => {
    const fail = new Set(['p1']);
    const { actor, asked, release } = start({ propertyId: 'p1' }, fail);
    await Promise.resolve();
    release('p1#1');
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toMatchObject({ message: 'No token for p1' });
    fail.clear();
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await Promise.resolve();
    release('p1#2');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual(['p1', 'p1']);
  });

  it('leaves an error for another property', async () => {
    const { actor, release } = start({ propertyId: 'p1' }, new Set(['p1']));
    await Promise.resolve();
    release('p1#1');
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'property.select', propertyId: 'p3' });
    expect(actor.getSnapshot().value).toBe('loadingToken');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a frame that could not use its token shows the error, and the retry brings a new token', async () => {
    const { actor, asked, release } = start({ propertyId: 'p1' });
    await Promise.resolve();
    release('p1#1');
    await waitFor(actor, (s) => s.matches('ready'));
    const refused = { code: 'one_time_token_invalid', params: {}, message: 'Spent' };
    actor.send({ type: 'frame.failed', error: refused });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'one_time_token_invalid' });
    expect(frameParams(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.retry' });
    await Promise.resolve();
    release('p1#2');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual(['p1', 'p1']);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a frame failure while no frame is shown', () => {
    const { actor } = start({ propertyId: 'p1' });
    actor.send({ type: 'frame.failed', error: new Error('late') });
    expect(actor.getSnapshot().value).toBe('loadingToken');
  });
});

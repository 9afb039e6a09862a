import type { Store } from '@tern/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RESERVED_STORE_SLUGS } from '../navigation/routes.js';
import { STORE_SAVE_DEBOUNCE_MS, type StoreSaveInput, storeSettingsMachine } from './storeSettingsMachine.js';
import {
  moveRows,
  newStoreValues,
  prioritiesOf,
  type StoreFormValues,
  slugChangeNeedsConfirmation,
  storeBodyOf,
  storeNavEntry,
  storeSaveRefusal,
  storeTabClosable,
  storeValuesOf,
  validateStoreForm,
} from './stores.js';

const R = 'validation_messages.required';
const filled: StoreFormValues = {
  ...newStoreValues(),
  name: 'Harbour gifts',
  slugName: 'harbour-gifts',
  titleFont: 'Lato',
  textFont: 'Roboto',
  termsAndConditions: 'No cash value.',
  bannerTitle: 'Give a night',
  bannerParagraph: 'By the harbour.',
};

describe('store form rules (document 2 §5, §9)', () => {
  it('a new store has the defaults of §9', () => {
    expect(newStoreValues()).toMatchObject({
      cornerStyle: 'rounded',
      tagColor: '#0F1015',
      allowCancellation: false,
      cancellationDeadlineDays: 1,
      status: 'active',
      allowPickupAtHotel: false,
    });
  });

  it.each<[string, Partial<StoreFormValues>, Record<string, string>]>([
    ['all filled', {}, {}],
    [
      'a new store as it is',
      newStoreValues(),
      {
        name: R,
        slugName: R,
        titleFont: R,
        textFont: R,
        termsAndConditions: R,
        bannerTitle: R,
        bannerParagraph: R,
      },
    ],
    [
      'a slug with a space',
      { slugName: 'harbour gifts' },
      { slugName: 'validation_messages.store_slug_chars' },
    ],
    [
      'a slug with an underscore',
      { slugName: 'harbour_gifts' },
      { slugName: 'validation_messages.store_slug_chars' },
    ],
    [
      'a slug with a letter outside a–z',
      { slugName: 'hótel' },
      { slugName: 'validation_messages.store_slug_chars' },
    ],
    ['letters, digits and hyphens', { slugName: 'Harbour-2026' }, {}],
    [
      'a slug an app page has',
      { slugName: 'Bookings' },
      { slugName: 'validation_messages.store_slug_reserved' },
    ],
    [
      'a tag colour that is no colour',
      { tagColor: 'red' },
      { tagColor: 'validation_messages.store_tag_color' },
    ],
    [
      'a wrong e-mail',
      { purchaseConfirmationEmail: 'sales@' },
      { purchaseConfirmationEmail: 'validation_messages.email' },
    ],
    ['no e-mail (optional)', { purchaseConfirmationEmail: '' }, {}],
    ['pickup without its info', { allowPickupAtHotel: true }, { allowPickupAtHotelInfo: R }],
    ['pickup with its info', { allowPickupAtHotel: true, allowPickupAtHotelInfo: 'Desk' }, {}],
    ['no pickup, no info', { allowPickupAtHotel: false, allowPickupAtHotelInfo: '' }, {}],
    [
      'cancellation without days',
      { allowCancellation: true, cancellationDeadlineDays: null },
      { cancellationDeadlineDays: R },
    ],
    [
      'cancellation with −1 days',
      { allowCancellation: true, cancellationDeadlineDays: -1 },
      { cancellationDeadlineDays: 'validation_messages.not_negative' },
    ],
    [
      'cancellation with 1.5 days',
      { allowCancellation: true, cancellationDeadlineDays: 1.5 },
      { cancellationDeadlineDays: 'validation_messages.whole_number' },
    ],
    ['cancellation with 0 days', { allowCancellation: true, cancellationDeadlineDays: 0 }, {}],
    ['no cancellation: days not asked', { allowCancellation: false, cancellationDeadlineDays: null }, {}],
  ])('%s', (_, change, errors) => {
    expect(validateStoreForm({ ...filled, ...change })).toEqual(errors);
  });

  it('reserves the first segments of app pages, server paths and store page words, not store-like words', () => {
    for (const slug of ['bookings', 'login', 'settings', 'giftcards', 'search', 'booking', 'api', 'photos'])
      expect(RESERVED_STORE_SLUGS.has(slug)).toBe(true);
    for (const slug of ['booking', 'API', 'Photos', 'assets', 'billing', 'stripe', 'usegiftcard'])
      expect(validateStoreForm({ ...filled, slugName: slug })).toEqual({
        slugName: 'validation_messages.store_slug_reserved',
      });
    expect(RESERVED_STORE_SLUGS.has('harbour-view')).toBe(false);
  });
});

describe('store types order (document 2 §4)', () => {
  const rows = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
  const ids = (r: { id: string }[]) => r.map((x) => x.id).join('');
  it.each<[string[], string, 'before' | 'after', string]>([
    [['d'], 'a', 'before', 'dabc'],
    [['a'], 'd', 'after', 'bcda'],
    [['a', 'c'], 'd', 'after', 'bdac'],
    [['b'], 'c', 'after', 'acbd'],
    [['b'], 'b', 'before', 'abcd'],
    [['b'], 'x', 'before', 'abcd'],
  ])('moving %j %s %s gives %s', (moved, target, position, order) => {
    expect(ids(moveRows(rows, moved, target, position))).toBe(order);
  });

  it('renumbers priorities from 1', () => {
    expect(prioritiesOf(['c', 'a', 'b'])).toEqual([
      { id: 'c', priority: 1 },
      { id: 'a', priority: 2 },
      { id: 'b', priority: 3 },
    ]);
  });

  it('sends the order of a saved store, none for a new one', () => {
    const values = {
      ...filled,
      types: [
        { id: 't2', title: 'B', hotelNames: [] },
        { id: 't1', title: 'A', hotelNames: [] },
      ],
    };
    expect(storeBodyOf(values, true).storeGiftCardTypes).toEqual([
      { id: 't2', priority: 1 },
      { id: 't1', priority: 2 },
    ]);
    expect(storeBodyOf(values, false)).not.toHaveProperty('storeGiftCardTypes');
    expect(
      storeBodyOf({ ...values, purchaseConfirmationEmail: ' ' }, true).purchaseConfirmationEmail,
    ).toBeNull();
  });
});

describe('slug, tabs, refusals and the Store entry', () => {
  it.each<[string | null, string, boolean]>([
    [null, 'new-one', false],
    ['harbour', 'harbour', false],
    ['harbour', ' harbour ', false],
    ['harbour', 'harbour-2', true],
  ])('saved slug %j, slug %j: confirmation %s', (saved, slug, asks) => {
    expect(slugChangeNeedsConfirmation(saved, slug)).toBe(asks);
  });

  it('closes only unsaved tabs', () => {
    expect(storeTabClosable(null)).toBe(true);
    expect(storeTabClosable('s1')).toBe(false);
  });

  it.each<[{ code: string | null; message: string } | null, 'slugTaken' | 'general']>([
    [{ code: null, message: 'Validation failed: Name has already been taken' }, 'slugTaken'],
    [{ code: 'store_slug_taken', message: 'x' }, 'slugTaken'],
    [{ code: null, message: 'Validation failed: name has already been taken' }, 'general'],
    [{ code: 'invalid_input', message: 'Please correct the marked fields.' }, 'general'],
    [null, 'general'],
  ])('refusal %j shows %s', (error, kind) => {
    expect(storeSaveRefusal(error)).toBe(kind);
  });

  const s = (id: string, status: 'active' | 'inactive') => ({ id, name: id, status, publicPath: `/${id}` });
  it.each([
    [[], 'none'],
    [[s('a', 'inactive')], 'none'],
    [[s('a', 'active'), s('b', 'inactive')], 'link'],
    [[s('a', 'active'), s('b', 'active')], 'menu'],
  ] as const)('stores %j: %s', (stores, kind) => {
    const entry = storeNavEntry(stores);
    expect(entry.kind).toBe(kind);
    if (entry.kind === 'link') expect(entry.store).toEqual({ id: 'a', name: 'a', publicPath: '/a' });
    if (entry.kind === 'menu') expect(entry.stores.map((x) => x.id)).toEqual(['a', 'b']);
  });
});

const savedStore = (over: Partial<Store> = {}): Store => ({
  id: 's1',
  type: 'store',
  propertyId: 'p1',
  name: 'Harbour gifts',
  slugName: 'harbour-gifts',
  status: 'active',
  allowPickupAtHotel: false,
  publicPath: '/harbour-gifts',
  titleFont: 'Lato',
  textFont: 'Roboto',
  cornerStyle: 'rounded',
  tagColor: '#0F1015',
  logoUrl: null,
  photoUrl: null,
  termsAndConditions: 'No cash value.',
  bookingTermsAndConditions: '',
  gaTrackingId: '',
  purchaseConfirmationEmail: null,
  allowPickupAtHotelInfo: '',
  allowCancellation: false,
  cancellationDeadlineDays: 1,
  bannerTitle: 'Give a night',
  bannerParagraph: 'By the harbour.',
  storeGiftCardTypes: [],
  createdAt: '2026-11-24T00:00:00Z',
  updatedAt: '2026-11-24T00:00:00Z',
  ...over,
});

describe('M16 store settings machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (store: Store | null, reply: (input: StoreSaveInput) => Promise<Store>) => {
    const saves: StoreSaveInput[] = [];
    const actor = createActor(
      storeSettingsMachine.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: StoreSaveInput }) => {
            saves.push(input);
            return reply(input);
          }),
        },
      }),
      { input: { store, values: store ? undefined : filled } },
    ).start();
    return { actor, saves };
  };

  it('saves once, 500 ms after the last of several changes', async () => {
    const { actor, saves } = start(savedStore(), async (input) => savedStore({ name: input.values.name }));
    actor.send({ type: 'form.change', values: { name: 'H' } });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'form.change', values: { name: 'Ha' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS - 1);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map((s) => s.values.name)).toEqual(['Ha']);
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('does not save wrong values, and shows their errors', async () => {
    const { actor, saves } = start(savedStore(), async () => savedStore());
    actor.send({ type: 'form.change', values: { name: '' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ name: R });
  });

  it('asks before saving a saved store’s new slug; cancel keeps it unsaved, confirm saves', async () => {
    const { actor, saves } = start(savedStore(), async (input) =>
      savedStore({ slugName: input.values.slugName }),
    );
    actor.send({ type: 'form.change', values: { slugName: 'harbour-2' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('confirmSlug');
    actor.send({ type: 'slug.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(saves).toHaveLength(0);
    actor.send({ type: 'form.change', values: { slugName: 'harbour-3' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    actor.send({ type: 'slug.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((s) => s.values.slugName)).toEqual(['harbour-3']);
    expect(actor.getSnapshot().context.savedSlug).toBe('harbour-3');
    // The slug saved, later changes save without asking.
    actor.send({ type: 'form.change', values: { name: 'Other' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    expect(saves).toHaveLength(2);
  });

  it('a new store is created without asking, then becomes a saved tab', async () => {
    const { actor, saves } = start(null, async () => savedStore({ id: 'new1' }));
    expect(storeTabClosable(actor.getSnapshot().context.storeId)).toBe(true);
    actor.send({ type: 'form.change', values: { slugName: 'anything' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    expect(saves).toEqual([{ storeId: null, values: expect.objectContaining({ slugName: 'anything' }) }]);
    expect(actor.getSnapshot().context.storeId).toBe('new1');
    expect(storeTabClosable(actor.getSnapshot().context.storeId)).toBe(false);
  });

  it('a change while saving is saved after the first answer', async () => {
    let answer: (s: Store) => void = () => {};
    const { actor, saves } = start(savedStore(), (input) =>
      saves.length === 1
        ? new Promise<Store>((r) => {
            answer = r;
          })
        : Promise.resolve(savedStore({ name: input.values.name })),
    );
    actor.send({ type: 'form.change', values: { name: 'One' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'form.change', values: { name: 'Two' } });
    answer(savedStore({ name: 'One' }));
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    expect(saves.map((s) => s.values.name)).toEqual(['One', 'Two']);
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('tells the slug-taken refusal of §8 from others, and retries', async () => {
    let fail: Error | null = Object.assign(new Error('Conflict'), {
      code: 'store_slug_taken',
      serverMessage: 'Validation failed: Name has already been taken',
    });
    const { actor, saves } = start(savedStore(), async () => {
      if (fail) throw fail;
      return savedStore();
    });
    actor.send({ type: 'form.change', values: { name: 'X' } });
    await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.refusal).toBe('slugTaken');
    fail = Object.assign(new Error('boom'), { code: 'internal' });
    actor.send({ type: 'user.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.refusal).toBe('general');
    fail = null;
    actor.send({ type: 'user.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saves).toHaveLength(3);
  });

  it('reads a saved store’s values', () => {
    const values = storeValuesOf(
      savedStore({
        purchaseConfirmationEmail: null,
        storeGiftCardTypes: [
          { id: 't1', priority: 1, giftCardTypeTitle: 'A', hotelNames: ['H'], status: 'published' },
        ],
      }),
    );
    expect(values.purchaseConfirmationEmail).toBe('');
    expect(values.types).toEqual([{ id: 't1', title: 'A', hotelNames: ['H'] }]);
  });
});

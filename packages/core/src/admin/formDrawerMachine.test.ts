import type { PaymentProvider, PromoCode } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Day } from '../dates/dates.js';
import { type ProviderDraft, providerFormInput } from '../paymentProviders/paymentProviders.js';
import { type PromoDraft, promoBodyOf, promoDraftOf, promoFormInput } from '../promoCodes/promoCodes.js';
import { formDrawerMachine, isFormDirty } from './formDrawerMachine.js';

const today = '2030-06-15' as Day;
const promo: PromoCode = {
  id: 'pc1',
  propertyId: 'p1',
  name: 'Summer',
  code: 'SUMMER',
  codeType: 'fixed_amount',
  amount: 20,
  usageLimit: 5,
  usageCount: 0,
  status: 'active',
  validFrom: '2030-06-01',
  validTo: '2030-06-30',
  appliesTo: [],
} as unknown as PromoCode;

function start(input: ReturnType<typeof promoFormInput>, replies: Array<unknown>) {
  const sent: unknown[] = [];
  const machine = formDrawerMachine.provide({
    actors: {
      save: fromPromise<unknown, object>(async ({ input: values }) => {
        sent.push(values);
        const reply = replies.shift();
        if (reply instanceof Error || reply === undefined) throw reply ?? new Error('no reply');
        return reply;
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  return { actor, sent, emitted };
}

describe('formDrawerMachine with the promo rules (M21)', () => {
  it.each<[string, Partial<PromoDraft>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'validation_messages.required' }],
    ['a one-letter code', { name: 'Winter', code: 'W' }, { code: 'validation_messages.promo_length' }],
    [
      'a percentage over 100',
      { name: 'Winter', code: 'WINTER', amount: '150' },
      { amount: 'validation_messages.percent_max' },
    ],
    [
      'a limit of 0',
      { name: 'Winter', code: 'WINTER', usageLimit: '0' },
      { usageLimit: 'validation_messages.limit_min' },
    ],
    [
      'a range before today',
      { name: 'Winter', code: 'WINTER', validFrom: '2030-06-01' as Day, validTo: '2030-06-20' as Day },
      { validFrom: 'validation_messages.range_before_today' },
    ],
  ])('keeps %s in editing with its error shown, and sends nothing', (_, values, errors) => {
    const { actor, sent } = start(promoFormInput(null, today), []);
    actor.send({ type: 'form.change', values });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ showErrors: true, errors });
    expect(sent).toEqual([]);
  });

  it('follows the changes once the errors are shown, then saves the values once', async () => {
    const { actor, sent, emitted } = start(promoFormInput(null, today), [{ id: 'new' }]);
    expect(actor.getSnapshot().context.values).toEqual(promoDraftOf(null));
    expect(isFormDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.name).toBe('validation_messages.required');
    actor.send({ type: 'form.change', values: { name: 'Winter' } });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    expect(actor.getSnapshot().context.errors.code).toBe('validation_messages.required');
    actor.send({ type: 'form.change', values: { code: 'WINTER', active: true } });
    expect(isFormDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().output).toEqual({ id: 'new' });
    expect(emitted).toEqual(['form.saved']);
    expect(promoBodyOf(sent[0] as PromoDraft, 'p1')).toEqual({
      propertyId: 'p1',
      name: 'Winter',
      code: 'WINTER',
      codeType: 'percentage',
      amount: 10,
      usageLimit: null,
      status: 'active',
      validFrom: '',
      validTo: '',
      appliesTo: [],
    });
  });

  it('lets an edited code keep the start it had, even before today', () => {
    const { actor } = start(promoFormInput(promo, today), []);
    expect(actor.getSnapshot().context.values).toMatchObject({ amount: '20', usageLimit: '5', active: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('keeps a refused save in failed; user.retry sends the same values, a change goes back to editing', async () => {
    const refusal = Object.assign(new Error('A promo code with the same code already exists.'), {
      code: 'promo_code_taken',
      fields: [{ field: 'code', code: 'promo_code_taken', message: 'Taken.' }, { nonsense: true }],
    });
    const { actor, sent } = start(promoFormInput(promo, today), [refusal, refusal, { id: 'pc1' }]);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'promo_code_taken' });
    expect(actor.getSnapshot().context.refusedFields).toEqual([
      { field: 'code', code: 'promo_code_taken', message: 'Taken.' },
    ]);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('failed') && sent.length === 2);
    expect(sent[1]).toEqual(sent[0]);
    actor.send({ type: 'form.change', values: { code: 'SUMMER2' } });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect((sent[2] as PromoDraft).code).toBe('SUMMER2');
  });

  it('closes without saving, except while a save is under way', async () => {
    const { actor } = start(promoFormInput(promo, today), []);
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'closed', status: 'done', output: null });
  });
});

describe('formDrawerMachine with the payment provider rules (M20)', () => {
  const nets = {
    name: 'nets',
    default: true,
    details: { merchantId: 'M-1', checkoutKey: 'ck-1', secretKey: '••••••••••abcdef' },
  } as unknown as PaymentProvider;

  it.each<[string, string, ProviderDraft['name'], Record<string, string>]>([
    ['no provider', 'editing', null, {}],
    ['Nets without its secret', 'editing', 'nets', { checkoutKey: 'ck', merchantId: 'm' }],
    ['Nets with all its fields', 'saving', 'nets', { checkoutKey: 'ck', merchantId: 'm', secretKey: 's' }],
    ['Stripe (no fields)', 'saving', 'stripe', {}],
  ])('a new one with %s goes to %s on submit', (_, state, name, details) => {
    const { actor } = start(providerFormInput(null), []);
    actor.send({ type: 'form.change', values: { name, details } as object });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe(state);
  });

  it('starts an edit with the fields but not the secrets, and keeps a secret left empty', () => {
    const input = providerFormInput(nets);
    expect(input.values).toEqual({
      name: 'nets',
      details: { checkoutKey: 'ck-1', merchantId: 'M-1' },
      isDefault: true,
    });
    const { actor } = start(input, []);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
  });
});

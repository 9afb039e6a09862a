import { describe, expect, it } from 'vitest';
import {
  changeIssueOrder,
  type IssueOrderForm,
  issueBodyOf,
  newIssueOrderForm,
  unpaidAllowed,
  validateIssueOrder,
} from './issueOrder.js';

const R = 'validation_messages.required';
const today = '2026-11-24';
const type = { id: 't1', netPrice: 24990.4 };
const valid: IssueOrderForm = {
  ...newIssueOrderForm(type),
  name: 'Acme ehf.',
  email: 'buyer@acme.is',
  recipients: [{ name: 'Anna', email: 'anna@x.is' }],
};

describe('issue order form', () => {
  it('starts with one paid card at the type’s net price, whole', () => {
    expect(newIssueOrderForm(type)).toMatchObject({
      giftCardTypeId: 't1',
      netPrice: 24990,
      quantity: 1,
      purchaseState: 'paid',
      sendEmail: true,
    });
    expect(newIssueOrderForm().recipients).toEqual([{ name: '', email: '' }]);
  });

  it('accepts a valid order', () => expect(validateIssueOrder(valid, { today })).toEqual({}));

  it.each<[string, Partial<IssueOrderForm>, number | null, Record<string, string>]>([
    ['no type', { giftCardTypeId: null }, null, { giftCardTypeId: R }],
    ['no name', { name: '' }, null, { name: R }],
    ['a name of 81', { name: 'n'.repeat(81) }, null, { name: 'validation_messages.text_too_long' }],
    ['no e-mail', { email: ' ' }, null, { email: R }],
    ['a bad e-mail', { email: 'buyer@' }, null, { email: 'validation_messages.email' }],
    ['no net price', { netPrice: null }, null, { netPrice: R }],
    ['a net price of 0', { netPrice: 0 }, null, {}],
    ['a negative net price', { netPrice: -1 }, null, { netPrice: 'validation_messages.not_negative' }],
    ['a net price of 9.5', { netPrice: 9.5 }, null, { netPrice: 'validation_messages.whole_number' }],
    ['no quantity', { quantity: null }, null, { quantity: R }],
    [
      'a quantity of 0',
      { quantity: 0, recipients: [] },
      null,
      { quantity: 'validation_messages.at_least_one' },
    ],
    ['a quantity of 1.5', { quantity: 1.5 }, null, { quantity: 'validation_messages.whole_number' }],
    ['more than the stock', { quantity: 1 }, 0, { quantity: 'validation_messages.gift_stock' }],
    ['within the stock', {}, 1, {}],
    [
      'rows that do not follow the quantity',
      { quantity: 2, purchaseState: 'unpaid' },
      null,
      { recipients: R },
    ],
    [
      'a custom day before today',
      { customExpirationDate: '2026-11-23' },
      null,
      { customExpirationDate: 'validation_messages.before_today' },
    ],
    ['a custom day of today', { customExpirationDate: today }, null, {}],
    [
      'unpaid for one card',
      { purchaseState: 'unpaid' },
      null,
      { purchaseState: 'validation_messages.not_an_option' },
    ],
    [
      'a row without a name and a bad e-mail',
      { recipients: [{ name: '', email: 'anna' }] },
      null,
      { 'recipients.0.name': R, 'recipients.0.email': 'validation_messages.email' },
    ],
  ])('%s', (_, change, stock, errors) =>
    expect(validateIssueOrder({ ...valid, ...change }, { today, stock })).toEqual(errors),
  );

  it.each([
    [null, false],
    [1, false],
    [2, true],
  ])('unpaid allowed for quantity %s: %s', (q, allowed) => expect(unpaidAllowed(q)).toBe(allowed));

  it('makes the rows follow the quantity and forces paid at 1', () => {
    const three = changeIssueOrder(valid, { quantity: 3 });
    expect(three.recipients).toEqual([
      { name: 'Anna', email: 'anna@x.is' },
      { name: '', email: '' },
      { name: '', email: '' },
    ]);
    const unpaid = changeIssueOrder(three, { purchaseState: 'unpaid' });
    expect(unpaid.purchaseState).toBe('unpaid');
    const one = changeIssueOrder(unpaid, { quantity: 1 });
    expect(one).toMatchObject({ purchaseState: 'paid', recipients: [{ name: 'Anna', email: 'anna@x.is' }] });
    expect(changeIssueOrder(valid, { purchaseState: 'unpaid' }).purchaseState).toBe('paid');
    // A quantity being typed (not whole yet) leaves the rows as they are.
    expect(changeIssueOrder(three, { quantity: null }).recipients).toHaveLength(3);
  });

  it('takes another type’s net price', () => {
    expect(changeIssueOrder(valid, { giftCardTypeId: 't2' }, { id: 't2', netPrice: 5000 }).netPrice).toBe(
      5000,
    );
    expect(changeIssueOrder({ ...valid, netPrice: 7 }, { name: 'B' }, type).netPrice).toBe(7);
  });

  it('builds the issue body with a row key per row', () => {
    const form = {
      ...valid,
      quantity: 2,
      recipients: [
        { name: ' Anna ', email: 'anna@x.is ' },
        { name: 'Björn', email: 'b@x.is' },
      ],
    };
    expect(issueBodyOf(form, 'p1', 'order-7')).toEqual({
      propertyId: 'p1',
      recipients: [
        { rowKey: 'order-7:1', name: 'Anna', email: 'anna@x.is' },
        { rowKey: 'order-7:2', name: 'Björn', email: 'b@x.is' },
      ],
      expirationDate: null,
      netPrice: 24990,
      buyerName: 'Acme ehf.',
      buyerEmail: 'buyer@acme.is',
      sendEmail: true,
    });
    // Sending by e-mail is on unless unchecked.
    expect(issueBodyOf({ ...form, sendEmail: false }, 'p1', 'order-7').sendEmail).toBe(false);
  });
});

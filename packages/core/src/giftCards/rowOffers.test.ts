import { describe, expect, it } from 'vitest';
import type { Day } from '../dates/dates.js';
import { type IssuedCardState, issuedCardOffers } from './issuedCardMachine.js';
import { type PurchaseRecord, purchaseOffers } from './purchaseMachine.js';

const today = '2030-06-10' as Day;
const card = (over: Partial<IssuedCardState> = {}): IssuedCardState => ({
  id: 'c-1',
  notes: '',
  booked: false,
  delivered: false,
  agentBooking: null,
  ...over,
});
const offers = (c: IssuedCardState) => {
  const snapshot = issuedCardOffers({ card: c, today });
  return {
    used: snapshot.can({ type: 'markUsed.open' }),
    unused: snapshot.can({ type: 'markUnused.open' }),
    delivered: snapshot.can({ type: 'markDelivered.open' }),
  };
};

describe('issuedCardOffers: what the card machine takes before an action is open', () => {
  it('offers mark used and mark delivered on a new card, not mark unused', () => {
    expect(offers(card())).toEqual({ used: true, unused: false, delivered: true });
  });

  it('offers mark unused on a used card, also a consumed one (the machine then says why not)', () => {
    const arrived = { arrivalDate: '2030-06-01' as Day, status: 'confirmed', bookingType: 'normal' as const };
    expect(offers(card({ booked: true, delivered: true }))).toEqual({
      used: false,
      unused: true,
      delivered: false,
    });
    expect(offers(card({ booked: true, agentBooking: arrived })).unused).toBe(true);
  });

  it('runs nothing: the snapshot stays in idle', () => {
    expect(issuedCardOffers({ card: card(), today }).value).toBe('idle');
  });
});

describe('purchaseOffers: what the purchase machine takes before an action is open', () => {
  const purchase = (over: Partial<PurchaseRecord>): PurchaseRecord => ({
    id: 'p-1',
    status: 'initiated',
    issuedStatus: 'pending',
    quantity: 1,
    orderRecipients: [],
    ...over,
  });
  const asks = (p: PurchaseRecord) => {
    const snapshot = purchaseOffers(p);
    return (['markPaid.ask', 'markIssued.ask', 'retryIssue.ask', 'recipients.edit'] as const).filter((type) =>
      snapshot.can({ type }),
    );
  };

  it.each([
    [{}, ['markPaid.ask', 'markIssued.ask', 'recipients.edit']],
    [{ status: 'paid', issuedStatus: 'issued' }, []],
    [{ status: 'paid', issuedStatus: 'failed' }, ['retryIssue.ask']],
    [{ status: 'paid', issuedStatus: 'queued' }, []],
  ] as const)('%o offers %o', (over, expected) => {
    expect(asks(purchase(over))).toEqual(expected);
  });
});

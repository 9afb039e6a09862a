import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CancellationPolicy, RateOffer, UnitWithRates } from '@tern/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareStayBooking, type StayOrder, stayOrderOf } from '../src/bookingEngine/stayOrder.js';
import { UserError } from '../src/errors.js';
import { removeTempDirs, tempConfigDir } from './helpers/cli.js';

afterAll(removeTempDirs);

const policy = (guarantee: CancellationPolicy['guaranteePaymentPolicy']): CancellationPolicy => ({
  id: `p-${guarantee}`,
  title: guarantee === 'none' ? 'Flexible' : 'Prepaid',
  cancellationPolicyLogic: guarantee === 'none' ? 'free' : 'non_refundable',
  cancellationPolicyDeadline: null,
  cancellationPolicyDeadlineType: null,
  cancellationPolicyPenalty: 100,
  cancellationPolicyMode: 'percent',
  guaranteePaymentPolicy: guarantee,
  guaranteePaymentAmount: guarantee === 'none' ? 0 : 100,
  currency: 'EUR',
});

const rate = (id: string, over: Partial<RateOffer> = {}): RateOffer => ({
  id,
  ratePlanId: id.split('~')[0]!,
  title: `Rate ${id}`,
  availability: 3,
  occupancy: { adults: 2, children: 0, infants: 0 },
  sellMode: 'per_room',
  totalPrice: 300,
  netPrice: 270,
  nightly: [],
  lengthOfStay: 2,
  taxes: [],
  currency: 'EUR',
  mealType: 'breakfast',
  cancellationPolicy: policy('none'),
  liability: 'pay_at_property',
  unavailableReason: null,
  minStay: null,
  maxStay: null,
  ...over,
});

const unit = (id: string, rates: RateOffer[], availability = 3): UnitWithRates => ({
  id,
  type: 'unit',
  title: `Room ${id}`,
  description: '',
  photos: [],
  facilities: [],
  bedOptions: [],
  maxOccupancy: 2,
  maxAdults: 2,
  maxChildren: 0,
  maxInfants: 0,
  availability,
  ratePlans: rates,
});

// Unit ids are UUIDs, as the contract asks of every id sent.
const U1 = '0b0e1c2d-0000-4000-8000-000000000001';
const U2 = '0b0e1c2d-0000-4000-8000-000000000002';

const units = [
  unit(U1, [
    rate('flex~2-0-0'),
    rate('prepaid~2-0-0', { cancellationPolicy: policy('percent_based'), liability: 'prepaid' }),
  ]),
  unit(U2, [rate('sold~1-0-0', { unavailableReason: 'sold_out', availability: 0 })], 0),
];
const stay = { checkinDate: '2026-04-01', checkoutDate: '2026-04-03', currency: 'EUR' };

const order = (over: Partial<StayOrder> = {}): StayOrder => ({
  rooms: [{ rate: 'flex~2-0-0', count: 2, guests: [] }],
  guests: [],
  customer: { name: 'Anna', surname: 'Jónsdóttir', email: 'anna@example.com' },
  acceptPolicies: true,
  ...over,
});

function refusal(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a user error');
}

describe('prepareStayBooking', () => {
  it('builds one room entry per room booked, with its unit and occupancy, and "No Name" guests', () => {
    const { body, cardNeeded } = prepareStayBooking(
      order({ guests: [{ name: 'Anna', surname: 'J', nationality: 'IS' }] }),
      units,
      stay,
    );
    expect(cardNeeded).toBe(false);
    expect(body).toEqual({
      booking: {
        currency: 'EUR',
        arrivalDate: '2026-04-01',
        departureDate: '2026-04-03',
        customer: { name: 'Anna', surname: 'Jónsdóttir', mail: 'anna@example.com' },
        rooms: [
          {
            ratePlanId: 'flex~2-0-0',
            roomTypeCode: U1,
            occupancy: { adults: 2, children: 0, infants: 0 },
            guests: [{ name: 'Anna', surname: 'J', nationality: 'IS' }],
          },
          {
            ratePlanId: 'flex~2-0-0',
            roomTypeCode: U1,
            occupancy: { adults: 2, children: 0, infants: 0 },
            guests: [],
          },
        ],
        policyAccepted: true,
      },
    });
  });

  it('fills each room up to its guest spaces and refuses guests beyond them', () => {
    const guests = [1, 2, 3].map((n) => ({ name: `G${n}`, surname: '', nationality: '' }));
    const { body } = prepareStayBooking(order({ guests }), units, stay);
    expect(body.booking.rooms.map((r) => r.guests?.map((g) => g.name))).toEqual([['G1', 'G2'], ['G3']]);
    const error = refusal(() =>
      prepareStayBooking(
        order({ rooms: [{ rate: 'flex~2-0-0', count: 1, guests: [] }], guests }),
        units,
        stay,
      ),
    );
    expect(error.message).toContain('--guest: 1 guest(s) more than the rooms chosen sleep');
  });

  it.each([
    [{ rooms: [] }, '--room: choose at least one rate'],
    [{ rooms: [{ rate: 'nope', count: 1, guests: [] }] }, '--room: no rate nope for these dates'],
    [{ rooms: [{ rate: 'sold~1-0-0', count: 1, guests: [] }] }, 'cannot be booked for these dates: sold out'],
    [{ rooms: [{ rate: 'flex~2-0-0', count: 4, guests: [] }] }, `--room: only 3 of Room ${U1} left`],
    [{ customer: { name: 'A', email: 'a@example.com' } }, '--surname: the guest’s surname is needed'],
    [{ customer: { surname: 'B' } }, '--email: an e-mail for the confirmation is needed'],
    [{ customer: { surname: 'B', email: 'b@' } }, '--email: use an e-mail address'],
    [{ acceptPolicies: false }, '--accept-policies: read the rates’ policies'],
  ])('refuses %o', (over, message) => {
    const error = refusal(() => prepareStayBooking(order(over), units, stay));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(message);
  });

  it('refuses a rate that needs a card without --card-token, and sends the token with one', () => {
    const prepaid = order({ rooms: [{ rate: 'prepaid~2-0-0', count: 1, guests: [] }] });
    const error = refusal(() => prepareStayBooking(prepaid, units, stay));
    expect(error.code).toBe('card_needed');
    expect(error.message).toMatch(/web app.*--card-token TOKEN/);
    const { body } = prepareStayBooking({ ...prepaid, cardToken: 'tok_1' }, units, stay);
    expect(body.booking.guarantee).toEqual({ cardToken: 'tok_1' });
  });
});

describe('stayOrderOf', () => {
  it('reads --room RATE:COUNT and --guest NAME,SURNAME,COUNTRY', async () => {
    const { order: parsed } = await stayOrderOf({
      room: ['a~2-0-0:2', 'b~1-0-0'],
      guest: ['Anna,Jónsdóttir,is'],
    });
    expect(parsed.rooms).toEqual([
      { rate: 'a~2-0-0', count: 2, guests: [] },
      { rate: 'b~1-0-0', count: 1, guests: [] },
    ]);
    expect(parsed.guests).toEqual([{ name: 'Anna', surname: 'Jónsdóttir', nationality: 'IS' }]);
  });

  it('refuses malformed --room and --guest values', async () => {
    await expect(stayOrderOf({ room: ['a:0'] })).rejects.toThrow('--room: use RATE or RATE:COUNT');
    await expect(stayOrderOf({ guest: ['A,B,Iceland'] })).rejects.toThrow('--guest: use NAME,SURNAME');
  });

  it('reads a --from-file booking, flags winning over its values', async () => {
    const file = join(await tempConfigDir(), 'booking.json');
    await writeFile(
      file,
      JSON.stringify({
        property: 'prop-1',
        checkin: '2026-04-01',
        checkout: '2026-04-03',
        rooms: [{ rate: 'a~2-0-0', count: 1, guests: [{ name: 'Ann', surname: 'B' }] }],
        customer: { surname: 'B', email: 'b@example.com' },
        acceptPolicies: true,
      }),
    );
    const { order: parsed, property } = await stayOrderOf({ fromFile: file, checkout: '2026-04-05' });
    expect(property).toBe('prop-1');
    expect(parsed).toMatchObject({
      checkin: '2026-04-01',
      checkout: '2026-04-05',
      rooms: [{ rate: 'a~2-0-0', count: 1, guests: [{ name: 'Ann', surname: 'B', nationality: '' }] }],
      customer: { surname: 'B', email: 'b@example.com' },
      acceptPolicies: true,
    });
  });

  it('names the file and the keys that are wrong', async () => {
    const file = join(await tempConfigDir(), 'bad.json');
    await writeFile(file, JSON.stringify({ rooms: [{ count: 0 }], acceptPolicies: 'yes' }));
    await expect(stayOrderOf({ fromFile: file })).rejects.toThrow(
      /bad\.json: rooms\[0\]\.rate: a rate id .* is needed; rooms\[0\]\.count: use a whole number from 1; acceptPolicies: use true or false/,
    );
    await writeFile(file, '{ not json');
    await expect(stayOrderOf({ fromFile: file })).rejects.toThrow(/--from-file: .*bad\.json is not JSON/);
    await expect(stayOrderOf({ fromFile: join(file, 'missing') })).rejects.toThrow(
      /--from-file .*bad\.json\/missing: cannot read it \(a part of the path is not a folder\)/,
    );
  });
});

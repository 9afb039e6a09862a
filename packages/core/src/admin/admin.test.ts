import { isTimeZone } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { todayIn } from '../dates/dates.js';
import {
  creatableProviders,
  providerActions,
  providerFormFields,
  validateProviderForm,
} from '../paymentProviders/paymentProviders.js';
import {
  isValidFromAllowed,
  PROMO_LABEL_COLOURS,
  promoLabel,
  promoQuickRanges,
  promoUsable,
  validatePromoForm,
  validFromMinimum,
} from '../promoCodes/promoCodes.js';
import { type ConfirmedAction, confirmedActionMachine } from './confirmedActionMachine.js';
import {
  adminValidationKeys,
  timeZoneOptions,
  validatePropertyForm,
  validateResellerForm,
  validateUserForm,
  validateUserPassword,
} from './forms.js';
import {
  addPropertyRow,
  deletePropertyRow,
  initialPropertyRows,
  type PropertyLink,
  propertyRowsDisabled,
  propertyRowsPayload,
  resellerSelectDisabled,
  selectRowProperty,
  setRowRole,
  visiblePropertyRows,
} from './userRows.js';

const links: PropertyLink[] = [
  { propertyId: 'p1', ternHotelUserId: 'l1', role: 'manager' },
  { propertyId: 'p2', ternHotelUserId: 'l2', role: 'user' },
];

describe('user property rows (M18)', () => {
  it('starts with the user’s links, or one blank row with the role user', () => {
    expect(initialPropertyRows(links).map((r) => [r.id, r.ternHotelId, r.role])).toEqual([
      ['l1', 'p1', 'manager'],
      ['l2', 'p2', 'user'],
    ]);
    expect(initialPropertyRows()).toEqual([
      { key: 'new-1', id: null, ternHotelId: null, role: 'user', destroy: false },
    ]);
  });

  it('adds rows with fresh keys and the role user', () => {
    const rows = addPropertyRow(addPropertyRow(initialPropertyRows()));
    expect(rows.map((r) => r.key)).toEqual(['new-1', 'new-2', 'new-3']);
    expect(rows.every((r) => r.role === 'user')).toBe(true);
  });

  it('refuses a property another shown row has, and reuses the link of a property the user had', () => {
    let rows = addPropertyRow(initialPropertyRows(links));
    expect(selectRowProperty(rows, 'new-1', 'p1', links)).toMatchObject({ ok: false, reason: 'duplicate' });
    // Removing p2's row, then picking p2 in the new row brings its link back instead of a second one.
    rows = deletePropertyRow(rows, 'l2');
    const picked = selectRowProperty(rows, 'new-1', 'p2', links);
    expect(picked.ok).toBe(true);
    expect(propertyRowsPayload(picked.rows)).toEqual([
      { id: 'l1', ternHotelId: 'p1', role: 'manager' },
      { id: 'l2', ternHotelId: 'p2', role: 'user' },
    ]);
  });

  it('marks a saved row removed when its property changes to one the user had not', () => {
    const rows = initialPropertyRows(links);
    const picked = selectRowProperty(rows, 'l2', 'p3', links);
    expect(propertyRowsPayload(picked.rows)).toEqual([
      { id: 'l1', ternHotelId: 'p1', role: 'manager' },
      { ternHotelId: 'p3', role: 'user' },
      { id: 'l2', ternHotelId: 'p2', role: 'user', _destroy: true },
    ]);
  });

  it('deletes: a saved row is marked _destroy, a new one dropped, an empty list gets a blank row', () => {
    let rows = addPropertyRow(initialPropertyRows(links));
    rows = deletePropertyRow(rows, 'new-1');
    expect(rows.map((r) => r.key)).toEqual(['l1', 'l2']);
    rows = deletePropertyRow(deletePropertyRow(rows, 'l1'), 'l2');
    expect(visiblePropertyRows(rows).map((r) => [r.ternHotelId, r.role])).toEqual([[null, 'user']]);
    expect(propertyRowsPayload(rows)).toEqual([
      { id: 'l1', ternHotelId: 'p1', role: 'manager', _destroy: true },
      { id: 'l2', ternHotelId: 'p2', role: 'user', _destroy: true },
    ]);
  });

  it('changes a role, drops rows without a property on save', () => {
    const rows = setRowRole(addPropertyRow(initialPropertyRows(links)), 'l2', 'manager');
    expect(propertyRowsPayload(rows)).toEqual([
      { id: 'l1', ternHotelId: 'p1', role: 'manager' },
      { id: 'l2', ternHotelId: 'p2', role: 'manager' },
    ]);
  });

  it.each([
    ['a reseller linked', 'a1', true],
    ['no reseller', null, false],
  ] as const)('disables the rows with %s', (_, agentId, disabled) =>
    expect(propertyRowsDisabled(agentId)).toBe(disabled),
  );

  it.each([
    ['properties chosen', links, true, true],
    ['only a blank row', [], true, false],
    ['not changeable', [], false, true],
  ] as const)('the reseller select with %s is disabled: %s', (_, given, changeable, disabled) =>
    expect(resellerSelectDisabled(initialPropertyRows([...given]), changeable)).toBe(disabled),
  );
});

describe('back-office form rules (document 2 §5)', () => {
  const user = {
    email: 'a@b.is',
    name: 'Ada',
    password: 'secret',
    confirmPassword: 'secret',
    agentId: null,
    rows: [],
  };

  it.each([
    ['a valid new user', user, {}],
    ['no e-mail', { ...user, email: '' }, { email: 'validation_messages.required' }],
    ['a bad e-mail', { ...user, email: 'ada' }, { email: 'validation_messages.email' }],
    ['no name', { ...user, name: '  ' }, { name: 'validation_messages.required' }],
    [
      'a short password',
      { ...user, password: 'abc', confirmPassword: 'abc' },
      { password: 'validation_messages.password_min' },
    ],
    [
      'a different confirmation',
      { ...user, confirmPassword: 'other1' },
      { confirmPassword: 'validation_messages.not_match' },
    ],
  ])('a user form with %s', (_, values, errors) =>
    expect(validateUserForm(values, { mode: 'create', emailShown: true })).toEqual(errors),
  );

  it('does not ask for a password or the hidden e-mail when editing, and flags a property twice', () => {
    const rows = [
      { key: 'a', id: null, ternHotelId: 'p1', role: 'user' as const, destroy: false },
      { key: 'b', id: null, ternHotelId: 'p1', role: 'manager' as const, destroy: false },
    ];
    expect(
      validateUserForm(
        { ...user, email: '', password: '', confirmPassword: '', rows },
        { mode: 'edit', emailShown: false },
      ),
    ).toEqual({
      rows: adminValidationKeys.duplicateProperty,
      rowErrors: { b: adminValidationKeys.duplicateProperty },
    });
    // With a reseller linked, the rows are not looked at.
    expect(validateUserForm({ ...user, agentId: 'a1', rows }, { mode: 'edit', emailShown: true })).toEqual(
      {},
    );
  });

  it('checks a password change', () => {
    expect(validateUserPassword({ password: 'secret', confirmPassword: 'secret' })).toEqual({});
    expect(validateUserPassword({ password: '', confirmPassword: 'x' })).toEqual({
      password: 'validation_messages.required',
      confirmPassword: 'validation_messages.not_match',
    });
  });

  const reseller = { name: 'Fjord', email: 'x@fjord.no', phone: '+47 22 00', country: 'NO' };
  it.each([
    ['valid', reseller, {}],
    ['a phone with letters', { ...reseller, phone: 'call me' }, { phone: adminValidationKeys.digits }],
    ['no country', { ...reseller, country: '' }, { country: 'validation_messages.required' }],
    [
      'a bad invoice e-mail',
      { ...reseller, emailInvoice: 'nope' },
      { emailInvoice: 'validation_messages.email' },
    ],
  ])('a reseller form %s', (_, values, errors) => expect(validateResellerForm(values)).toEqual(errors));

  const property = {
    name: 'Lodge',
    pms: 'beds_24',
    email: 'x@lodge.is',
    propertyType: 'lodge' as const,
    channexPropertyId: 'chx-1',
  };
  it.each([
    ['valid', property, 'create', {}],
    [
      'no Channex id when adding',
      { ...property, channexPropertyId: '' },
      'create',
      { channexPropertyId: 'validation_messages.required' },
    ],
    ['no Channex id when editing (kept)', { ...property, channexPropertyId: '' }, 'edit', {}],
    ['no PMS', { ...property, pms: null }, 'create', { pms: 'validation_messages.required' }],
    ['an unknown PMS', { ...property, pms: 'opera' }, 'create', { pms: 'validation_messages.required' }],
    [
      'no type',
      { ...property, propertyType: null },
      'create',
      { propertyType: 'validation_messages.required' },
    ],
  ] as const)('a property form %s', (_, values, mode, errors) =>
    expect(validatePropertyForm(values, { mode })).toEqual(errors),
  );

  it('lists every IANA zone with its GMT offset, by offset', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const zones = timeZoneOptions(winter);
    expect(zones.find((z) => z.id === 'Atlantic/Reykjavik')?.label).toBe('(GMT+00:00) Atlantic/Reykjavik');
    expect(zones.find((z) => z.id === 'Asia/Tokyo')?.label).toBe('(GMT+09:00) Asia/Tokyo');
    expect(zones.find((z) => z.offsetMinutes === 330)?.label).toMatch(/^\(GMT\+05:30\) Asia\//);
    expect(zones.find((z) => z.id === 'America/New_York')?.label).toBe('(GMT-05:00) America/New York');
    const offsets = zones.map((z) => z.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    // Only zones the server takes (PostgreSQL as well as Node): every one offered saves.
    expect(zones.every((z) => isTimeZone(z.id))).toBe(true);
    expect(zones.length).toBeGreaterThan(400);
    // Summer time moves the offset.
    expect(
      timeZoneOptions(new Date('2026-07-15T12:00:00Z')).find((z) => z.id === 'Europe/Lisbon')?.offsetMinutes,
    ).toBe(60);
  });
});

describe('a confirmed action on a row (M13, M15)', () => {
  const target = { id: 'u1', action: 'block', label: 'Ada Lovelace' };

  it('asks, then sends once confirmed, and tells the list to reload', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      confirmedActionMachine.provide({
        actors: { perform: fromPromise(async ({ input }) => void sent.push(input)) },
      }),
    ).start();
    const changed: unknown[] = [];
    actor.on('row.changed', (e) => changed.push(e.target));
    actor.send({ type: 'ask', target });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.pending?.label).toBe('Ada Lovelace');
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([target]);
    expect(changed).toEqual([target]);
    expect(actor.getSnapshot().context).toMatchObject({ pending: null, done: target, error: null });
  });

  it('sends nothing when cancelled, and keeps the list as it is after a failure', async () => {
    const actor = createActor(
      confirmedActionMachine.provide({
        actors: {
          perform: fromPromise<unknown, ConfirmedAction>(async () => {
            throw Object.assign(new Error('x'), { serverMessage: 'You may not block your own account here' });
          }),
        },
      }),
    ).start();
    const changed: unknown[] = [];
    actor.on('row.changed', (e) => changed.push(e));
    actor.send({ type: 'ask', target });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().context.pending).toBeNull();
    actor.send({ type: 'confirm' }); // nothing to confirm
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'ask', target });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(changed).toEqual([]);
    expect(actor.getSnapshot().context.error?.message).toBe('You may not block your own account here');
  });
});

describe('promo codes (M21, document 2 §5)', () => {
  const today = '2026-11-24';
  it.each([
    [{ status: 'inactive', validFrom: null, validTo: null }, 'inactive', 'red'],
    [{ status: 'active', validFrom: null, validTo: null }, 'active', 'green'],
    [{ status: 'active', validFrom: '2026-11-24', validTo: '2026-11-24' }, 'active', 'green'],
    [{ status: 'active', validFrom: '2026-11-25', validTo: null }, 'upcoming', 'blue'],
    [{ status: 'active', validFrom: null, validTo: '2026-11-23' }, 'expired', 'orange'],
    [{ status: 'inactive', validFrom: '2026-12-01', validTo: null }, 'inactive', 'red'],
  ] as const)('%o is %s (%s)', (promo, label, colour) => {
    expect(promoLabel(promo, today)).toBe(label);
    expect(PROMO_LABEL_COLOURS[promoLabel(promo, today)]).toBe(colour);
  });

  const values = {
    name: 'Winter',
    code: 'WINTER',
    codeType: 'percentage' as const,
    amount: 10,
    usageLimit: null,
    validFrom: null,
    validTo: null,
  };
  it.each([
    ['valid', values, {}],
    ['a one-letter name', { ...values, name: 'W' }, { name: 'validation_messages.promo_length' }],
    ['a code with a space', { ...values, code: 'WIN TER' }, { code: 'validation_messages.promo_code_chars' }],
    ['an amount of 0', { ...values, amount: 0 }, { amount: 'validation_messages.amount_min' }],
    ['120 %', { ...values, amount: 120 }, { amount: 'validation_messages.percent_max' }],
    ['120 as an amount', { ...values, codeType: 'fixed_amount' as const, amount: 120 }, {}],
    ['a limit of 0', { ...values, usageLimit: 0 }, { usageLimit: 'validation_messages.limit_min' }],
    [
      'a start yesterday',
      { ...values, validFrom: '2026-11-23' },
      { validFrom: 'validation_messages.range_before_today' },
    ],
    [
      'an end before the start',
      { ...values, validFrom: '2026-12-10', validTo: '2026-12-01' },
      { validTo: 'validation_messages.range_order' },
    ],
  ])('a form with %s', (_, v, errors) => expect(validatePromoForm(v, today)).toEqual(errors));

  it('lets a range that already began stay', () => {
    expect(validatePromoForm({ ...values, validFrom: '2026-11-01' }, today, '2026-11-01')).toEqual({});
  });

  it.each([
    ['2026-11-23', null, false],
    [today, null, true],
    ['2026-11-25', null, true],
    ['2026-11-23', '2026-11-23', true],
    ['2026-11-22', '2026-11-23', false],
  ])('a first day %s (kept %s) is allowed: %s', (from, kept, allowed) =>
    expect(isValidFromAllowed(from, today, kept)).toBe(allowed),
  );

  it('the picker starts on today, or on the kept first day that began before it', () => {
    expect(validFromMinimum(today)).toBe(today);
    expect(validFromMinimum(today, '2026-11-01')).toBe('2026-11-01');
    expect(validFromMinimum(today, '2026-12-01')).toBe(today);
  });

  it('the first day is the property’s today: the same instant allows a day in one zone and not in another', () => {
    // 2026-11-24 10:30 UTC: still the 23rd in Honolulu, already the 25th on Kiritimati.
    const now = Date.UTC(2026, 10, 24, 10, 30);
    expect(isValidFromAllowed('2026-11-24', todayIn('Pacific/Honolulu', now))).toBe(true);
    expect(isValidFromAllowed('2026-11-24', todayIn('Pacific/Kiritimati', now))).toBe(false);
  });

  it('offers past, this and next month', () => {
    expect(promoQuickRanges(today)).toEqual([
      { id: 'pastMonth', from: '2026-10-01', to: '2026-10-31' },
      { id: 'thisMonth', from: '2026-11-01', to: '2026-11-30' },
      { id: 'nextMonth', from: '2026-12-01', to: '2026-12-31' },
    ]);
  });

  it('is usable only active, in range and under its limit', () => {
    const promo = { status: 'active' as const, validFrom: null, validTo: null, usageLimit: 2, usageCount: 1 };
    expect(promoUsable(promo, today)).toBe(true);
    expect(promoUsable({ ...promo, usageCount: 2 }, today)).toBe(false);
    expect(promoUsable({ ...promo, usageLimit: null, usageCount: 99 }, today)).toBe(true);
  });
});

describe('payment providers (M20, document 2 §5)', () => {
  it('offers every provider but Valitor for a new one', () => {
    expect(creatableProviders()).toEqual(['borgun', 'stripe', 'nets', 'rapyd']);
  });
  it.each([
    [
      'a connected Stripe',
      { name: 'stripe', default: false, details: { accountActive: true } },
      { connect: false, edit: true, delete: false },
    ],
    [
      'a Stripe still onboarding',
      { name: 'stripe', default: true, details: { accountActive: false } },
      { connect: true, edit: false, delete: false },
    ],
    [
      'the default Borgun',
      { name: 'borgun', default: true, details: {} },
      { connect: false, edit: true, delete: false },
    ],
    [
      'another Nets',
      { name: 'nets', default: false, details: {} },
      { connect: false, edit: true, delete: true },
    ],
  ] as const)('%s may %o', (_, provider, actions) => expect(providerActions(provider)).toEqual(actions));

  it('asks for each field of the chosen provider; a stored secret may stay empty when editing', () => {
    expect(validateProviderForm(null, {}, 'create')).toEqual({ name: 'validation_messages.required' });
    expect(validateProviderForm('rapyd', { accessKey: 'a' }, 'create')).toEqual({
      secretKey: 'validation_messages.required',
    });
    expect(validateProviderForm('borgun', { merchantId: 'm', paymentGatewayId: 'g' }, 'edit')).toEqual({});
    expect(validateProviderForm('stripe', {}, 'create')).toEqual({});
    expect(providerFormFields('nets').map((f) => [f.name, f.secret])).toEqual([
      ['secretKey', true],
      ['checkoutKey', false],
      ['merchantId', false],
    ]);
  });
});

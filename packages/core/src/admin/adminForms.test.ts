import type { AdminProperty, ManagedUser, Reseller } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type ApiKeyDraft, apiKeyBodyOf, apiKeyFormInput } from '../apiKeys/apiKeys.js';
import { type FormDrawerInput, formDrawerMachine, submitForm } from './formDrawerMachine.js';
import {
  type AdminPropertyDraft,
  adminPropertyBodyOf,
  adminPropertyFormInput,
  type ResellerDraft,
  resellerBodyOf,
  resellerFormInput,
  type UserDraft,
  userFormAccess,
  userFormInput,
  userPasswordFormInput,
  userRequestOf,
  userRowErrorField,
} from './forms.js';
import { addPropertyRow, deletePropertyRow, selectRowProperty } from './userRows.js';

// The back office's drawers on core's formDrawerMachine (document 2 §3, §5): each form's draft, rule and body,
// as the web's drawers and the CLI's `add`/`create` commands drive them.

const user: ManagedUser = {
  id: 'u1',
  type: 'user',
  email: 'porter@harbour.is',
  name: 'Porter',
  status: 'active',
  role: 'supplier',
  sendBookingNotificationEmail: false,
  ternHotels: [{ id: 'p1', name: 'Harbour', propertyId: 'p1', ternHotelUserId: 'l1', role: 'manager' }],
  agentId: null,
  agent: null,
  isChangeable: true,
  may: {
    identity: true,
    status: true,
    password: true,
    properties: true,
    removeProperties: true,
    refusal: null,
  },
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
};
const admin = { isAdmin: true };
const manager = { isAdmin: false };

/** The errors a submit of `values` finds (and that nothing is sent). */
async function errorsOf(input: FormDrawerInput<object>, values: object) {
  const sent: object[] = [];
  const result = await submitForm(input, values, async (v) => {
    sent.push(v);
    return v;
  });
  expect(sent).toEqual(result.status === 'saved' ? [result.saved] : []);
  return result.status === 'invalid' ? result.errors : {};
}

describe('the user drawer (§3, §5, M18)', () => {
  const filled = { email: 'new@harbour.is', name: 'New', password: 'secret-1', confirmPassword: 'secret-1' };
  it.each([
    ['nothing filled', {}, ['email', 'name', 'password', 'confirmPassword']],
    ['a bad e-mail', { ...filled, email: 'nope' }, ['email']],
    ['passwords that differ', { ...filled, confirmPassword: 'secret-2' }, ['confirmPassword']],
    ['a short password', { ...filled, password: 'abc', confirmPassword: 'abc' }, ['password']],
    ['all of it', filled, []],
  ])('adding, %s: errors on %j', async (_, values, fields) => {
    expect(Object.keys(await errorsOf(userFormInput(null, admin), values))).toEqual(fields);
  });

  it('names a row whose property appears twice, beside `rows`', async () => {
    const start = userFormInput(null, admin).values as UserDraft;
    const two = addPropertyRow(start.rows).map((r) => ({ ...r, ternHotelId: 'p1' }));
    const errors = await errorsOf(userFormInput(null, admin), { ...filled, rows: two });
    expect(errors).toEqual({
      rows: 'validation_messages.duplicate_property',
      [userRowErrorField('new-2')]: 'validation_messages.duplicate_property',
    });
    // A reseller link disables the rows: they are not checked.
    expect(
      await errorsOf(userFormInput(null, admin), { ...filled, rows: two, agent: { id: 'a1', name: 'A' } }),
    ).toEqual({});
  });

  it('edits without a password; the e-mail is checked only where it is shown (the admin’s)', async () => {
    expect(await errorsOf(userFormInput(user, admin), { email: '' })).toEqual({
      email: 'validation_messages.required',
    });
    expect(await errorsOf(userFormInput(user, manager), { email: '' })).toEqual({});
  });

  it.each([
    [
      'the admin adds a user with a row',
      null,
      admin,
      (d: UserDraft) => ({ ...d, ...filled, rows: d.rows.map((r) => ({ ...r, ternHotelId: 'p2' })) }),
      {
        kind: 'create',
        body: {
          ...filled,
          name: 'New',
          sendBookingNotificationEmail: true,
          ternHotelUsersAttributes: [{ ternHotelId: 'p2', role: 'user' }],
          agentId: null,
        },
      },
    ],
    [
      'the admin links a reseller: the rows go',
      null,
      admin,
      (d: UserDraft) => ({
        ...d,
        ...filled,
        agent: { id: 'a1', name: 'Fjord' },
        rows: d.rows.map((r) => ({ ...r, ternHotelId: 'p2' })),
      }),
      {
        kind: 'create',
        body: {
          ...filled,
          sendBookingNotificationEmail: true,
          ternHotelUsersAttributes: [],
          agentId: 'a1',
        },
      },
    ],
    [
      'a manager removes a saved row (`_destroy`) and renames with spaces',
      user,
      manager,
      (d: UserDraft) => ({
        ...d,
        name: '  Porter B ',
        email: 'x@y.is',
        rows: deletePropertyRow(d.rows, 'l1'),
      }),
      {
        kind: 'update',
        id: 'u1',
        body: {
          name: 'Porter B',
          sendBookingNotificationEmail: false,
          ternHotelUsersAttributes: [{ id: 'l1', ternHotelId: 'p1', role: 'manager', _destroy: true }],
        },
      },
    ],
    [
      'one’s own record (not changeable): no rows, no reseller link, the admin’s e-mail kept',
      { ...user, isChangeable: false },
      admin,
      (d: UserDraft) => ({ ...d, email: ' me@harbour.is ', rows: deletePropertyRow(d.rows, 'l1') }),
      {
        kind: 'update',
        id: 'u1',
        body: { name: 'Porter', sendBookingNotificationEmail: false, email: 'me@harbour.is' },
      },
    ],
  ] as const)('%s', (_, who, scope, edit, request) => {
    const draft = edit(userFormInput(who, scope).values as UserDraft);
    expect(userRequestOf(draft, who, scope)).toEqual(request);
  });

  it('reuses a link picked again and says what may change (§5)', () => {
    const draft = userFormInput(user, admin).values as UserDraft;
    const removed = deletePropertyRow(draft.rows, 'l1');
    const picked = selectRowProperty(removed, 'new-1', 'p1', [
      { propertyId: 'p1', ternHotelUserId: 'l1', role: 'manager' },
    ]);
    expect(picked.ok && picked.rows).toEqual([
      { key: 'new-1', id: 'l1', ternHotelId: 'p1', role: 'user', destroy: false },
    ]);
    expect(userFormAccess(user, draft, admin)).toEqual({
      changeable: true,
      emailShown: true,
      identityEditable: true,
      rowsDisabled: false,
      rowsEditable: true,
      rowsRemovable: true,
      resellerShown: true,
      resellerDisabled: true,
    });
    expect(
      userFormAccess({ ...user, isChangeable: false }, { ...draft, agent: { id: 'a1', name: 'A' } }, manager),
    ).toEqual({
      changeable: false,
      emailShown: false,
      identityEditable: true,
      rowsDisabled: true,
      rowsEditable: true,
      rowsRemovable: true,
      resellerShown: false,
      resellerDisabled: true,
    });
  });
});

it('of a user beyond a manager’s reach, leaves the name and notifications and lets rows only go', () => {
  const beyond: ManagedUser = {
    ...user,
    may: {
      ...user.may,
      identity: false,
      status: false,
      password: false,
      properties: false,
      refusal: 'user_beyond_reach',
    },
  };
  const draft = userFormInput(beyond, manager).values as UserDraft;
  expect(userFormAccess(beyond, draft, manager)).toMatchObject({
    identityEditable: false,
    rowsDisabled: false,
    rowsEditable: false,
    rowsRemovable: true,
  });
  // Saved as it is, the rows as they were: nothing the server refuses.
  expect(userRequestOf(draft, beyond, manager)).toEqual({
    kind: 'update',
    id: 'u1',
    body: {
      name: 'Porter',
      sendBookingNotificationEmail: false,
      ternHotelUsersAttributes: [{ id: 'l1', ternHotelId: 'p1', role: 'manager' }],
    },
  });
});

describe('the change password drawer', () => {
  it.each([
    [{}, ['password', 'confirmPassword']],
    [{ password: 'secret-1', confirmPassword: 'secret-2' }, ['confirmPassword']],
    [{ password: 'secret-1', confirmPassword: 'secret-1' }, []],
  ])('%j: errors on %j', async (values, fields) => {
    expect(Object.keys(await errorsOf(userPasswordFormInput(), values))).toEqual(fields);
  });
});

describe('the reseller drawer', () => {
  const reseller = {
    id: 'r1',
    name: 'Fjord',
    email: 'desk@fjord.no',
    phone: '+47 22',
    address1: '',
    city: 'Oslo',
    zipCode: '',
    country: 'NO',
    taxId: '',
    governmentId: '',
    legalName: '',
    emailInvoice: '',
    externalId: 'FJ-1',
    globalId: 'G-1',
  } as Reseller;
  it.each([
    ['a new one, empty', null, {}, ['name', 'email', 'phone', 'country']],
    ['a phone in words', reseller, { phone: 'call me' }, ['phone']],
    ['a bad invoice e-mail', reseller, { emailInvoice: 'nope' }, ['emailInvoice']],
    ['an edit as it was', reseller, {}, []],
  ] as const)('%s: errors on %j', async (_, start, values, fields) => {
    expect(Object.keys(await errorsOf(resellerFormInput(start), values))).toEqual(fields);
  });

  it('starts an edit with every field but the global id, and sends them trimmed', () => {
    const draft = resellerFormInput(reseller).values as ResellerDraft;
    expect(draft).not.toHaveProperty('globalId');
    expect(resellerBodyOf({ ...draft, name: ' Fjord AS ' })).toMatchObject({
      name: 'Fjord AS',
      city: 'Oslo',
      externalId: 'FJ-1',
      governmentId: '',
    });
  });
});

describe('the admin’s property drawer', () => {
  const property = {
    id: 'p1',
    name: 'Harbour',
    pms: 'beds_24',
    email: 'stay@harbour.is',
    replyToName: '',
    replyToEmail: '',
    propertyType: 'hotel',
    channexPropertyId: '••••9999',
    companyRegistrationNumber: '',
    phone: '',
    address: '',
    country: 'IS',
    state: '',
    city: '',
    zipCode: '',
    timezone: 'Atlantic/Reykjavik',
  } as AdminProperty;
  it.each([
    ['a new one, empty', null, {}, ['name', 'pms', 'email', 'propertyType', 'channexPropertyId']],
    [
      'a PMS not offered',
      null,
      { pms: 'opera' },
      ['name', 'pms', 'email', 'propertyType', 'channexPropertyId'],
    ],
    ['an edit with no new Channex id', property, {}, []],
    ['a bad reply-to', property, { replyToEmail: 'nope' }, ['replyToEmail']],
  ] as const)('%s: errors on %j', async (_, start, values, fields) => {
    expect(Object.keys(await errorsOf(adminPropertyFormInput(start), values))).toEqual(fields);
  });

  it('starts a new one in UTC; an edit keeps the stored Channex id unless one is typed', () => {
    expect((adminPropertyFormInput(null).values as AdminPropertyDraft).timezone).toBe('UTC');
    const draft = adminPropertyFormInput(property).values as AdminPropertyDraft;
    expect(adminPropertyBodyOf(draft, 'edit')).not.toHaveProperty('channexPropertyId');
    expect(adminPropertyBodyOf({ ...draft, channexPropertyId: ' chx-1 ' }, 'edit')).toMatchObject({
      channexPropertyId: 'chx-1',
      timezone: 'Atlantic/Reykjavik',
      pms: 'beds_24',
    });
    expect(adminPropertyBodyOf({ ...draft, name: ' Harbour Inn ' }, 'create')).toMatchObject({
      name: 'Harbour Inn',
      channexPropertyId: '',
    });
  });

  it('carries the store’s Icelandic-only switch: off for a new one, the stored value on an edit', () => {
    expect((adminPropertyFormInput(null).values as AdminPropertyDraft).storeIcelandicOnly).toBe(false);
    const draft = adminPropertyFormInput({ ...property, storeIcelandicOnly: true })
      .values as AdminPropertyDraft;
    expect(draft.storeIcelandicOnly).toBe(true);
    expect(adminPropertyBodyOf(draft, 'edit').storeIcelandicOnly).toBe(true);
    expect(adminPropertyBodyOf({ ...draft, storeIcelandicOnly: false }, 'edit').storeIcelandicOnly).toBe(
      false,
    );
  });
});

describe('submitForm (the CLI’s headless drive)', () => {
  it('throws a refused save as it came, after sending it once', async () => {
    const refusal = Object.assign(new Error('taken'), { status: 409, code: 'conflict' });
    let calls = 0;
    const sent = submitForm(apiKeyFormInput(), { name: 'CI' }, async () => {
      calls += 1;
      throw refusal;
    });
    await expect(sent).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it('ends as the web’s drawer does with the same machine', async () => {
    const machine = formDrawerMachine.provide({
      actors: {
        save: fromPromise<unknown, object>(async ({ input }) => apiKeyBodyOf(input as ApiKeyDraft)),
      },
    });
    const actor = createActor(machine, { input: apiKeyFormInput() }).start();
    actor.send({ type: 'form.change', values: { name: ' CI ' } });
    actor.send({ type: 'form.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    const headless = await submitForm(apiKeyFormInput(), { name: ' CI ' }, async (v) =>
      apiKeyBodyOf(v as ApiKeyDraft),
    );
    expect(headless).toEqual({ status: 'saved', saved: done.output });
  });
});

import { describe, expect, it } from 'vitest';
import {
  contractActions,
  contractAmountOf,
  contractBookLink,
  contractCreateBodyOf,
  contractLabel,
  contractTabs,
  contractTransition,
  discoverActions,
  emptyContractForm,
  modifierText,
  validateContractForm,
} from './contracts.js';

describe('contract rules', () => {
  it('gives resellers discover, active and pending; suppliers active and pending', () => {
    expect(contractTabs('reseller')).toEqual(['discover', 'active', 'pending']);
    expect(contractTabs('supplier')).toEqual(['active', 'pending']);
  });

  it.each([
    ['approved', 'reseller', 'reseller', 'active'],
    ['approved', 'supplier', 'reseller', 'active'],
    ['proposed', 'reseller', 'reseller', 'proposed'],
    ['proposed', 'reseller', 'supplier', 'requested'],
    ['proposed', 'supplier', 'supplier', 'proposed'],
    ['proposed', 'supplier', 'reseller', 'requested'],
    ['terminated', 'supplier', 'reseller', 'terminated'],
  ] as const)('a %s contract started by the %s reads, for a %s, %s', (status, initiator, role, label) =>
    expect(contractLabel({ status, initiator }, role)).toBe(label),
  );

  it.each([
    ['proposed', 'reseller', 'reseller', ['cancel']],
    ['proposed', 'reseller', 'supplier', ['approve', 'decline']],
    ['proposed', 'supplier', 'reseller', ['approve', 'decline']],
    ['proposed', 'supplier', 'supplier', ['cancel']],
    ['approved', 'supplier', 'reseller', ['terminate']],
    ['approved', 'reseller', 'supplier', ['terminate']],
    ['declined', 'reseller', 'supplier', []],
    ['proposed', 'reseller', 'admin', []],
  ] as const)('a %s contract started by the %s gives a %s %o', (status, initiator, role, actions) =>
    expect(contractActions({ status, initiator }, role)).toEqual(actions),
  );

  it.each([
    // action, status, initiator, side taking it → the status it leads to, or why not
    ['approve', 'proposed', 'reseller', 'supplier', 'approved', null],
    ['approve', 'proposed', 'supplier', 'reseller', 'approved', null],
    ['approve', 'proposed', 'reseller', 'reseller', null, 'other_side_answers'],
    ['approve', 'approved', 'reseller', 'supplier', null, 'wrong_status'],
    ['decline', 'proposed', 'supplier', 'reseller', 'declined', null],
    ['decline', 'proposed', 'supplier', 'supplier', null, 'other_side_answers'],
    ['decline', 'cancelled', 'supplier', 'reseller', null, 'wrong_status'],
    ['cancel', 'proposed', 'reseller', 'reseller', 'cancelled', null],
    ['cancel', 'proposed', 'supplier', 'supplier', 'cancelled', null],
    ['cancel', 'proposed', 'reseller', 'supplier', null, 'initiator_withdraws'],
    ['cancel', 'approved', 'reseller', 'reseller', null, 'wrong_status'],
    ['terminate', 'approved', 'reseller', 'reseller', 'terminated', null],
    ['terminate', 'approved', 'reseller', 'supplier', 'terminated', null],
    ['terminate', 'proposed', 'reseller', 'supplier', null, 'wrong_status'],
    ['terminate', 'terminated', 'supplier', 'supplier', null, 'wrong_status'],
    ['terminate', 'declined', 'supplier', 'reseller', null, 'wrong_status'],
  ] as const)(
    '%s on a %s contract started by the %s, by the %s: %s (%s)',
    (action, status, initiator, side, to, refusal) =>
      expect(contractTransition({ status, initiator }, action, side)).toEqual({ to, refusal }),
  );

  it('links an active contract to booking: hotels for 2 adults, cars to the car search, resellers only', () => {
    const hotel = { status: 'approved' as const, propertyType: 'accommodation' as const, channelId: 'p 1' };
    expect(contractBookLink(hotel, 'reseller')).toBe(
      '/property/p%201?type=accommodation&adults=2&children=0',
    );
    expect(contractBookLink({ ...hotel, propertyType: 'vehicle' }, 'reseller')).toBe('/search_cars');
    expect(contractBookLink(hotel, 'supplier')).toBeNull();
    expect(contractBookLink({ ...hotel, status: 'proposed' }, 'reseller')).toBeNull();
  });

  it('offers request and propose only for a property without a live contract', () => {
    expect(discoverActions({ contract: null })).toEqual(['request', 'propose']);
    expect(discoverActions({ contract: { id: 'c', status: 'proposed', initiator: 'reseller' } })).toEqual([]);
  });

  it.each([
    ['increase_by_percent', 10, 'EUR', '+10 %'],
    ['decrease_by_percent', 5, 'EUR', '−5 %'],
    ['increase_by_amount', 12.5, 'EUR', '+EUR 12.50'],
    ['decrease_by_amount', 500, 'ISK', '−ISK 500'],
    ['increase_by_percent', 0, 'EUR', '—'],
  ] as const)('%s %d reads %s', (modifierLogic, modifierAmount, currency, text) =>
    expect(modifierText({ modifierLogic, modifierAmount, currency })).toBe(text),
  );

  it.each([
    ['', 0],
    ['  ', 0],
    ['7', 7],
    ['7.5', 7.5],
    ['7,5', 7.5],
    ['-1', null],
    ['abc', null],
    ['1e3', null],
    ['100001', null],
  ] as const)('reads the amount %j as %s', (typed, value) => expect(contractAmountOf(typed)).toBe(value));

  it('checks the creation form', () => {
    const hotel = { side: 'supplier' as const, propertyType: 'accommodation' as const };
    expect(
      validateContractForm({ ...emptyContractForm(), modifierLogic: '', modifierAmount: '-2' }, hotel),
    ).toEqual({
      agentId: 'required',
      modifierLogic: 'required',
      modifierAmount: 'amount',
      ratePlanIds: 'plans',
    });
    const reseller = { side: 'reseller' as const, propertyType: 'vehicle' as const };
    expect(validateContractForm(emptyContractForm(), reseller)).toEqual({});
  });

  it('sends agentId only from the supplier side, the amount as a number', () => {
    const form = {
      agentId: 'a1',
      modifierLogic: 'decrease_by_amount' as const,
      modifierAmount: '',
      ratePlanIds: ['r1', 'r2'],
    };
    expect(
      contractCreateBodyOf(form, { side: 'supplier', propertyId: 'p1', propertyType: 'accommodation' }),
    ).toEqual({
      propertyId: 'p1',
      propertyType: 'accommodation',
      agentId: 'a1',
      contract: { modifierLogic: 'decrease_by_amount', modifierAmount: 0, ratePlanIds: ['r1', 'r2'] },
    });
    expect(
      contractCreateBodyOf(form, { side: 'reseller', propertyId: 'p1', propertyType: 'accommodation' }),
    ).not.toHaveProperty('agentId');
  });
});

import { describe, expect, it } from 'vitest';
import {
  activeBookingFilterCount,
  bookingFiltersFor,
  bookingStatusLabel,
  bookingsListFromParams,
  bookingsListToParams,
  bookingsQueryOf,
  counterpartColumn,
  defaultBookingSort,
  emptyBookingFilters,
  nextBookingSort,
  quickRange,
  validateBookingFilters,
} from './bookingsList.js';

const filters = (over: Partial<ReturnType<typeof emptyBookingFilters>>) => ({
  ...emptyBookingFilters(),
  ...over,
});

describe('bookings list rules', () => {
  it('offers booker and supplier filters to resellers, the agency filter to the others', () => {
    expect(bookingFiltersFor('reseller')).toContain('booker');
    expect(bookingFiltersFor('reseller')).toContain('supplier');
    expect(bookingFiltersFor('reseller')).not.toContain('reseller');
    for (const role of ['supplier', 'admin'] as const) {
      expect(bookingFiltersFor(role)).toContain('reseller');
      expect(bookingFiltersFor(role)).not.toContain('booker');
      expect(bookingFiltersFor(role)).not.toContain('supplier');
    }
    expect(counterpartColumn('reseller')).toBe('supplier');
    expect(counterpartColumn('supplier')).toBe('reseller');
    expect(counterpartColumn('admin')).toBe('reseller');
  });

  it.each([
    ['new', 'active'],
    ['modified', 'modified'],
    ['canceled', 'canceled'],
  ] as const)('labels status %s as %s', (status, label) => expect(bookingStatusLabel(status)).toBe(label));

  it('sorts newest first, flips a column chosen again, starts other columns ascending', () => {
    expect(defaultBookingSort).toEqual({ by: 'created_at', direction: 'desc' });
    expect(nextBookingSort(defaultBookingSort, 'created_at')).toEqual({ by: 'created_at', direction: 'asc' });
    expect(nextBookingSort(defaultBookingSort, 'arrival_date')).toEqual({
      by: 'arrival_date',
      direction: 'asc',
    });
    expect(nextBookingSort({ by: 'total', direction: 'asc' }, 'total')).toEqual({
      by: 'total',
      direction: 'desc',
    });
    expect(nextBookingSort({ by: 'total', direction: 'asc' }, 'created_at')).toEqual({
      by: 'created_at',
      direction: 'desc',
    });
  });

  it.each([
    [{ dateFrom: '2030-02-30' }, { dateFrom: 'date' }],
    [{ dateTo: 'tomorrow' }, { dateTo: 'date' }],
    [{ dateFrom: '2030-05-10', dateTo: '2030-05-01' }, { dateTo: 'range' }],
    [{ bookedFrom: '2030-05-10', bookedTo: '2030-05-09' }, { bookedTo: 'range' }],
    [{ term: 'x'.repeat(53) }, { term: 'too_long' }],
    [{ term: 'x'.repeat(52), dateFrom: '2030-05-01', dateTo: '2030-05-01' }, {}],
  ])('validates %o', (over, errors) => expect(validateBookingFilters(filters(over))).toEqual(errors));

  it('builds the list query: page 10, the sort, the set filters the role is offered', () => {
    const set = filters({
      term: '  Berg ',
      reservationId: 'TRN-1',
      dateFrom: '2030-05-01',
      dateTo: '2030-05-31',
      bookedFrom: 'nonsense',
      supplier: 'prop-1',
      booker: 'user-1',
      reseller: 'agency-1',
      status: 'canceled',
    });
    expect(bookingsQueryOf(set, { role: 'reseller' }, 2)).toEqual({
      page: 2,
      limit: 10,
      orderBy: 'created_at',
      orderDirection: 'desc',
      term: 'Berg',
      reservationId: 'TRN-1',
      dateFrom: '2030-05-01',
      dateTo: '2030-05-31',
      supplier: 'prop-1',
      booker: 'user-1',
      status: 'canceled',
    });
    const supplier = bookingsQueryOf(set, { role: 'supplier', propertyId: 'p9' }, 1, {
      by: 'arrival_date',
      direction: 'asc',
    });
    expect(supplier.resellerIds).toEqual(['agency-1']);
    expect(supplier.propertyId).toBe('p9');
    expect(supplier.supplier).toBeUndefined();
    expect(supplier.booker).toBeUndefined();
    expect(supplier.orderBy).toBe('arrival_date');
    expect(bookingsQueryOf(set, { role: 'admin', propertyId: 'p9' }, 1).propertyId).toBeUndefined();
  });

  it('filters suppliers’ and admins’ lists by source (gift-card bookings have no agency: not resellers’)', () => {
    expect(bookingFiltersFor('supplier')).toContain('source');
    expect(bookingFiltersFor('admin')).toContain('source');
    expect(bookingFiltersFor('reseller')).not.toContain('source');
    const giftCards = { ...emptyBookingFilters(), source: 'gift_card' as const };
    expect(bookingsQueryOf(giftCards, { role: 'supplier', propertyId: 'p9' }, 1).source).toBe('gift_card');
    expect(bookingsQueryOf(giftCards, { role: 'reseller' }, 1).source).toBeUndefined();
    expect(activeBookingFilterCount(giftCards)).toBe(1);
    const state = { filters: giftCards, page: 1, sort: defaultBookingSort };
    expect(bookingsListToParams(state).get('source')).toBe('gift_card');
    expect(bookingsListFromParams(bookingsListToParams(state))).toEqual(state);
    expect(bookingsListFromParams(new URLSearchParams('source=agency')).filters.source).toBe('');
  });

  it.each([
    ['nothing set', {}, 0],
    ['only the free text', { term: 'x' }, 0],
    ['a status and one end of the stay', { term: 'x', status: 'new' as const, dateFrom: '2030-01-01' }, 2],
    ['a whole stay range', { dateFrom: '2030-01-01', dateTo: '2030-01-05' }, 1],
    ['only the end of the stay range', { dateTo: '2030-01-05' }, 1],
    ['a whole booked range', { bookedFrom: '2029-12-01', bookedTo: '2029-12-31' }, 1],
    [
      'both ranges whole',
      { dateFrom: '2030-01-01', dateTo: '2030-01-05', bookedFrom: '2029-12-01', bookedTo: '2029-12-31' },
      2,
    ],
    [
      'every field',
      {
        term: 'x',
        reservationId: 'R',
        reservationName: 'N',
        externalReferenceId: 'E',
        dateFrom: '2030-01-01',
        dateTo: '2030-01-05',
        bookedFrom: '2029-12-01',
        bookedTo: '2029-12-31',
        supplier: 's',
        booker: 'b',
        reseller: 'r',
        status: 'canceled' as const,
      },
      9,
    ],
  ])('the badge counts %s as %i', (_, over, count) => {
    expect(activeBookingFilterCount(filters(over))).toBe(count);
  });

  it('round-trips the list state through the address, dropping what is malformed', () => {
    const state = {
      filters: filters({
        term: 'Berg',
        reservationName: 'Team trip',
        dateFrom: '2030-05-01',
        status: 'new' as const,
      }),
      page: 3,
      sort: { by: 'total' as const, direction: 'asc' as const },
    };
    const params = bookingsListToParams(state);
    expect(params.toString()).toBe(
      'q=Berg&reservation_name=Team+trip&from=2030-05-01&status=new&sort=total&dir=asc&page=3',
    );
    expect(bookingsListFromParams(params)).toEqual(state);
    expect(
      bookingsListToParams({ filters: emptyBookingFilters(), page: 1, sort: defaultBookingSort }).toString(),
    ).toBe('');
    const bad = bookingsListFromParams(
      new URLSearchParams(`from=2030-13-01&status=lost&sort=price&page=-2&q=${'y'.repeat(60)}`),
    );
    expect(bad.filters.dateFrom).toBe('');
    expect(bad.filters.status).toBe('');
    expect(bad.filters.term).toHaveLength(52);
    expect(
      bookingsListFromParams(new URLSearchParams(`reservation_id=${'9'.repeat(80)}`)).filters.reservationId,
    ).toHaveLength(64);
    expect(bad.sort).toEqual(defaultBookingSort);
    expect(bad.page).toBe(1);
    expect(bookingsListFromParams(new URLSearchParams('sort=arrival_date')).sort).toEqual({
      by: 'arrival_date',
      direction: 'asc',
    });
  });

  it.each([
    ['past_month', '2030-01-15', { from: '2029-12-01', to: '2029-12-31' }],
    ['this_month', '2030-02-10', { from: '2030-02-01', to: '2030-02-28' }],
    ['next_month', '2030-12-31', { from: '2031-01-01', to: '2031-01-31' }],
    ['this_month', '2032-02-29', { from: '2032-02-01', to: '2032-02-29' }],
  ] as const)('quick range %s from %s', (range, today, expected) =>
    expect(quickRange(range, today)).toEqual(expected),
  );
});

import { type BookingRecord, type BookingsQuery, type Role, SEARCH_TERM_MAX } from '@tern/sdk';
import { isDay, monthOf } from '../dates/dates.js';

// The bookings list's rules (document 1 §2 bookings page, §5 filters, §6 roles, §9 R111–R114): what the
// filters of the advanced search are, how they become the list query and the page's address, the date quick
// ranges, the sortable columns and the status names. The list machine and the web both use them.

/** Ten bookings a page, the size changer hidden (R111). */
export const BOOKINGS_PAGE_SIZE = 10;
/** The free-text search waits this long after the last key (R112). */
export const BOOKINGS_SEARCH_DEBOUNCE_MS = 500;
/** The free-text search takes at most this many characters (R112). */
export const BOOKINGS_TERM_MAX = SEARCH_TERM_MAX;

/** The advanced search panel's fields; an empty string is "not filtered". */
export interface BookingFilters {
  term: string;
  reservationId: string;
  reservationName: string;
  externalReferenceId: string;
  /** Stay dates: bookings touching this period (`YYYY-MM-DD`). */
  dateFrom: string;
  dateTo: string;
  /** Booked (created) between these days. */
  bookedFrom: string;
  bookedTo: string;
  /** Resellers: one supplier's property. */
  supplier: string;
  /** Resellers: one agent of the agency. */
  booker: string;
  /** Suppliers and admins: one agency. */
  reseller: string;
  status: '' | BookingRecord['status'];
  /** Suppliers and admins: only a reseller's bookings (`engine`) or only gift cards' (`gift_card`). */
  source: '' | BookingRecord['source'];
}

export const bookingFilterKeys = [
  'term',
  'reservationId',
  'reservationName',
  'externalReferenceId',
  'dateFrom',
  'dateTo',
  'bookedFrom',
  'bookedTo',
  'supplier',
  'booker',
  'reseller',
  'status',
  'source',
] as const satisfies readonly (keyof BookingFilters)[];

export const emptyBookingFilters = (): BookingFilters => ({
  term: '',
  reservationId: '',
  reservationName: '',
  externalReferenceId: '',
  dateFrom: '',
  dateTo: '',
  bookedFrom: '',
  bookedTo: '',
  supplier: '',
  booker: '',
  reseller: '',
  status: '',
  source: '',
});

export type BookingSortKey = NonNullable<BookingsQuery['orderBy']>;
export interface BookingSort {
  by: BookingSortKey;
  direction: 'asc' | 'desc';
}
/** Newest first (R111). */
export const defaultBookingSort: BookingSort = { by: 'created_at', direction: 'desc' };
const sortKeys: readonly BookingSortKey[] = [
  'created_at',
  'arrival_date',
  'departure_date',
  'reservation_id',
  'total',
  'status',
];

/**
 * The next sort when a column header is chosen: the same column flips its direction; another column starts
 * ascending, except the booking time, which starts newest first.
 */
export function nextBookingSort(current: BookingSort, by: BookingSortKey): BookingSort {
  if (current.by === by) return { by, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { by, direction: by === 'created_at' ? 'desc' : 'asc' };
}

/** Which filters a role is offered (R113): resellers filter by booker and supplier, the others by agency and source. */
export function bookingFiltersFor(role: Role): (keyof BookingFilters)[] {
  return bookingFilterKeys.filter((key) =>
    key === 'booker' || key === 'supplier'
      ? role === 'reseller'
      : key === 'reseller' || key === 'source'
        ? role !== 'reseller'
        : true,
  );
}

/** The column that names the other side (R113): resellers see the supplier, suppliers and admins the reseller. */
export const counterpartColumn = (role: Role): 'supplier' | 'reseller' =>
  role === 'reseller' ? 'supplier' : 'reseller';

/** `new` reads "active" (R114); `modified` and `canceled` as they are. */
export const bookingStatusLabel = (status: BookingRecord['status']): 'active' | 'modified' | 'canceled' =>
  status === 'new' ? 'active' : status;

/** A field's problem, or none: dates are `YYYY-MM-DD` and a range's start is not after its end. */
export function validateBookingFilters(
  filters: BookingFilters,
): Partial<Record<keyof BookingFilters, 'date' | 'range' | 'too_long'>> {
  const errors: Partial<Record<keyof BookingFilters, 'date' | 'range' | 'too_long'>> = {};
  if (filters.term.trim().length > BOOKINGS_TERM_MAX) errors.term = 'too_long';
  for (const key of ['dateFrom', 'dateTo', 'bookedFrom', 'bookedTo'] as const) {
    if (filters[key] !== '' && !isDay(filters[key])) errors[key] = 'date';
  }
  if (
    !errors.dateFrom &&
    !errors.dateTo &&
    filters.dateFrom &&
    filters.dateTo &&
    filters.dateFrom > filters.dateTo
  )
    errors.dateTo = 'range';
  if (
    !errors.bookedFrom &&
    !errors.bookedTo &&
    filters.bookedFrom &&
    filters.bookedTo &&
    filters.bookedFrom > filters.bookedTo
  )
    errors.bookedTo = 'range';
  return errors;
}

/** How long each text filter may be (the list query's limits). */
const TEXT_MAX = {
  term: BOOKINGS_TERM_MAX,
  reservationId: 64,
  reservationName: 100,
  externalReferenceId: 100,
} as const;

export interface BookingsListScope {
  role: Role;
  /** A supplier's selected property; its bookings only. */
  propertyId?: string | null;
}

/**
 * The list call's query: the page and sort, the scope, and each filter that is set and allowed for the role
 * (a filter another role's panel would show is dropped, not sent). Invalid dates are dropped too.
 */
export function bookingsQueryOf(
  filters: BookingFilters,
  scope: BookingsListScope,
  page: number,
  sort: BookingSort = defaultBookingSort,
): BookingsQuery {
  const allowed = new Set(bookingFiltersFor(scope.role));
  const errors = validateBookingFilters(filters);
  const query: BookingsQuery = {
    page,
    limit: BOOKINGS_PAGE_SIZE,
    orderBy: sort.by,
    orderDirection: sort.direction,
  };
  const text = (key: 'term' | 'reservationId' | 'reservationName' | 'externalReferenceId') => {
    const value = filters[key].trim();
    if (value && allowed.has(key) && !errors[key]) query[key] = value.slice(0, TEXT_MAX[key]);
  };
  text('term');
  text('reservationId');
  text('reservationName');
  text('externalReferenceId');
  for (const key of ['dateFrom', 'dateTo', 'bookedFrom', 'bookedTo'] as const) {
    if (filters[key] && !errors[key]) query[key] = filters[key];
  }
  if (filters.supplier && allowed.has('supplier')) query.supplier = filters.supplier;
  if (filters.booker && allowed.has('booker')) query.booker = filters.booker;
  if (filters.reseller && allowed.has('reseller')) query.resellerIds = [filters.reseller];
  if (filters.status) query.status = filters.status;
  if (filters.source && allowed.has('source')) query.source = filters.source;
  if (scope.role === 'supplier' && scope.propertyId) query.propertyId = scope.propertyId;
  return query;
}

/**
 * The panel's fields as the badge counts them: one per field, except a date range, which is one filter
 * whether one end or both are set.
 */
const badgeGroups: readonly (readonly (keyof BookingFilters)[])[] = [
  ['reservationId'],
  ['reservationName'],
  ['externalReferenceId'],
  ['dateFrom', 'dateTo'],
  ['bookedFrom', 'bookedTo'],
  ['supplier'],
  ['booker'],
  ['reseller'],
  ['status'],
  ['source'],
];

/** How many filters besides the free text are set: the panel's badge. A date range counts once. */
export const activeBookingFilterCount = (filters: BookingFilters): number =>
  badgeGroups.filter((group) => group.some((key) => filters[key] !== '')).length;

const paramNames: Record<keyof BookingFilters, string> = {
  term: 'q',
  reservationId: 'reservation_id',
  reservationName: 'reservation_name',
  externalReferenceId: 'reference',
  dateFrom: 'from',
  dateTo: 'to',
  bookedFrom: 'booked_from',
  bookedTo: 'booked_to',
  supplier: 'supplier',
  booker: 'booker',
  reseller: 'reseller',
  status: 'status',
  source: 'source',
};

export interface BookingsListState {
  filters: BookingFilters;
  page: number;
  sort: BookingSort;
}

/**
 * The list's state read from the page's address (so a search can be shared and survives a reload): unknown
 * or malformed values are dropped, never guessed.
 */
export function bookingsListFromParams(params: URLSearchParams): BookingsListState {
  const filters = emptyBookingFilters();
  for (const key of bookingFilterKeys) {
    const value = params.get(paramNames[key]);
    if (value === null) continue;
    if (key === 'status') {
      if (value === 'new' || value === 'modified' || value === 'canceled') filters.status = value;
    } else if (key === 'source') {
      if (value === 'engine' || value === 'gift_card') filters.source = value;
    } else if (key === 'term' || key === 'reservationId') filters[key] = value.slice(0, TEXT_MAX[key]);
    else filters[key] = value.slice(0, 100);
  }
  for (const [key, error] of Object.entries(validateBookingFilters(filters))) {
    if (error === 'date') filters[key as 'dateFrom'] = '';
  }
  const page = Number(params.get('page'));
  const by = params.get('sort') as BookingSortKey | null;
  const direction = params.get('dir');
  const sort =
    by && sortKeys.includes(by)
      ? {
          by,
          direction:
            direction === 'asc' || direction === 'desc'
              ? direction
              : nextBookingSort(defaultBookingSort, by).direction,
        }
      : defaultBookingSort;
  return { filters, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1, sort };
}

/** The address's query for the list's state: only what differs from the defaults. */
export function bookingsListToParams(state: BookingsListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of bookingFilterKeys) {
    const value = key === 'term' ? state.filters.term.trim() : state.filters[key];
    if (value) params.set(paramNames[key], value);
  }
  if (state.sort.by !== defaultBookingSort.by || state.sort.direction !== defaultBookingSort.direction) {
    params.set('sort', state.sort.by);
    params.set('dir', state.sort.direction);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export type QuickRange = 'past_month' | 'this_month' | 'next_month';
export const quickRanges: readonly QuickRange[] = ['past_month', 'this_month', 'next_month'];

/**
 * A date quick range (document 1 §9): the calendar month before, of, or after `today` (`YYYY-MM-DD`, the
 * viewer's day), first to last day.
 */
export function quickRange(range: QuickRange, today: string): { from: string; to: string } {
  return monthOf(today, range === 'past_month' ? -1 : range === 'next_month' ? 1 : 0);
}

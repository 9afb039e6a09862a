import type { BookingRecord, BookingsQuery, Role } from '@tern/sdk';
import { assign, cancel, enqueueActions, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  BOOKINGS_PAGE_SIZE,
  BOOKINGS_SEARCH_DEBOUNCE_MS,
  BOOKINGS_TERM_MAX,
  type BookingFilters,
  type BookingSort,
  type BookingSortKey,
  bookingsQueryOf,
  defaultBookingSort,
  emptyBookingFilters,
  nextBookingSort,
} from './bookingsList.js';

/**
 * The bookings list (document 1 §2, §5, §6, §9; R111–R113, R122): ten a page, newest first, every filter of
 * the advanced search, a free-text search that waits 500 ms after the last key, sortable columns. A locked
 * reseller or supplier (payment lock, admins exempt) and a supplier without a selected property load
 * nothing: the list waits in `blocked`. A newer query drops the answer of an older one (the call is stopped
 * with its state).
 */

export interface BookingsPage {
  items: BookingRecord[];
  total: number;
}

export interface BookingsListInput {
  role: Role;
  propertyId?: string | null;
  locked?: boolean;
  filters?: Partial<BookingFilters>;
  page?: number;
  sort?: BookingSort;
}

export interface BookingsListContext {
  role: Role;
  propertyId: string | null;
  locked: boolean;
  /** The filters the list was loaded with. */
  filters: BookingFilters;
  /** The search box as typed; it becomes `filters.term` 500 ms after the last key. */
  termDraft: string;
  page: number;
  sort: BookingSort;
  items: BookingRecord[];
  total: number;
  error: Failure | null;
}

export type BookingsListEvent =
  | { type: 'term.change'; term: string }
  | { type: 'term.settle' }
  | { type: 'filters.apply'; filters: Partial<BookingFilters> }
  | { type: 'filters.clear' }
  | { type: 'page.go'; page: number }
  | { type: 'sort.by'; by: BookingSortKey }
  | { type: 'scope.change'; propertyId?: string | null; locked?: boolean }
  | { type: 'reload' };

/** The list call the context stands for. */
export const bookingsQueryOfContext = (context: BookingsListContext): BookingsQuery =>
  bookingsQueryOf(
    context.filters,
    { role: context.role, propertyId: context.propertyId },
    context.page,
    context.sort,
  );

/** How many pages the last answer spans (at least one). */
export const bookingsPageCount = (context: Pick<BookingsListContext, 'total'>): number =>
  Math.max(1, Math.ceil(context.total / BOOKINGS_PAGE_SIZE));

export const bookingsListMachine = setup({
  types: {
    context: {} as BookingsListContext,
    events: {} as BookingsListEvent,
    input: {} as BookingsListInput,
  },
  actors: {
    loadBookings: notProvided<BookingsPage, BookingsQuery>('loadBookings'),
  },
  guards: {
    blocked: ({ context }) =>
      (context.locked && context.role !== 'admin') || (context.role === 'supplier' && !context.propertyId),
    termChanged: ({ context }) => context.termDraft.trim() !== context.filters.term.trim(),
    validPage: ({ context, event }) =>
      event.type === 'page.go' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= bookingsPageCount(context) &&
      event.page !== context.page,
  },
  actions: {
    assignDraft: assign({
      termDraft: ({ event }) => (event.type === 'term.change' ? event.term.slice(0, BOOKINGS_TERM_MAX) : ''),
    }),
    restartDebounce: enqueueActions(({ enqueue }) => {
      enqueue.cancel('termDebounce');
      enqueue.raise({ type: 'term.settle' }, { id: 'termDebounce', delay: BOOKINGS_SEARCH_DEBOUNCE_MS });
    }),
    stopDebounce: cancel('termDebounce'),
    applyTerm: assign(({ context }) => ({
      filters: { ...context.filters, term: context.termDraft.trim() },
      page: 1,
    })),
    applyFilters: assign(({ context, event }) => {
      if (event.type !== 'filters.apply') return {};
      const filters = { ...context.filters, ...event.filters };
      return { filters, termDraft: filters.term, page: 1 };
    }),
    clearFilters: assign({ filters: emptyBookingFilters, termDraft: '', page: 1 }),
    goToPage: assign({
      page: ({ context, event }) => (event.type === 'page.go' ? event.page : context.page),
    }),
    sortBy: assign(({ context, event }) =>
      event.type === 'sort.by' ? { sort: nextBookingSort(context.sort, event.by), page: 1 } : {},
    ),
    changeScope: assign(({ context, event }) => {
      if (event.type !== 'scope.change') return {};
      const propertyId = event.propertyId === undefined ? context.propertyId : event.propertyId;
      return {
        propertyId,
        locked: event.locked ?? context.locked,
        page: propertyId === context.propertyId ? context.page : 1,
      };
    }),
    assignPage: assign((_, params: { page: BookingsPage }) => ({
      items: params.page.items,
      total: params.page.total,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    clearList: assign({ items: [], total: 0, error: null }),
  },
}).createMachine({
  id: 'bookingsList',
  context: ({ input }) => {
    const filters = { ...emptyBookingFilters(), ...input.filters };
    return {
      role: input.role,
      propertyId: input.propertyId ?? null,
      locked: input.locked ?? false,
      filters,
      termDraft: filters.term,
      page: input.page && Number.isInteger(input.page) && input.page >= 1 ? input.page : 1,
      sort: input.sort ?? defaultBookingSort,
      items: [],
      total: 0,
      error: null,
    };
  },
  initial: 'checking',
  on: {
    'term.change': { actions: ['assignDraft', 'restartDebounce'] },
    'term.settle': { guard: 'termChanged', target: '.checking', actions: 'applyTerm' },
    'filters.apply': { target: '.checking', actions: ['stopDebounce', 'applyFilters'] },
    'filters.clear': { target: '.checking', actions: ['stopDebounce', 'clearFilters'] },
    'sort.by': { target: '.checking', actions: 'sortBy' },
    'scope.change': { target: '.checking', actions: 'changeScope' },
    reload: { target: '.checking' },
  },
  states: {
    checking: {
      always: [{ guard: 'blocked', target: 'blocked', actions: 'clearList' }, { target: 'loading' }],
    },
    /** Locked, or a supplier without a property: nothing is loaded (R122). */
    blocked: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadBookings',
        input: ({ context }) => bookingsQueryOfContext(context),
        onDone: {
          target: 'ready',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      on: { 'page.go': { guard: 'validPage', target: 'checking', actions: 'goToPage' } },
    },
    /** The load failed: the message is shown as an error notification, `reload` tries again (R123). */
    failed: {},
  },
});

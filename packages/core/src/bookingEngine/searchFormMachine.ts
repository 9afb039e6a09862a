import { assign, enqueueActions, setup } from 'xstate';
import {
  type BookingParams,
  carSearchDefaults,
  occupancyLimits,
  type PlaceRef,
  type PropertyKind,
  parseBookingQuery,
  searchTarget,
  withChildren,
} from './engineRules.js';
import { type RentalProblem, rentalProblems } from './rental.js';
import { hasSearchDates, paramsForType } from './search.js';

/**
 * The main search form on the home page (document 1 §2, §5; R018–R022, R028, R029), for stays and cars:
 * the query's values or the form's defaults (2 adults — DECISIONS 7 —, cars from today + 5 to today + 12
 * at 10:00, driver 30 from IS); a search needs both dates (else `needsDates`, the "select dates" message), and
 * a car's rental core's rental rules (`rentalProblems`: at most 90 charged days, times on the half hour);
 * it opens the property page when a property was chosen, else the search page (cars: the car search) with
 * the query (edge action `navigate`).
 */

export interface SearchFormInput {
  today: string;
  /** The current query string; its values fill the form. */
  query?: string;
}

export interface SearchFormContext {
  today: string;
  params: BookingParams;
  /** The destination chosen from the suggestions, or `null` while only text is typed. */
  place: PlaceRef | null;
  /** The destination box's text. */
  text: string;
  /** A search was tried without both dates. */
  needsDates: boolean;
  /** Cars: what is wrong with the rental's dates and times (core's `rentalProblems`: at most 90 days, half hours). */
  rentalProblems: RentalProblem[];
}

export type SearchFormEvent =
  | { type: 'type.change'; kind: PropertyKind }
  | { type: 'dates.change'; start: string | null; end: string | null }
  | { type: 'times.change'; pickupTime?: string; dropoffTime?: string }
  | { type: 'occupancy.change'; adults?: number; children?: number; childrenAge?: number[] }
  | { type: 'driver.change'; driverAge?: number; driverCountry?: string }
  | { type: 'currency.change'; currency: string }
  | { type: 'text.change'; text: string }
  | { type: 'place.choose'; place: PlaceRef | null }
  | { type: 'form.submit' };

/**
 * The destination the query names, as the form shows it: a city (with its country) is the city chosen, a
 * country alone the country, a free text its text. After a search the form keeps its place (the car search's
 * form, drawn again on the results page, lost its pick-up place).
 */
export function placeFromParams(params: BookingParams): { place: PlaceRef | null; text: string } {
  const { city, state, country, title } = params;
  if (city)
    return {
      place: {
        id: `city:${country ?? ''}:${city}`,
        kind: 'city',
        title: city,
        city,
        state,
        country: country ?? '',
      },
      text: city,
    };
  if (title) return { place: null, text: title };
  if (country)
    return {
      place: { id: `country:${country}`, kind: 'country', title: country, city: null, state: null, country },
      text: country,
    };
  return { place: null, text: '' };
}

/** The form's first values: the query's, else the defaults (R019–R022). */
export function searchFormDefaults(today: string, query = ''): BookingParams {
  const q = new URLSearchParams(query.replace(/^\?/, ''));
  const params = parseBookingQuery(q, today);
  const car = carSearchDefaults(today);
  // A valid `adults` in the query is kept; a missing or dropped one is the form's 2 (DECISIONS 7).
  const raw = q.get('adults')?.trim() ?? '';
  const { min, max } = occupancyLimits.adults;
  const adults = /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? params.adults : 2;
  return {
    ...params,
    adults,
    pickupDate: params.pickupDate ?? car.pickupDate,
    dropoffDate: params.dropoffDate ?? (params.pickupDate ? null : car.dropoffDate),
    pickupTime: params.pickupTime ?? car.pickupTime,
    dropoffTime: params.dropoffTime ?? car.dropoffTime,
    driverAge: params.driverAge ?? car.driverAge,
    driverCountry: params.driverCountry ?? car.driverCountry,
  };
}

/** A car search's rental problems, once both its dates are chosen; none for a stay. */
export function searchRentalProblems(params: BookingParams, today: string): RentalProblem[] {
  const { type, pickupDate, dropoffDate, pickupTime, dropoffTime } = params;
  if (type !== 'vehicle' || !pickupDate || !dropoffDate) return [];
  return rentalProblems(
    { pickupDate, dropoffDate, pickupTime: pickupTime ?? '10:00', dropoffTime: dropoffTime ?? '10:00' },
    today,
  );
}

const inRange = (n: number | undefined, { min, max }: { min: number; max: number }) =>
  n === undefined || (Number.isInteger(n) && n >= min && n <= max);

export const searchFormMachine = setup({
  types: {
    context: {} as SearchFormContext,
    events: {} as SearchFormEvent,
    input: {} as SearchFormInput,
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    checkRental: assign(({ context }) => ({
      rentalProblems: searchRentalProblems(context.params, context.today),
    })),
  },
  guards: {
    validOccupancy: ({ event }) =>
      event.type === 'occupancy.change' &&
      inRange(event.adults, occupancyLimits.adults) &&
      inRange(event.children, occupancyLimits.children) &&
      (event.childrenAge ?? []).every((age) => inRange(age, occupancyLimits.childAge)),
    validDriver: ({ event }) =>
      event.type === 'driver.change' &&
      inRange(event.driverAge, occupancyLimits.driverAge) &&
      (event.driverCountry === undefined || /^[A-Za-z]{2}$/.test(event.driverCountry)),
    validDates: ({ context, event }) => {
      if (event.type !== 'dates.change') return false;
      const past = (d: string | null) => d !== null && d < context.today;
      if (past(event.start) || past(event.end)) return false;
      if (!event.start || !event.end) return true;
      // A stay's check-out is strictly after check-in; a car may come back the same day.
      return context.params.type === 'vehicle' ? event.end >= event.start : event.end > event.start;
    },
  },
}).createMachine({
  id: 'searchForm',
  context: ({ input }) => {
    const params = searchFormDefaults(input.today, input.query);
    return {
      today: input.today,
      params,
      ...placeFromParams(params),
      needsDates: false,
      rentalProblems: searchRentalProblems(params, input.today),
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'type.change': {
          actions: [
            assign(({ context, event }) => ({
              params: { ...context.params, type: event.kind },
              place: null,
              text: '',
              needsDates: false,
            })),
            'checkRental',
          ],
        },
        'dates.change': {
          guard: 'validDates',
          actions: [
            assign(({ context, event }) => ({
              params:
                context.params.type === 'vehicle'
                  ? { ...context.params, pickupDate: event.start, dropoffDate: event.end }
                  : { ...context.params, checkinDate: event.start, checkoutDate: event.end },
              needsDates: false,
            })),
            'checkRental',
          ],
        },
        'times.change': {
          actions: [
            assign(({ context, event }) => ({
              params: {
                ...context.params,
                pickupTime: event.pickupTime ?? context.params.pickupTime,
                dropoffTime: event.dropoffTime ?? context.params.dropoffTime,
              },
            })),
            'checkRental',
          ],
        },
        'occupancy.change': {
          guard: 'validOccupancy',
          actions: assign(({ context, event }) => {
            const adults = event.adults ?? context.params.adults;
            const childrenAge = event.childrenAge ?? context.params.childrenAge;
            const children = event.children ?? context.params.children;
            return {
              params: { ...context.params, ...withChildren({ adults, children, childrenAge }, children) },
            };
          }),
        },
        'driver.change': {
          guard: 'validDriver',
          actions: assign(({ context, event }) => ({
            params: {
              ...context.params,
              driverAge: event.driverAge ?? context.params.driverAge,
              driverCountry: event.driverCountry?.toUpperCase() ?? context.params.driverCountry,
            },
          })),
        },
        'currency.change': {
          actions: assign(({ context, event }) => ({
            params: { ...context.params, currency: event.currency.toUpperCase() },
          })),
        },
        'text.change': { actions: assign(({ event }) => ({ text: event.text, place: null })) },
        'place.choose': {
          actions: assign(({ event }) => ({ place: event.place, text: event.place?.title ?? '' })),
        },
        'form.submit': {
          actions: enqueueActions(({ context, enqueue }) => {
            if (!hasSearchDates(context.params)) {
              enqueue.assign({ needsDates: true });
              return;
            }
            enqueue.assign({ needsDates: false });
            // A car search the API would refuse (over 90 days, a time off the half hour) stays on the form.
            if (context.rentalProblems.length > 0) return;
            enqueue({
              type: 'navigate',
              params: { to: searchTarget(paramsForType(context.params), context.place, context.text) },
            });
          }),
        },
      },
    },
  },
});

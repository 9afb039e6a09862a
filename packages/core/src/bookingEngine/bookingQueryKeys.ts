// The booking engine's query (document 1 §2, §5): its parameters and keys, in a module of their own with no
// imports, so a screen that only reads the keys (the web router's search check, in every page's first load)
// takes neither the query's rules nor date-fns with them.

export type PropertyKind = 'accommodation' | 'vehicle';

export interface BookingParams {
  type: PropertyKind;
  currency: string;
  checkinDate: string | null;
  checkoutDate: string | null;
  pickupDate: string | null;
  dropoffDate: string | null;
  pickupTime: string | null;
  dropoffTime: string | null;
  driverAge: number | null;
  driverCountry: string | null;
  adults: number;
  children: number;
  childrenAge: number[];
  mapCoordinates: [number, number, number, number] | null;
  city: string | null;
  country: string | null;
  state: string | null;
  title: string | null;
}

/** The booking engine's query keys, in the order a query string writes them. */
export const bookingQueryKeys = [
  'type',
  'currency',
  'checkinDate',
  'checkoutDate',
  'pickupDate',
  'dropoffDate',
  'pickupTime',
  'dropoffTime',
  'driverAge',
  'driverCountry',
  'adults',
  'children',
  'childrenAge',
  'mapCoordinates',
  'city',
  'country',
  'state',
  'title',
] as const satisfies readonly (keyof BookingParams)[];

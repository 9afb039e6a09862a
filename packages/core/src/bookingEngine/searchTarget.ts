import { type BookingParams, bookingQueryString } from './bookingQuery.js';

// The main search form's target (document 1 §2).

export interface PlaceRef {
  id: string;
  kind: 'city' | 'country' | 'property';
  title: string;
  city: string | null;
  state: string | null;
  country: string;
}

/**
 * the page a search opens — the property page when a
 * property was chosen, else the search page (cars: the car search page) with the query.
 */
export function searchTarget(params: BookingParams, place: PlaceRef | null, text: string): string {
  const where: Partial<BookingParams> = {
    city: null,
    country: null,
    state: null,
    title: null,
    mapCoordinates: null,
  };
  if (place?.kind === 'city')
    Object.assign(where, { city: place.city ?? place.title, country: place.country });
  else if (place?.kind === 'country') where.country = place.country;
  else if (place?.kind === 'property' && params.type === 'vehicle')
    Object.assign(where, { city: place.city, country: place.country });
  else if (!place && text.trim()) where.title = text.trim();
  const query = bookingQueryString({ ...params, ...where });
  if (place?.kind === 'property' && params.type === 'accommodation')
    return `/property/${encodeURIComponent(place.id)}?${query}`;
  return `${params.type === 'vehicle' ? '/search_cars' : '/search'}?${query}`;
}

import type { Role } from '@tern/sdk';

// What a caller may see, in SQL, once: a reseller what their agency's, a supplier what is of the properties they
// work at, an admin everything. Bookings, contracts and the owner checks of ids (http/ownership.ts) read it.

export interface Viewer {
  userId: string;
  role: Role;
  agencyId: string | null;
}

/** An agency id no agency has: a reseller without one sees nothing (and the uuid column still compares). */
export const NO_AGENCY = '00000000-0000-0000-0000-000000000000';

/** The properties a user works at, as a subquery of `property_id`s; `user` is the placeholder of their id. */
export const propertiesOf = (user: string): string =>
  `select property_id from property_users where user_id = ${user}`;

/**
 * The condition that a row with an `agency_id` and a `property_id` (a booking, a contract: `row` is its alias)
 * is the viewer's to see, with its one parameter at `placeholder`.
 */
export function visibleTo(viewer: Viewer, row: string, placeholder: string): { sql: string; param: string } {
  if (viewer.role === 'reseller')
    return { sql: `${row}.agency_id = ${placeholder}`, param: viewer.agencyId ?? NO_AGENCY };
  if (viewer.role === 'supplier')
    return { sql: `${row}.property_id in (${propertiesOf(placeholder)})`, param: viewer.userId };
  return { sql: `${placeholder}::text is not null`, param: viewer.userId };
}

import type { PropertyRole, Role } from '@tern/sdk';

// Who manages a property (document 2 §2: the managers' tab, payment providers, a manager's user edits): an admin
// manages every property, a supplier the ones where they are a manager, not merely staff. The server's ownership
// (`managedProperty`), the settings menu and the managers' page ask this one rule.

/** A user's place at a property: manager, staff (`user`), or none. */
export type PropertyMembership = PropertyRole | null;

/** Whether a user of `role` with that `membership` manages the property. */
export const managesProperty = (role: Role, membership: PropertyMembership): boolean =>
  role === 'admin' || membership === 'manager';

/** The user's membership of a property, from the properties of their session (`ternHotels`). */
export function membershipOf(
  properties: readonly { id: string; role: PropertyRole }[] | undefined,
  propertyId: string,
): PropertyMembership {
  return properties?.find((p) => p.id === propertyId)?.role ?? null;
}

/** The properties of a session's list the user is a manager of (a manager's scope: the users they may edit). */
export const managedProperties = <P extends { id: string; role: PropertyRole }>(
  properties: readonly P[] | undefined,
): P[] => (properties ?? []).filter((p) => p.role === 'manager');

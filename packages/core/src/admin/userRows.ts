import type { PropertyRole, UserPropertyRow } from '@tern/sdk';

// The user form's property rows (document 2 §3 user, §4 "user property roles", §5; inventory machine M18):
// rows are added with the role `user`; a property appears once; selecting a property the user is already
// linked to reuses that link; deleting a saved row marks it `_destroy`, an unsaved one is dropped; an empty
// list gets a blank row; rows without a property are dropped on save. A reseller link disables the rows.

export interface PropertyRowDraft {
  /** Stable key of the row in the form (the link id, or `new-N`). */
  key: string;
  /** The saved link (`ternHotelUserId`), when the row is one. */
  id: string | null;
  ternHotelId: string | null;
  role: PropertyRole;
  destroy: boolean;
}

/** A link of the user as the server gave it. */
export interface PropertyLink {
  propertyId: string;
  ternHotelUserId: string;
  role: PropertyRole;
}

/** The role a new row starts with: the second option, `user` (document 2 §3). */
export const DEFAULT_PROPERTY_ROLE: PropertyRole = 'user';
export const PROPERTY_ROLES: readonly PropertyRole[] = ['manager', 'user'];

function nextKey(rows: readonly PropertyRowDraft[]): string {
  const used = rows
    .map((r) => /^new-(\d+)$/.exec(r.key)?.[1])
    .filter(Boolean)
    .map(Number);
  return `new-${used.length ? Math.max(...used) + 1 : 1}`;
}

const blank = (rows: readonly PropertyRowDraft[]): PropertyRowDraft => ({
  key: nextKey(rows),
  id: null,
  ternHotelId: null,
  role: DEFAULT_PROPERTY_ROLE,
  destroy: false,
});

/** The rows a form starts with: the user's links, or one blank row. */
export function initialPropertyRows(links: readonly PropertyLink[] = []): PropertyRowDraft[] {
  const rows = links.map((l) => ({
    key: l.ternHotelUserId,
    id: l.ternHotelUserId,
    ternHotelId: l.propertyId,
    role: l.role,
    destroy: false,
  }));
  return rows.length ? rows : [blank([])];
}

/** The rows the form shows (not those marked for removal). */
export const visiblePropertyRows = (rows: readonly PropertyRowDraft[]) => rows.filter((r) => !r.destroy);

export function addPropertyRow(rows: readonly PropertyRowDraft[]): PropertyRowDraft[] {
  return [...rows, blank(rows)];
}

export type SelectPropertyResult =
  | { ok: true; rows: PropertyRowDraft[] }
  | { ok: false; reason: 'duplicate'; rows: PropertyRowDraft[] };

/**
 * Picks a property for a row: refused when another shown row has it; a property the user is already linked
 * to takes that link's id (a row marked for removal with it comes back as this row).
 */
export function selectRowProperty(
  rows: readonly PropertyRowDraft[],
  key: string,
  propertyId: string,
  links: readonly PropertyLink[] = [],
): SelectPropertyResult {
  if (visiblePropertyRows(rows).some((r) => r.key !== key && r.ternHotelId === propertyId))
    return { ok: false, reason: 'duplicate', rows: [...rows] };
  const link = links.find((l) => l.propertyId === propertyId);
  const next = rows
    // The removed row of that link is this row now.
    .filter((r) => !(r.destroy && link && r.id === link.ternHotelUserId))
    .map((r) => {
      if (r.key === key) return { ...r, ternHotelId: propertyId, id: link?.ternHotelUserId ?? null };
      return r;
    });
  // The row's former link, if it had one for another property, is removed.
  const former = rows.find((r) => r.key === key);
  if (former?.id && former.id !== link?.ternHotelUserId)
    next.push({ ...former, key: `${former.id}-removed`, destroy: true });
  return { ok: true, rows: next };
}

export function setRowRole(
  rows: readonly PropertyRowDraft[],
  key: string,
  role: PropertyRole,
): PropertyRowDraft[] {
  return rows.map((r) => (r.key === key ? { ...r, role } : r));
}

/** Deletes a row: a saved one is marked `_destroy`, an unsaved one dropped; an empty form gets a blank row. */
export function deletePropertyRow(rows: readonly PropertyRowDraft[], key: string): PropertyRowDraft[] {
  const next = rows.flatMap((r) => {
    if (r.key !== key) return [r];
    return r.id ? [{ ...r, destroy: true }] : [];
  });
  return visiblePropertyRows(next).length ? next : [...next, blank(next)];
}

/** What the form sends: rows without a property dropped, removed links as `_destroy`. */
export function propertyRowsPayload(rows: readonly PropertyRowDraft[]): UserPropertyRow[] {
  return rows
    .filter((r) => r.ternHotelId !== null && (!r.destroy || r.id !== null))
    .map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      ternHotelId: r.ternHotelId!,
      role: r.role,
      ...(r.destroy ? { _destroy: true } : {}),
    }));
}

/** §5: the property rows are disabled while a reseller is linked. */
export const propertyRowsDisabled = (agentId: string | null | undefined) => Boolean(agentId);

/** §5: the reseller select is disabled while properties are chosen, or when the user is not changeable. */
export function resellerSelectDisabled(rows: readonly PropertyRowDraft[], isChangeable: boolean): boolean {
  return !isChangeable || visiblePropertyRows(rows).some((r) => r.ternHotelId !== null);
}

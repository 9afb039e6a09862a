import type { RequestContext } from '../http/context.js';
import { requireAuth } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import type { Viewer } from '../services/bookings/records.js';

/** Who calls: their id, role and agency (what the bookings and contracts rules read). */
export function viewerOf(ctx: RequestContext): Viewer {
  const auth = requireAuth(ctx);
  return { userId: auth.user.id, role: auth.user.role, agencyId: auth.user.agencyId };
}

/** The calling agent and their agency; a caller without one is refused (`no_agency`). */
export function agentOf(ctx: RequestContext): { userId: string; agencyId: string; email: string } {
  const auth = requireAuth(ctx);
  if (!auth.user.agencyId) throw forbidden('no_agency');
  return { userId: auth.user.id, agencyId: auth.user.agencyId, email: auth.user.email };
}

import type { Contract } from '@tern/sdk';
import { type AreaHandlers, requireAuth } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import {
  changePassword,
  forgotPassword,
  resetPassword,
  verifyResetToken,
} from '../services/auth/passwords.js';
import { deleteSession, secondsLeft } from '../services/auth/sessions.js';
import { signIn } from '../services/auth/signIn.js';
import { loadUser } from '../services/auth/users.js';

export const authHandlers: AreaHandlers<Contract['auth']> = {
  signIn: ({ body }, ctx) => signIn(ctx, body.session, ctx),

  validateToken: async (_, ctx) => {
    const auth = requireAuth(ctx);
    // A calendar session never gets here (authorize lets it call its calendar only).
    if (auth.purpose === 'inventory') throw forbidden('calendar_session_only');
    return {
      id: auth.sessionId,
      type: 'session' as const,
      ttl: secondsLeft(auth.expiresAt, ctx.clock),
      userRole: auth.user.role,
      purpose: auth.purpose,
      user: await loadUser(ctx.db, auth.user.id, ctx.config),
    };
  },

  currentUser: async (_, ctx) => ({
    ...(await loadUser(ctx.db, requireAuth(ctx).user.id, ctx.config)),
    type: 'user' as const,
  }),

  signOut: async (_, ctx) => {
    await deleteSession(ctx.db, requireAuth(ctx).sessionId);
    return undefined;
  },

  forgotPassword: async ({ body }, ctx) => ({ message: await forgotPassword(ctx, body.email, ctx) }),

  verifyResetToken: ({ query }, ctx) => verifyResetToken(ctx, query.token, ctx),

  resetPassword: async ({ body }, ctx) => ({
    message: await resetPassword(ctx, requireAuth(ctx), body.password),
  }),

  changePassword: async ({ body }, ctx) => ({
    message: await changePassword(ctx, requireAuth(ctx), body, ctx),
  }),
};

import { normalizeOtp, validateSignIn } from '@tern/core/auth';
import { toStoredSession } from '@tern/core/session';
import type { Session } from '@tern/sdk';
import { type ClientScope, withClient } from '../../client.js';
import type { PendingChallenge, TernConfig } from '../../config.js';
import type { Context } from '../../context.js';
import { bugLine, toUserError, UserError } from '../../errors.js';
import { readAll } from '../../io.js';
import { formatFields, formatInstant } from '../../output.js';
import { type SignInReply, type SignInRequest, validationText } from '../../ui/loginFields.js';
import { userFields } from './userFields.js';

export interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
  otp?: string;
  remember?: boolean;
}

type Credentials = Omit<SignInRequest, 'rememberMe' | 'deviceIdentifier'>;

const FLAG_OF = { email: '--email', password: '--password-stdin', otp: '--otp' } as const;

/**
 * `tern login`: on a terminal, the Ink form; otherwise (or with `--json` or `--password-stdin`) the flags.
 * The session is kept in the config with `exp` = now + ttl × 1000, the trusted device with it.
 */
export async function login(ctx: Context, options: LoginOptions): Promise<void> {
  await withClient(ctx, { session: false }, async (scope) => {
    const interactive = ctx.io.isTTY && !ctx.json && !options.passwordStdin && options.otp === undefined;
    const session = interactive
      ? await loginOnTerminal(ctx, scope, options)
      : await loginWithFlags(ctx, scope.config, options, (request: Credentials) =>
          scope.client.auth.signIn({
            body: {
              session: {
                ...request,
                rememberMe: options.remember === true,
                deviceIdentifier: scope.config.deviceIdentifier ?? null,
              },
            },
          }),
        );
    // A one-time password (set by an admin or manager): the session may only change it, so it is not kept.
    if (session.purpose === 'password_change')
      throw new UserError(
        `The password of ${session.user.email} was set by an admin or manager and works once: choose your own on the change-password page (${scope.apiUrl}/changePassword, with this one as the current password) or ask for a reset e-mail, then sign in with it`,
        { code: 'password_change_required', status: 403 },
      );
    const stored = toStoredSession(session, ctx.now());
    await ctx.config.save({
      ...scope.config,
      apiUrl: scope.apiUrl,
      token: stored.token,
      exp: stored.exp,
      email: session.user.email,
      deviceIdentifier: session.deviceIdentifier ?? scope.config.deviceIdentifier,
      pendingChallenge: undefined,
    });
    const result = {
      apiUrl: scope.apiUrl,
      expiresAt: formatInstant(stored.exp),
      userRole: session.userRole,
      user: session.user,
    };
    ctx.out.result(
      result,
      () =>
        `Signed in as ${session.user.name} (${session.user.email}).\n` +
        formatFields(userFields(session.user, { apiUrl: scope.apiUrl, exp: stored.exp })),
    );
  });
}

/** The Ink form, on core's sign-in machine: the request it builds carries the device and "remember me". */
async function loginOnTerminal(ctx: Context, scope: ClientScope, options: LoginOptions): Promise<Session> {
  const { promptSignIn } = await import('../../ui/promptSignIn.js');
  const session = await promptSignIn(ctx.io, {
    apiUrl: scope.apiUrl,
    ...(options.email ? { initialEmail: options.email } : {}),
    deviceIdentifier: scope.config.deviceIdentifier ?? null,
    rememberMe: options.remember === true,
    signIn: (request) => scope.client.auth.signIn({ body: { session: request } }),
    sendResetEmail: (body) => scope.client.auth.forgotPassword({ body }),
    describeError: (error) =>
      toUserError(error, { apiUrl: scope.apiUrl, signedIn: false })?.message ?? bugLine(error),
  });
  if (!session) throw new UserError('Sign-in cancelled', { code: 'cancelled' });
  return session;
}

function missingFlags(ctx: Context, options: LoginOptions): UserError {
  const why = ctx.json
    ? 'With --json, `tern login` does not prompt'
    : ctx.io.isTTY && options.otp !== undefined
      ? '--otp finishes a sign-in started with --email and --password-stdin'
      : 'Without a terminal, `tern login` cannot prompt';
  return new UserError(`${why}: pass --email EMAIL and --password-stdin (the password on standard input)`, {
    code: 'missing_flags',
  });
}

/** The challenge kept from the last attempt, when it is for this e-mail and its code still works. */
function pendingFor(config: TernConfig, email: string, now: number): PendingChallenge | null {
  const pending = config.pendingChallenge;
  if (!pending || pending.email !== email || pending.expiresAt <= now) return null;
  return pending;
}

async function loginWithFlags(
  ctx: Context,
  config: TernConfig,
  options: LoginOptions,
  send: (request: Credentials) => Promise<SignInReply>,
): Promise<Session> {
  if (!options.email || !options.passwordStdin) throw missingFlags(ctx, options);
  const password = (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
  const email = options.email.trim().toLowerCase();
  const otp = options.otp === undefined ? undefined : normalizeOtp(options.otp);
  const pending = otp === undefined ? null : pendingFor(config, email, ctx.now());
  // The challenge is the server's, not a flag: without a pending one, a new one is asked for below.
  const { otpClientChallenge: _challenge, ...errors } = validateSignIn(
    otp === undefined ? 'credentials' : 'otp',
    {
      email,
      password,
      otp: otp ?? null,
      otpClientChallenge: pending?.otpClientChallenge ?? null,
    },
  );
  const problems = Object.entries(errors).map(
    ([field, key]) =>
      `${FLAG_OF[field as keyof typeof FLAG_OF] ?? field}: ${
        field === 'password' && key === 'validation_messages.required'
          ? 'no password on standard input'
          : validationText[key]
      }`,
  );
  if (problems.length > 0)
    throw new UserError(problems.join('; '), {
      code: 'invalid_input',
      fields: Object.entries(errors).map(([field, key]) => ({ field, message: validationText[key] })),
    });

  let reply: SignInReply;
  try {
    reply = await send(
      pending && otp
        ? { email, password, otp, otpClientChallenge: pending.otpClientChallenge }
        : { email, password },
    );
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (pending && code === 'otp_expired') await ctx.config.save({ ...config, pendingChallenge: undefined });
    throw error;
  }
  if (reply.type === 'session') return reply;

  await ctx.config.save({
    ...config,
    pendingChallenge: {
      email,
      otpClientChallenge: reply.otpClientChallenge,
      destination: reply.destination,
      expiresAt: ctx.now() + reply.ttl * 1000,
    },
  });
  const again =
    otp !== undefined ? ' (the code you gave belongs to no pending sign-in, so a new one was sent)' : '';
  throw new UserError(
    `A one-time code was sent to ${reply.destination}${again}: rerun with --otp CODE within ${Math.round(reply.ttl / 60)} minutes (in the sandbox, read it with \`tern mail list\`)`,
    {
      code: 'otp_required',
      details: { destination: reply.destination, expiresAt: formatInstant(ctx.now() + reply.ttl * 1000) },
    },
  );
}

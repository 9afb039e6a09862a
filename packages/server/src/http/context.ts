import type { ApiKeyScope, Area, Endpoint, HandlerInput, OwnsOf, Role } from '@tern/sdk';
import type * as z from 'zod';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { Logger } from '../logger.js';
import { unauthenticated } from './errors.js';
import type { OwnedTypes } from './ownership.js';

/** The signed-in caller, from the session of the bearer token. */
export interface Auth {
  /** The session of the token (`''` for an API key). */
  sessionId: string;
  /** The API key the call came with (an integrator's backend), else `null`. */
  apiKeyId: string | null;
  /** That key's scope (`read`, or `book` too); the contract's `apiKey` on each endpoint says which it needs. */
  apiKeyScope?: ApiKeyScope;
  purpose: 'sign_in' | 'password_reset' | 'password_change' | 'inventory';
  /** A calendar session's one property: every property the call names must be it (see ownership.ts). */
  propertyScope?: string | null;
  expiresAt: Date;
  /**
   * The caller's agency is payment-locked (document 1 §6), as read with the session or API key: searching,
   * pricing and booking are closed to it. False without an agency.
   */
  agencyLocked: boolean;
  user: {
    id: string;
    email: string;
    name: string;
    role: Role;
    agencyId: string | null;
    supplierId: string | null;
  };
}

/** What the app is made of: database, time, settings, logs. */
export interface AppServices {
  db: Db;
  clock: Clock;
  config: AppConfig;
  logger: Logger;
}

/** What a handler gets besides its input. */
export interface RequestContext extends AppServices {
  requestId: string;
  /** The client address (the socket's, or `x-forwarded-for` behind a trusted proxy). */
  ip: string;
  userAgent: string | null;
  /** `null` for an anonymous caller of a public endpoint. */
  auth: Auth | null;
  endpoint: Endpoint;
  /** Adds a header to the reply. */
  setHeader(name: string, value: string): void;
  /**
   * A write that stays even when the call is refused — a throttle's attempt: a refusal under an Idempotency-Key
   * undoes the call's writes (the key keeps the refusal), so the registrar writes it again after the undo. Runs
   * `write` on the call's connection now.
   */
  lasting(write: (db: Db) => Promise<unknown>): Promise<void>;
}

/** The caller of an endpoint that is not public (the registrar has already refused anonymous calls). */
export function requireAuth(ctx: RequestContext): Auth {
  if (!ctx.auth) throw unauthenticated();
  return ctx.auth;
}

/**
 * What a handler returns: the value the response schema describes (camelCase, flat); the registrar strips
 * anything the contract does not name and wraps it for the wire. A `Response` is sent as it is (downloads).
 */
export type HandlerResult<E extends Endpoint> = z.input<E['response']> | Response;

type Fields<E extends Endpoint> = HandlerInput<E>['params'] &
  HandlerInput<E>['query'] &
  (HandlerInput<E>['body'] extends object ? HandlerInput<E>['body'] : unknown);
type OwnedValue<V, K> = K extends keyof OwnedTypes
  ? [NonNullable<V>] extends [readonly unknown[]]
    ? OwnedTypes[K][]
    : OwnedTypes[K]
  : never;

/**
 * The objects the endpoint's declared ids resolved to (see `owns` in the contract): present whenever the id
 * was sent, a list for a list of ids and for `list[].field`.
 */
export type OwnedOf<E extends Endpoint> = {
  [K in keyof OwnsOf<E>]: K extends `${string}[].${string}`
    ? OwnsOf<E>[K] extends keyof OwnedTypes
      ? OwnedTypes[OwnsOf<E>[K]][] | undefined
      : never
    : K extends keyof Fields<E>
      ? undefined extends Fields<E>[K]
        ? OwnedValue<Fields<E>[K], OwnsOf<E>[K]> | undefined
        : OwnedValue<Fields<E>[K], OwnsOf<E>[K]>
      : never;
};

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E> & { owned: OwnedOf<E> },
  ctx: RequestContext,
) => Promise<HandlerResult<E>> | HandlerResult<E>;

/** One handler per endpoint of an area. */
export type AreaHandlers<A> = { [O in keyof A]: A[O] extends Endpoint ? Handler<A[O]> : never };

/** One handler per endpoint of a contract: a missing one is a type error. */
export type Handlers<C> = { [A in keyof C]: AreaHandlers<C[A]> };

// biome-ignore lint/suspicious/noExplicitAny: the registrar calls handlers with input it has validated
export type AnyHandler = (input: any, ctx: RequestContext) => unknown;

/** A contract and its handlers, as the registrar walks them. */
export interface Api {
  contract: Record<string, Area>;
  handlers: Record<string, Record<string, AnyHandler>>;
}

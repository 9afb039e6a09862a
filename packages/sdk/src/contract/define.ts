import type * as z from 'zod';

/** The three roles of a signed-in user. Derived from the user: an agent attribute makes a reseller. */
export type Role = 'admin' | 'reseller' | 'supplier';

/** What an API key may do: `read` calls only, or `book` too (the agency's bookings). */
export const API_KEY_SCOPES = ['read', 'book'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Who may call an endpoint: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signedIn' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Whose object an id must be. The server resolves every declared id before the handler runs, answers 404 (with
 * the kind's code) when it names nothing the caller may use, and hands the handler the resolved object.
 * - `agency`: an agency — a reseller's own only; suppliers and admins may name any.
 * - `agencyUser`: a user of the caller's agency (resellers); any user for an admin.
 * - `property`: a property the caller works at (suppliers, manager or not); any property for resellers
 *   (their view of the market) and admins.
 * - `managedProperty`: a property the caller manages (document 2 §6: a manager's rights); any for an admin. Its
 *   staff (members who do not manage it) are refused with 403 `managers_only`; others get the 404.
 * - `managedUser`: a user the caller may manage: any user for an admin; for a supplier, a user who works at a
 *   property the caller manages — at the call's `propertyId` when it names one.
 * - `managedAccount`: a user whose account (status, password) the caller may change — a `managedUser` whom core's
 *   `userActions` gives to the caller: anyone but oneself for an admin; for a manager, a user all of whose
 *   properties they manage and who manages none and belongs to no reseller. A user the caller sees but may not
 *   change is refused with 403 and the rule's reason (`own_account`, `manager_changes_admin`,
 *   `user_beyond_reach`).
 * - `apiKey`: an API key of the caller's agency.
 * - `paymentProvider`: a payment provider of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `cancellationPolicy`: a live (not archived) cancellation policy of the call's `propertyId`, a property the
 *   caller works at (any for an admin).
 * - `promoCode`: a promo code of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `giftCardType`: a gift card type of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `giftCardTypePlanProperty`: the property of a gift card type's rate plan row: one the caller works at (any
 *   for an admin), or one where the type being changed (the call's `id`) has plans already — staff of one of a
 *   multi-property type's hotels keep its plans at the others (resolved with `keptOnly`).
 * - `giftCard`: an issued gift card of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `giftCardPurchase`: a gift card purchase of a property the caller works at (any for an admin) — of the
 *   call's `propertyId` when it names one.
 * - `pdfTemplate`: a gift-card PDF template the call's `propertyId` may use — a built-in one (no property) or that
 *   property's own, of a property the caller works at (any for an admin).
 * - `store`: a gift-card store of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `publicStore`: an active gift-card store, by its slug in any case (the public store's calls; anyone may ask).
 * - `storeGiftCardType`: a published gift card type that the call's `publicStore` sells.
 * - `redeemableGiftCard`: an issued gift card by its code (the redemption pages' calls; anyone holding the code
 *   may ask, throttled per address).
 * - `redemptionProperty`: a property the call's `redeemableGiftCard` is redeemed at (its own, or one of its
 *   multi-property type's hotels).
 * - `giftCampaign`: a gift campaign of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `giftCampaignOption`: an option of the call's `giftCampaign`.
 * - `publicGiftCampaign`: a published gift campaign (its public page; anyone may ask).
 * - `publicGiftCampaignOption`: an option of the call's `publicGiftCampaign`.
 * - `unit`: a unit (room type) of a property the caller works at (any for an admin) — of the call's
 *   `propertyId` when it names one.
 * - `ratePlan`: a rate plan of a property the caller works at (any for an admin) — of the call's `propertyId`
 *   when it names one.
 * - `booking`: a booking the caller may see — a reseller's agency's, a supplier's properties', any for an admin.
 * - `contract`: a contract of the caller's agency or of a property the caller works at; any for an admin.
 * - `engineProperty`: a property of the path's `kind`, as the booking engine shows it to a reseller (with the
 *   agency's approved contract, or none).
 * - `contractedProperty`: the same, and the caller's agency holds an approved contract with it.
 * - `vehicleQuery`: a car search started by the caller's agency.
 * - `vehicleBooking`: a car booking of the caller's agency, by its reservation number.
 * - `narrows`: only narrows a list to part of what the caller may already see; reaches nothing by itself.
 * - `unowned`: belongs to no caller (an outbox message); the endpoint's access alone guards it.
 */
export type OwnerKind =
  | 'agency'
  | 'agencyUser'
  | 'property'
  | 'managedProperty'
  | 'managedUser'
  | 'managedAccount'
  | 'apiKey'
  | 'promoCode'
  | 'cancellationPolicy'
  | 'paymentProvider'
  | 'giftCardType'
  | 'giftCardTypePlanProperty'
  | 'giftCard'
  | 'giftCardPurchase'
  | 'pdfTemplate'
  | 'store'
  | 'publicStore'
  | 'storeGiftCardType'
  | 'redeemableGiftCard'
  | 'redemptionProperty'
  | 'giftCampaign'
  | 'giftCampaignOption'
  | 'publicGiftCampaign'
  | 'publicGiftCampaignOption'
  | 'unit'
  | 'ratePlan'
  | 'booking'
  | 'contract'
  | 'engineProperty'
  | 'contractedProperty'
  | 'vehicleQuery'
  | 'vehicleBooking'
  | 'narrows'
  | 'unowned';

/**
 * For each id the endpoint takes, whose it must be: a top-level field of its params, query or body by name, or
 * a field of each item of a top-level list, as `list[].field` (e.g. `ternHotelUsersAttributes[].ternHotelId`).
 */
export type Ownership = Readonly<Record<string, OwnerKind>>;

/**
 * How the reply travels. The schema always describes what the client hands back: flat camelCase.
 * - `resource`: `{data: {id, type, attributes}}` on the wire, `{id, type, ...attributes}` to callers.
 * - `list`: `{data: [{id, type, attributes}], meta}` on the wire, `{items, meta}` to callers.
 * - `plain`: a snake_case JSON object, camelCased for callers.
 * - `empty`: 204, no body.
 * - `file`: a download (the client returns a `Blob` plus its file name).
 */
export type ReplyKind = 'resource' | 'list' | 'plain' | 'empty' | 'file';

/**
 * The kinds of object the audit trail records, one list: what the server's `audit()` writes and what the audit
 * endpoint (`admin.audit`) reads.
 */
export const AUDITED_OBJECTS = [
  'user',
  'agency',
  'property',
  'promoCode',
  'paymentProvider',
  'apiKey',
  'giftCardType',
  'giftCard',
  'giftCardPurchase',
  'pdfTemplate',
  'store',
  'giftCampaign',
] as const;
export type AuditedObject = (typeof AUDITED_OBJECTS)[number];

/**
 * A call the audit trail records although it changes nothing (an export, a PDF download): the object it is about,
 * named by one of its id fields (`id`, `propertyId`), and the action's name. The server's registrar writes the
 * entry once the handler has answered.
 */
export interface RecordedRead {
  object: AuditedObject;
  /** The field (of params, query or body) that holds the object's id. */
  idField: string;
  action: string;
}

export interface EndpointDef<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  O extends Ownership | undefined = Ownership | undefined,
> {
  method: HttpMethod;
  /** Path with `{name}` placeholders, e.g. `/api/v2/resellers/bookings/{id}`. */
  path: string;
  summary: string;
  access: Access;
  /** Anyone may call it too when the server runs in sandbox mode (`--sandbox`, loopback only): the outbox. */
  sandboxPublic?: boolean;
  /**
   * Whether an API key (an agency's backend) may call it, and with which scope: `read` — a key of either scope;
   * `book` — only a key of the `book` scope (making, changing and cancelling the agency's bookings). Without it no
   * key may (403 `api_key_not_allowed`): the keys themselves, sessions and passwords, billing, contract decisions,
   * everything not for resellers. The server enforces it in one place (`authorize`).
   */
  apiKey?: ApiKeyScope;
  /**
   * Whose object each id must be (see `OwnerKind`). Every id field an endpoint takes is declared here; a test
   * fails for an undeclared one.
   */
  owns?: O;
  params?: P;
  query?: Q;
  body?: B;
  /** `multipart` bodies are sent as form data (files allowed). */
  bodyEncoding?: 'json' | 'multipart';
  reply: ReplyKind;
  response: R;
  /**
   * A call that creates, books, pays or issues: the client sends an `Idempotency-Key` made once per logical
   * call, and the server replays the first reply for a repeated key.
   */
  creates?: boolean;
  /** HTTP statuses this endpoint answers with on purpose, besides 200/201/204, for the docs. */
  errors?: readonly number[];
  /**
   * Closed to a payment-locked caller (document 1 §6, 401 `payment_locked`): a reseller whose agency is locked;
   * a supplier naming a property (`owns` a `propertyId`) that is locked. The registrar checks it, in one place.
   */
  paymentLock?: true;
  /** The call is written to the audit trail though it changes nothing (see `RecordedRead`). */
  recorded?: RecordedRead;
}

export interface Endpoint<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  O extends Ownership | undefined = Ownership | undefined,
> extends EndpointDef<P, Q, B, R, O> {
  /** `area.operation`, set by `defineArea`. */
  name: string;
}

/** Declares an endpoint; types flow from the schemas given. */
export function endpoint<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  const O extends Ownership | undefined = undefined,
>(def: EndpointDef<P, Q, B, R, O>): Endpoint<P, Q, B, R, O> {
  return { ...def, name: '' };
}

export type Area = Record<string, Endpoint>;

/** Names each endpoint of an area `area.operation`. */
export function defineArea<A extends Area>(area: string, endpoints: A): A {
  for (const [op, e] of Object.entries(endpoints)) e.name = `${area}.${op}`;
  return endpoints;
}

// biome-ignore lint/suspicious/noExplicitAny: inference helpers
type Any = any;
type ParamsOf<E> = E extends Endpoint<infer P, Any, Any, Any, Any> ? P : never;
type QueryOf<E> = E extends Endpoint<Any, infer Q, Any, Any, Any> ? Q : never;
type BodyOf<E> = E extends Endpoint<Any, Any, infer B, Any, Any> ? B : never;
/** The ownership an endpoint declares (`{}` when none). */
export type OwnsOf<E> =
  E extends Endpoint<Any, Any, Any, Any, infer O>
    ? [O] extends [Ownership]
      ? O
      : Record<never, never>
    : Record<never, never>;

/** What a caller passes: `params`, `query` and `body`, each present only when the endpoint has it. */
export type EndpointInput<E extends Endpoint> = ([ParamsOf<E>] extends [z.ZodObject]
  ? { params: z.input<ParamsOf<E>> }
  : { params?: undefined }) &
  ([QueryOf<E>] extends [z.ZodObject] ? { query?: z.input<QueryOf<E>> } : { query?: undefined }) &
  ([BodyOf<E>] extends [z.ZodType] ? { body: z.input<BodyOf<E>> } : { body?: undefined });

/** What the client returns. */
export type EndpointOutput<E extends Endpoint> = E['reply'] extends 'file'
  ? { blob: Blob; fileName: string | null }
  : E['reply'] extends 'empty'
    ? undefined
    : z.output<E['response']>;

/** The parsed input a server handler receives. */
export interface HandlerInput<E extends Endpoint> {
  params: [ParamsOf<E>] extends [z.ZodObject] ? z.output<ParamsOf<E>> : Record<string, never>;
  query: [QueryOf<E>] extends [z.ZodObject] ? z.output<QueryOf<E>> : Record<string, never>;
  body: [BodyOf<E>] extends [z.ZodType] ? z.output<BodyOf<E>> : undefined;
}

/**
 * A finder of endpoints by name (`area.operation`, e.g. `bookings.list`) over a set of areas, read when it is
 * asked (a lazy client's areas fill in as they load); nothing for an unknown name, never an inherited key.
 */
export function endpointLookup(
  areas: Readonly<Record<string, Area>>,
): (name: string) => Endpoint | undefined {
  return (name) => {
    const [area, op, more] = name.split('.');
    if (!area || !op || more !== undefined || !Object.hasOwn(areas, area)) return undefined;
    const endpoints = areas[area]!;
    return Object.hasOwn(endpoints, op) ? endpoints[op] : undefined;
  };
}

/** Fills `{name}` placeholders, encoding each value. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}

/** Names of `{name}` placeholders of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Whether a role may call an endpoint with this access. `null` is the anonymous caller. */
export function isAllowed(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  if (access === 'signedIn') return true;
  return access.includes(role);
}

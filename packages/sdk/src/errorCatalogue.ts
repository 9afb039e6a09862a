/**
 * Every error code the Tern API answers with, and what it means in words a person reads (English; the web app
 * shows them through its translations, `api_errors.<code>`). The server's `HttpError` takes only these codes,
 * so a new one cannot reach a client without its message here.
 */
export const errorCatalogue = {
  // The request itself
  invalid_input: 'Please correct the marked fields.',
  invalid_json: 'The request could not be read.',
  invalid_text: 'The text contains a character that is not allowed.',
  unsupported_media_type: 'The request was sent in a form the server does not read.',
  payload_too_large: 'The request is too large.',
  invalid_idempotency_key: 'The request carried an invalid retry key.',
  idempotency_key_reused: 'This retry key was already used for another request.',
  idempotency_key_in_progress: 'The same request is still being handled. Try again in a moment.',
  bad_request: 'The request could not be handled.',
  // Who calls
  unauthenticated: 'Please sign in.',
  invalid_credentials: 'The e-mail or password is not right.',
  account_blocked: 'This account is blocked.',
  invalid_api_key: 'This API key is not valid: it was disabled, or its agent left the agency.',
  api_key_not_allowed: 'An API key cannot do that: sign in as an agent.',
  session_expired: 'Your session has expired. Please sign in again.',
  password_reset_required: 'Set a new password first.',
  invalid_reset_token: 'This password reset link is not valid any more.',
  otp_invalid: 'The code is not right.',
  otp_expired: 'The code has expired. Ask for a new one.',
  wrong_code: 'The code is not right.',
  too_many_attempts: 'Too many attempts. Try again later.',
  forbidden: 'You may not do that.',
  no_agency: 'Only an agency’s agents may do that.',
  payment_locked: 'The account is locked for card payments: add a payment method.',
  // What was asked for
  not_found: 'Not found.',
  agency_not_found: 'There is no such agency.',
  user_not_found: 'There is no such user.',
  property_not_found: 'There is no such property.',
  booking_not_found: 'There is no such booking.',
  contract_not_found: 'There is no such contract.',
  query_not_found: 'There is no such car search.',
  vehicle_not_found: 'There is no such vehicle.',
  no_contract: 'You have no active contract with this property.',
  // The state of things
  conflict: 'This changed meanwhile. Reload and try again.',
  no_longer_available: 'This is no longer available.',
  sold_out: 'This is sold out.',
  price_changed: 'The price has changed. Check it and book again.',
  wrong_status: 'This contract cannot do that in its current state.',
  contract_exists: 'There is already a contract between this agency and property.',
  no_rate_plans: 'Choose at least one rate plan.',
  last_unit: 'A booking keeps at least one room.',
  not_changeable_canceled: 'This booking is cancelled: it cannot be changed.',
  not_changeable_arrival_past: 'The arrival has passed: this booking cannot be changed.',
  not_changeable_policy: 'The cancellation policy no longer allows changes to this booking.',
  not_changeable_not_reseller: 'Only the agency that booked it changes this booking.',
  other_side_answers: 'The other side accepts or declines a proposal.',
  initiator_withdraws: 'Only the side that proposed it withdraws it.',
  email_taken: 'A user with this e-mail already exists.',
  not_changeable: 'You may not change your own properties, reseller link or status.',
  provider_deprecated: 'Valitor is deprecated: choose another payment provider.',
  default_provider: 'The default payment provider cannot be deleted: make another one the default first.',
  stripe_not_deletable: 'A Stripe payment provider cannot be deleted.',
  stripe_not_active: 'Finish connecting the Stripe account first.',
  stripe_active: 'This Stripe account is connected already.',
  policy_in_use: 'Rate plans sell with this policy: give them another one first.',
  promo_code_taken: 'A promo code with the same code already exists.',
  promo_code_used_up: 'This promo code has been used as often as it may be.',
  store_not_found: 'There is no such store.',
  property_kind_fixed: 'A hotel stays a hotel and a car station a car station.',
  // The platform
  vault_unavailable: 'The card vault cannot be reached. Try again in a moment.',
  internal: 'Something went wrong on our side.',
} as const;

/** A code of the Tern API's errors. */
export type ErrorCode = keyof typeof errorCatalogue;

/** The words for an error code; `null` for a code this SDK does not know (a newer server). */
export function describeErrorCode(code: string): string | null {
  return Object.hasOwn(errorCatalogue, code) ? errorCatalogue[code as ErrorCode] : null;
}

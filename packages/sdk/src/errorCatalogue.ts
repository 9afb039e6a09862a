/**
 * Every error code the Tern API answers with, and its words in English. The server builds each error's
 * `message` from this table (with the reply's `params` filled in), so the words live here once; the web app
 * shows the same codes through its translations (`api_errors.<code>`, with the same `{{param}}` names), and a
 * test there checks every code has one. The server's `HttpError` takes only these codes.
 */
export const errorCatalogue = {
  // The request itself
  invalid_input: 'Please correct the marked fields.',
  invalid_value: 'This value is not valid.',
  required: 'This field is required.',
  invalid_json: 'The request body is not valid JSON.',
  invalid_text: 'The text contains a character that is not allowed: remove the control or broken character.',
  unsupported_media_type: 'Send the request body as application/json.',
  multipart_required: 'Send the request body as multipart/form-data.',
  invalid_form: 'The form data could not be read.',
  payload_too_large: 'The request is too large.',
  invalid_idempotency_key: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  idempotency_key_reused: 'This Idempotency-Key was already used for another request.',
  idempotency_key_in_progress: 'A request with this Idempotency-Key is still running. Try again in a moment.',
  bad_request: 'The request could not be handled.',
  // Who calls
  unauthenticated: 'Please sign in.',
  invalid_credentials: 'The e-mail or password is not right.',
  account_blocked: 'This account is blocked.',
  invalid_api_key:
    'This API key is not valid: it was disabled (by hand, or when its agent was blocked or their password changed), or its agent left the agency.',
  api_key_not_allowed: 'An API key cannot do that: sign in as an agent.',
  api_key_expired: 'This API key has expired: make a new one on the API keys page.',
  api_key_read_only: 'This API key may only read: make a key with the book scope to book.',
  api_key_expiry_past: 'The expiry must be in the future.',
  session_expired: 'Your session has expired. Please sign in again.',
  password_reset_required: 'Set a new password first.',
  password_change_required: 'Your password was set by someone else: choose a new one first.',
  reset_link_required: 'Open the link from the e-mail to set a new password.',
  invalid_reset_token: 'This link is invalid or has expired.',
  old_password_wrong: 'The old password is not right.',
  password_unchanged: 'Choose a new password, not the one you were given.',
  otp_invalid: 'The code is not right.',
  otp_expired: 'The code has expired. Sign in again to get a new one.',
  wrong_code: 'The code is not right.',
  too_many_attempts: 'Too many attempts. Try again in {{minutes}} min.',
  forbidden: 'You may not do that.',
  no_agency: 'Only an agency’s agents may do that.',
  managers_only: 'Only a manager of this property may do that.',
  payment_locked: 'Stripe locked: pay the subscription in the billing portal to unlock the account.',
  // What was asked for
  not_found: 'Not found.',
  agency_not_found: 'There is no such agency.',
  user_not_found: 'There is no such user.',
  property_not_found: 'There is no such property.',
  booking_not_found: 'There is no such booking.',
  contract_not_found: 'There is no such contract.',
  query_not_found: 'There is no such car search.',
  vehicle_not_found: 'There is no such vehicle.',
  mail_not_found: 'There is no such e-mail in the outbox.',
  store_not_found: 'There is no such store.',
  api_key_not_found: 'There is no such API key.',
  promo_code_not_found: 'There is no such promo code.',
  payment_provider_not_found: 'There is no such payment provider.',
  cancellation_policy_not_found: 'There is no such cancellation policy.',
  unit_not_found: 'There is no such room type.',
  rate_plan_not_found: 'There is no such rate plan.',
  gift_card_type_not_found: 'There is no such gift card type.',
  gift_card_not_found: 'There is no such gift card.',
  gift_card_purchase_not_found: 'There is no such gift card purchase.',
  pdf_template_not_found: 'There is no such PDF template.',
  no_contract: 'You have no active contract with this property.',
  // Searching and booking
  currency_unavailable: 'Prices are not available in {{currency}}: use one of {{currencies}}.',
  checkout_before_checkin: 'The check-out must be after the check-in.',
  checkin_past: 'The check-in is in the past.',
  stay_too_long: 'A stay is at most {{max}} nights.',
  range_end_before_start: 'The end is before the start.',
  range_too_long: 'Ask for at most {{max}} days at a time.',
  unknown_rate: 'A room names a rate that is not in the rates table.',
  rate_not_sold: 'A room names a rate this property does not sell you.',
  rate_unavailable: 'This rate cannot be booked for these dates ({{reason}}).',
  guests_mismatch_rate: 'A room’s guests do not match its rate.',
  too_many_guests: 'A room has more guests than its occupancy.',
  card_required: 'A card is needed to guarantee this booking.',
  card_unusable: 'The card could not be used: enter it again.',
  card_not_accepted: 'The card was not accepted: check its details in the form.',
  card_form_not_loaded: 'The card form did not load.',
  card_form_address: 'The card form’s address is not valid.',
  no_longer_available: 'This is no longer available for these dates: search again.',
  sold_out: 'This is sold out.',
  price_changed: 'The price has changed to {{currency}} {{total}}: check it and book again.',
  use_vehicle_bookings: 'Book cars through the vehicle bookings.',
  pickup_past: 'The pick-up is in the past.',
  dropoff_before_pickup: 'The drop-off is before the pick-up.',
  rental_too_long: 'A rental is at most {{max}} days.',
  half_hour_steps: 'Times go in 30-minute steps: use :00 or :30.',
  offer_mismatch: 'The offer does not match the vehicle: use an offer from the car search.',
  driver_too_young: '{{provider}} rents to drivers of {{age}} and over.',
  // Changing bookings
  not_changeable_canceled: 'The booking is cancelled: it cannot be changed.',
  not_changeable_arrival_past: 'The arrival day has passed: the booking can no longer change.',
  not_changeable_policy: 'The cancellation policy no longer allows changes: the booking has expired.',
  not_changeable_not_reseller: 'Only the agency that made the booking changes it.',
  room_not_in_booking: 'A room is not part of this booking.',
  car_not_in_booking: 'The car is not part of this booking.',
  room_too_small: 'A room holds at most {{spaces}} guests.',
  last_unit: 'A booking keeps at least one room: cancel it to give back the last.',
  use_vehicle_call: 'Change a car’s driver with the rental vehicles call.',
  use_rooms_call: 'Change a stay’s guests with the booking rooms call.',
  // Contracts
  conflict: 'This changed meanwhile. Reload and try again.',
  wrong_status: 'This contract cannot do that now: it is {{status}}.',
  contract_exists: 'There is already a contract (active or pending) between this agency and property.',
  no_rate_plans: 'Choose at least one rate plan.',
  nothing_to_sell: 'This property sells nothing yet.',
  rate_plan_not_property: 'A rate plan is not the property’s.',
  property_kind_mismatch: 'The property is of another type.',
  agency_required: 'Choose the agency to propose to.',
  other_side_answers: 'The other side accepts or declines a proposal.',
  initiator_withdraws: 'Only the side that proposed it withdraws it.',
  // The back office
  email_taken: 'A user with this e-mail already exists.',
  not_changeable: 'You may not change your own properties, reseller link or status.',
  own_account: 'You may not change your own account’s status or password here.',
  user_not_active: 'This user is blocked: unblock them before sending a reset link.',
  manager_changes_admin: 'A manager may not change an admin.',
  user_beyond_reach:
    'Only an admin may change this user’s account: they work at a property you do not manage, or manage one.',
  own_password_needs_old: 'Change your own password on the change-password page, with your current one.',
  admin_changes_email: 'Only an admin changes a user’s e-mail.',
  admin_links_reseller: 'Only an admin links a user to a reseller.',
  duplicate_property_row: 'Each property may appear once.',
  unknown_property_row: 'A property row names a link of another user.',
  not_managed_property: 'You may only change rows of properties you manage.',
  property_kind_fixed: 'A hotel stays a hotel and a car station a car station.',
  unknown_facilities: 'Some facilities are not in the catalogue: {{names}}.',
  position_incomplete: 'A position needs both latitude and longitude: set it on the map.',
  no_lodging_type: 'A car station has no lodging type.',
  provider_fields_missing: 'Fill in every field of the provider.',
  provider_deprecated: 'Valitor is deprecated: choose another payment provider.',
  default_provider: 'The default payment provider cannot be deleted: make another one the default first.',
  stripe_not_deletable: 'A Stripe payment provider cannot be deleted.',
  stripe_not_active: 'Finish connecting the Stripe account first.',
  stripe_active: 'This Stripe account is connected already.',
  stripe_only: 'Only a Stripe provider connects an account.',
  policy_in_use: 'Rate plans sell with this policy: give them another one first.',
  unit_has_future_bookings:
    'This room type has {{count}} booked room(s) for coming nights: cancel or move those bookings before deleting it.',
  unit_in_bookings: 'Bookings ({{count}}) keep this room type in their records, so it cannot be deleted.',
  rate_plan_has_future_bookings:
    'This rate plan has {{count}} booked room(s) for coming nights: cancel or move those bookings before deleting it.',
  rate_plan_in_bookings:
    'Bookings ({{count}}) keep this rate plan in their records, so it cannot be deleted.',
  rate_plan_has_children: 'Other rate plans inherit from this one ({{titles}}): change or delete them first.',
  rate_plan_parent_cycle: 'A rate plan cannot inherit from itself, directly or through another plan.',
  inherit_needs_parent: 'Choose the parent rate plan to inherit from.',
  rate_plan_currency: 'Rate plans sell in the property’s currency, {{currency}}.',
  occupancy_over_unit: 'The room type takes at most {{max}} adults.',
  rate_plan_unit_fixed: 'A rate plan stays with its room type: create a new plan for another.',
  promo_code_taken: 'A promo code with the same code already exists.',
  // Document 2 §8: the words the store form matches to say the slug is taken.
  store_slug_taken: 'Validation failed: Name has already been taken',
  promo_code_used_up: 'This promo code has been used as often as it may be.',
  valid_from_past: 'The validity range cannot begin before today: pick {{today}} or later.',
  usage_limit_below_uses: 'The limit is below the uses so far ({{uses}}).',
  // Gift cards
  out_of_stock: 'Only {{stock}} card(s) of this gift card type are left: {{asked}} were asked for.',
  // The public store (document 3 §8)
  promo_code_invalid: 'Promo code is not valid',
  terms_not_accepted: 'Tick the box to accept the store’s terms and conditions.',
  delivery_not_offered: 'This gift card cannot be delivered that way: choose another delivery.',
  signature_invalid: 'This payment return is not signed by the payment provider: nothing was changed.',
  gift_card_type_archived: 'This gift card type is archived: it is read-only.',
  gift_card_type_locked:
    'Cards of this gift card type exist, so its {{fields}} can no longer change: duplicate it to sell other terms.',
  gift_card_type_status: 'This gift card type is {{status}}: it cannot do that now.',
  gift_card_kind_fixed: 'A gift card type keeps its kind (single, multi or no property) once made.',
  multi_property_needs_two: 'A multi-property gift card needs at least two properties you work at.',
  rate_plan_not_of_room_type: 'The rate plan does not sell this room type.',
  expiration_not_future: 'The expiry date must be after today ({{today}}).',
  expiration_past: 'The expiry date cannot be before today ({{today}}).',
  gift_card_used: 'This gift card is already used.',
  gift_card_not_used: 'This gift card is not used.',
  gift_card_delivered: 'This gift card is already marked delivered.',
  purchase_paid: 'This purchase is already paid.',
  purchase_not_pending: 'This purchase is already {{issuedStatus}}: its cards are issued or being issued.',
  purchase_not_issued: 'This purchase is not issued yet: its cards do not exist.',
  purchase_not_failed:
    'This purchase is {{issuedStatus}}: only a purchase whose issuing failed can be retried.',
  pdf_section_not_in_template: 'This section is not one of the template’s.',
  pdf_sections_missing: 'Every section of the template is needed; missing: {{names}}.',
  pdf_template_built_in: 'A built-in template cannot be changed: duplicate it and change the copy.',
  pdf_template_in_use:
    'Gift card types print with this template ({{types}}): choose another template for them first.',
  gift_card_consumed:
    'The gift card was used for a stay whose arrival ({{arrival}}) has passed, so it cannot be marked unused.',
  gift_card_no_booking: 'No booking was made with this gift card.',
  gift_card_booking_started:
    'The booking’s arrival ({{arrival}}) has passed, so it cannot be cancelled here.',
  booking_already_cancelled: 'This booking is already cancelled.',
  // Redemption (document 3 §8)
  gift_card_redeemed: 'Gift certificates have already been used.',
  gift_card_expired: 'This gift card expired on {{expirationDate}}: the stay must end by then.',
  gift_card_payment_pending:
    'A payment for this gift card’s stay is under way: finish it, or try again after {{holdExpiresAt}}.',
  rate_not_covered: 'This gift card does not cover this room and rate.',
  stay_length_mismatch: 'This gift card pays for exactly {{nights}} night(s).',
  cancellation_deadline_passed:
    'The free cancellation ended at {{deadline}}: the hotel can no longer cancel it here.',
  cancellation_not_allowed: 'This hotel does not let gift-card stays be cancelled online: contact the hotel.',
  // Gift campaigns
  campaign_not_found: 'There is no such campaign, or it is not open.',
  campaign_archived: 'This campaign is archived: publish it again to change it.',
  campaign_transition_invalid: 'A {{from}} campaign cannot become {{to}}.',
  campaign_without_options: 'Add at least one gift option before publishing.',
  campaign_option_picked: 'Someone already picked this gift, so it cannot be removed.',
  campaign_last_option: 'A published campaign keeps at least one gift option.',
  campaign_already_picked: 'You have already chosen a gift from this campaign.',
  campaign_option_not_found: 'There is no such gift option in this campaign.',
  campaign_too_many_options: 'A campaign offers at most {{max}} gift options.',
  // Uploads and photos
  file_too_large: 'The file is too large: at most {{max}}.',
  invalid_image: 'The file is not a readable image.',
  unsupported_image: 'Only .png, .jpeg and .jpg images can be uploaded.',
  too_many_photos: 'A property shows at most {{max}} photos.',
  too_many_uploads:
    'A property takes at most {{max}} photos and a logo: save or remove photos before uploading more.',
  unknown_photo: 'This photo was not uploaded for this property.',
  duplicate_photo: 'The same photo appears twice.',
  // The platform
  // The inventory calendar
  inventory_hotels_only: 'Only a hotel has an inventory calendar.',
  inventory_range_too_long: 'Choose at most {{days}} days.',
  inventory_day_past: 'Past nights cannot change: start from {{today}}.',
  inventory_row_twice: 'A night is given twice: {{date}}.',
  availability_below_booked:
    'On {{date}}, {{booked}} rooms are booked already: the availability cannot be lower.',
  price_required: 'The night of {{date}} has no price yet: give one.',
  nothing_to_undo: 'There is no change to undo.',
  one_time_token_invalid:
    'This link to the calendar was used, has expired or is for another property: open the calendar again.',
  calendar_session_only: 'A calendar session may only use the inventory calendar of its property.',
  vault_unavailable: 'Card payments are not available right now. Try again in a moment.',
  storage_unavailable: 'The image store is not available right now. Try again in a moment.',
  internal: 'Something went wrong on our side.',
} as const;

/** A code of the Tern API's errors. */
export type ErrorCode = keyof typeof errorCatalogue;

/** The values an error's words name (`{{name}}` in the catalogue): sent as the reply's `params`. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** Whether a string is a code of this catalogue. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/**
 * The words for an error code with its params filled in; `null` for a code this SDK does not know (a newer
 * server). A param the reply did not send stays as its placeholder's name.
 */
export function describeErrorCode(code: string, params: ErrorParams = {}): string | null {
  if (!isErrorCode(code)) return null;
  return errorCatalogue[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : name,
  );
}

/** The names of the params an error code's words take, in order. */
export function errorParamNames(code: ErrorCode): string[] {
  return [...errorCatalogue[code].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}

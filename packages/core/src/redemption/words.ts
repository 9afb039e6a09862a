/**
 * The English words of the redemption's message keys (`redeem_messages.<name>`), which core's redemption rules
 * and machines return (document 3 §5, §8; the spec's own words where it gives them). The store's catalogue takes
 * this section as its English `redeem_messages` (the other languages translate it there), as it does the store's
 * `store_messages`.
 */
export const redeemMessagesEn = {
  not_a_number: 'This is not a gift card number: 12 letters and digits, as printed on the card.',
  card_not_found: 'Gift certificate not found!',
  already_used: 'Gift certificates have already been used',
  expired: 'This gift card has expired.',
  payment_pending:
    'A payment for a stay with this gift card is under way. Try again once it has finished, in 15 minutes at most.',
  no_property: 'This gift card cannot be booked online: please contact the hotel.',
  choose_country: 'Choose a country',
  choose_property: 'Choose a hotel',
  date_unavailable: 'This date cannot be booked with this gift card.',
  rate_unavailable: 'This room cannot be booked for these dates.',
  booking_error: 'An error occurred',
  booking_failed: 'Sorry, booking could not be completed.',
  upsell_failed: 'Something went wrong. Please try again.',
  cancel_incomplete: 'Enter the reservation number and the last name of the booking.',
} as const;

export type RedeemMessageName = keyof typeof redeemMessagesEn;
/** A message key of the redemption (`redeem_messages.<name>`). */
export type RedeemMessageKey = `redeem_messages.${RedeemMessageName}`;

export const redeemKey = (name: RedeemMessageName): RedeemMessageKey => `redeem_messages.${name}`;

/** The English words of a redemption message (the CLI's and the tests' words). */
export const redeemWords = (key: RedeemMessageKey): string =>
  redeemMessagesEn[key.slice('redeem_messages.'.length) as RedeemMessageName];

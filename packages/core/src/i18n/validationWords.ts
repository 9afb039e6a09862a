/**
 * The English words of core's validation keys (`validation_messages.<name>`), which core's form rules return
 * for each field in error. The web app's catalogue takes this section as its English `validation_messages`
 * (other languages translate it there); the CLI prints these words. One list, so a rule's new key gets its
 * words once (`validationWords.test.ts` finds every key core's rules use).
 */
export const validationMessagesEn = {
  required: 'Required',
  email: 'Enter an e-mail address such as name@example.com',
  otp_digits: 'The code has 6 digits',
  password_min: 'Use at least 6 characters',
  password_max: 'Use at most 128 characters',
  not_match: 'The passwords do not match',
  digits: 'Use digits only',
  too_long_name: 'Use at most 200 characters',
  duplicate_property: 'This property is already in the list',
  promo_length: 'Use 2 to 50 characters',
  promo_code_chars: 'Use letters, digits, - and _ only',
  amount_min: 'At least 1',
  percent_max: 'At most 100 %',
  limit_min: 'At least 1, or empty for no limit',
  range_before_today: 'The range cannot begin before today',
  range_order: 'The range ends before it starts',
  whole_number: 'Use a whole number',
  not_a_number: 'Enter a number, such as 1250 or 12,50',
  decimals_max: 'Use at most {{count}} decimals',
  at_least_one: 'At least 1',
  not_negative: 'At least 0',
  too_many: 'More than the room holds',
  not_an_option: 'Choose one of the list',
  max_below_min: 'The maximum stay is below the minimum',
  below_booked: 'Fewer than the rooms already booked',
  text_too_long: 'Use at most 80 characters',
  valid_price: 'Enter a valid price',
  gift_discount: 'The discounted price must be at least 1 and below the price',
  one_per_room_type: 'Select one rate plan per room type',
  valid_inventory: 'Enter a valid inventory (a whole number, at least 1)',
  future_day: 'Choose a day after today',
  before_today: 'The day cannot be before today',
  gift_stock: 'More than the cards left of this gift card',
  gift_two_properties: 'Choose at least two properties',
  gift_photos_max: 'At most 20 photos',
  campaign_options_max: 'At most 20 gifts',
  pdf_one_to_hundred: 'From 1 to 100',
  pdf_opacity: 'From 0 to 1',
  pdf_padding_vertical: 'From 0 to 841',
  pdf_padding_horizontal: 'From 0 to 595',
  pdf_corner: 'From 0 to 360',
  pdf_no_room: 'The padding leaves no room for the section',
  pdf_crosses_border:
    'A dashed box’s border crosses this text: place the text wholly inside the box or wholly outside it',
  pdf_color: 'Use a colour such as #1f3a5f',
  pdf_text_too_long: 'Use at most 2000 characters',
  store_slug_chars: 'Use letters, digits and hyphens only',
  store_slug_reserved: 'A page of the app has this address: choose another',
  store_tag_color: 'Use a colour such as #0F1015',
} as const;

const PREFIX = 'validation_messages.';

/** The English words of a validation key (`validation_messages.required` → "Required"); an unknown key as is. */
export function validationWords(key: string): string {
  const name = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
  return Object.hasOwn(validationMessagesEn, name)
    ? validationMessagesEn[name as keyof typeof validationMessagesEn]
    : key;
}

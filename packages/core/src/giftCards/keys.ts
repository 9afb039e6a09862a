// The validation keys of the gift card forms (document 3 §5); their English words are in i18n/validationWords.

export const giftCardValidationKeys = {
  max80: 'validation_messages.text_too_long',
  validPrice: 'validation_messages.valid_price',
  discount: 'validation_messages.gift_discount',
  onePerRoomType: 'validation_messages.one_per_room_type',
  validInventory: 'validation_messages.valid_inventory',
  futureDay: 'validation_messages.future_day',
  beforeToday: 'validation_messages.before_today',
  wholeNumber: 'validation_messages.whole_number',
  atLeastOne: 'validation_messages.at_least_one',
  notNegative: 'validation_messages.not_negative',
  notAnOption: 'validation_messages.not_an_option',
  stock: 'validation_messages.gift_stock',
  twoProperties: 'validation_messages.gift_two_properties',
  tooManyPhotos: 'validation_messages.gift_photos_max',
} as const;

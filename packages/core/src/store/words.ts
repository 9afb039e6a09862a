/**
 * The English words of the public store's message keys (`store_messages.<name>`), which core's store rules and
 * machines return (document 3 §5, §8; the spec's own words where it gives them). The store's catalogue takes this
 * section as its English `store_messages` (the other languages translate it there), as the staff app does with
 * `validationMessagesEn`.
 */
export const storeMessagesEn = {
  required: 'Required',
  email: 'Please enter valid Email',
  name_too_long: 'Use at most 80 characters',
  payer_too_long: 'Use at most 160 characters',
  message_too_long: 'Use at most 500 characters',
  error_occurred: 'An error occurred.',
  cart_stock: 'There are only {{left}} pieces left over from this gift certificate!',
  cart_stock_in_cart:
    'There are only {{left}} pieces left over from this gift certificate! You already have {{inCart}} in your cart.',
  cart_limit: 'You can only buy {{max}} gift certificates!',
  basket_is_empty: 'Your cart is empty.',
  sold_out: 'Sorry, the product is sold out.',
  promo_invalid: 'Promo code is not valid',
  general_error: 'Something went wrong. Please try again.',
  check_terms: 'Check the terms and conditions to proceed',
  card_not_found: 'Gift certificate not found!',
  card_number: 'Credit card number must have 16 digits.',
  card_month: 'Choose a month from 1 to 12',
  card_year: 'Choose a year from 22 to 33',
  card_cvc: 'CVC must have 3 digits.',
  card_declined: 'The card was declined. Try another card.',
} as const;

export type StoreMessageName = keyof typeof storeMessagesEn;
/** A message key of the store (`store_messages.<name>`). */
export type StoreMessageKey = `store_messages.${StoreMessageName}`;

/** A message to show: its key and the values its words name. */
export interface StoreMessage {
  key: StoreMessageKey;
  params?: Record<string, string | number>;
}

export const storeKey = (name: StoreMessageName): StoreMessageKey => `store_messages.${name}`;

/** `text` with each `{{name}}` slot filled from `values` (a slot without a value stays as it is). */
export const fillWords = (text: string, values: Record<string, string | number> = {}): string =>
  text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(values[name] ?? all));

/** The English words of a store message, its values filled in (the CLI's and the tests' words). */
export function storeWords(message: StoreMessage): string {
  const words: string = storeMessagesEn[message.key.slice('store_messages.'.length) as StoreMessageName];
  return fillWords(words, message.params);
}

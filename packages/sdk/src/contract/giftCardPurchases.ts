import { defineArea } from './define.js';

// Gift card purchases of a property's staff (document 3 §2.3, §3, §4 M26/M27, §7, §9; issue 12): bulk orders
// of cards of one type, paid then issued by a background job that mails each recipient their card.

export const giftCardPurchasesArea = defineArea('giftCardPurchases', {});

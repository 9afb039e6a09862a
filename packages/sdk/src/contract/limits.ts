// Limits the documents set on what callers send, once: the contract's schemas use them, and core, the web
// app and the CLI read them from here (through core's re-exports) instead of repeating the numbers.

/** A free-text search box (bookings, contracts, discover, agents): at most 52 characters (document 1 §5). */
export const SEARCH_TERM_MAX = 52;

/** The party of a search (document 1 §5): adults 1–30, children 0–11, child ages 0–17; a driver is 18–99. */
export const OCCUPANCY_LIMITS = {
  adults: { min: 1, max: 30 },
  children: { min: 0, max: 11 },
  childAge: { min: 0, max: 17 },
  driverAge: { min: 18, max: 99 },
} as const;

/** A free-text note (special request, request message, car notes). */
export const NOTE_MAX = 2000;

/** Rooms in one booking, and guests named in one room. */
export const ROOMS_PER_BOOKING_MAX = 30;
export const GUESTS_PER_ROOM_MAX = 60;

/** Cards one issue call makes at most (the CLI sends larger files in batches of this size). */
export const GIFT_CARD_ISSUE_BATCH_MAX = 500;

/** Title, and a recipient's name and e-mail: at most 80 characters (document 3 §5, §9). */
export const GIFT_CARD_TEXT_MAX = 80;

/** A gift card's code: 12 characters of an alphabet without look-alikes (no 0, 1, I, L, O). */
export const GIFT_CARD_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{12}$/;
/** A card's code as typed, made plain: spaces and dashes are ignored, letters in any case. */
export const plainGiftCardCode = (typed: string): string => typed.trim().replace(/[\s-]/g, '').toUpperCase();

/** The public store's languages (document 3 §1), English first (the default). */
export const STORE_LOCALES = ['en', 'es', 'it', 'pt', 'de', 'fr', 'el', 'is'] as const;
/** A card's personal message to its recipient, at most. */
export const STORE_CARD_MESSAGE_MAX = 500;
/** Payer fields, at most (document 3 §9). */
export const STORE_PAYER_TEXT_MAX = 160;
/** Default country of a letter delivery (document 3 §5). */
export const STORE_DEFAULT_DELIVERY_COUNTRY = 'Iceland';
/** How a bought card reaches its recipient (document 3 §3 sendByLetter / pickupAtHotel, else e-mail). */
export const STORE_DELIVERIES = ['email', 'letter', 'pickup'] as const;

/** Options a gift campaign offers at most. */
export const CAMPAIGN_OPTIONS_MAX = 20;
/** A government-issued id: digits only (document 3 §5: a numeric input), e.g. an Icelandic kennitala. */
export const GOVERNMENT_ID_MAX = 20;

/**
 * A gift campaign's statuses (document 3 §8): here rather than beside its schema, so that a program listing them
 * (the CLI's `campaigns list --status` choices, read to print `tern --help`) does not build the contract's schemas.
 */
export const CAMPAIGN_STATES = ['draft', 'published', 'archived'] as const;

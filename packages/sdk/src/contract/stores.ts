import * as z from 'zod';
import { email, id, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';

// Gift-card stores of a property (document 2 §2 "/settings/stores", §3 "Gift-card store settings", §4 store
// status, slug, product priority and save, §5, §8, §9; document 3 §10 the navigation's Store entry): a property
// has several; each has a slug unique across Tern (its public address `/{slug}`, not an app page's), the look of its pages,
// its terms, pickup and cancellation settings, and the gift card types it sells in the order of their
// priorities (from 1). Which types a store sells is the types' choice (their `storeIds`); the store orders them.

/** Document 2 §9: corner styles. */
export const STORE_CORNER_STYLES = ['rounded', 'sharp'] as const;
export const storeCornerStyle = z.enum(STORE_CORNER_STYLES);
export type StoreCornerStyle = z.infer<typeof storeCornerStyle>;

export const STORE_STATUSES = ['active', 'inactive'] as const;
export const storeStatus = z.enum(STORE_STATUSES);
export type StoreStatus = z.infer<typeof storeStatus>;

/** Document 2 §9: the font list a store's title and text take (about 150 names). */
export const STORE_FONTS = [
  'Abel',
  'Abril Fatface',
  'Acme',
  'Alegreya',
  'Alegreya Sans',
  'Alfa Slab One',
  'Amatic SC',
  'Amiri',
  'Anton',
  'Archivo',
  'Archivo Black',
  'Archivo Narrow',
  'Arimo',
  'Arvo',
  'Asap',
  'Assistant',
  'Barlow',
  'Barlow Condensed',
  'Barlow Semi Condensed',
  'Bebas Neue',
  'Bitter',
  'Bree Serif',
  'Cabin',
  'Cairo',
  'Catamaran',
  'Caveat',
  'Chakra Petch',
  'Cinzel',
  'Comfortaa',
  'Cormorant',
  'Cormorant Garamond',
  'Courgette',
  'Crete Round',
  'Crimson Pro',
  'Crimson Text',
  'Cuprum',
  'Dancing Script',
  'Domine',
  'Dosis',
  'EB Garamond',
  'Exo',
  'Exo 2',
  'Fira Sans',
  'Fira Sans Condensed',
  'Fjalla One',
  'Francois One',
  'Frank Ruhl Libre',
  'Fredoka',
  'Great Vibes',
  'Heebo',
  'Hind',
  'Hind Madurai',
  'Hind Siliguri',
  'IBM Plex Mono',
  'IBM Plex Sans',
  'IBM Plex Serif',
  'Inconsolata',
  'Indie Flower',
  'Inter',
  'Josefin Sans',
  'Josefin Slab',
  'Jost',
  'Kalam',
  'Kanit',
  'Karla',
  'Kaushan Script',
  'Lato',
  'Libre Baskerville',
  'Libre Franklin',
  'Lilita One',
  'Lobster',
  'Lobster Two',
  'Lora',
  'Manrope',
  'Maven Pro',
  'Merriweather',
  'Merriweather Sans',
  'Montserrat',
  'Montserrat Alternates',
  'Mukta',
  'Mulish',
  'Nanum Gothic',
  'Nanum Myeongjo',
  'Noticia Text',
  'Noto Sans',
  'Noto Serif',
  'Nunito',
  'Nunito Sans',
  'Old Standard TT',
  'Open Sans',
  'Orbitron',
  'Oswald',
  'Overpass',
  'Oxygen',
  'Pacifico',
  'Passion One',
  'Pathway Gothic One',
  'Patua One',
  'Permanent Marker',
  'Philosopher',
  'Play',
  'Playfair Display',
  'Plus Jakarta Sans',
  'Poppins',
  'Prata',
  'Prompt',
  'PT Sans',
  'PT Sans Narrow',
  'PT Serif',
  'Public Sans',
  'Quattrocento',
  'Quattrocento Sans',
  'Questrial',
  'Quicksand',
  'Rajdhani',
  'Raleway',
  'Red Hat Display',
  'Righteous',
  'Roboto',
  'Roboto Condensed',
  'Roboto Mono',
  'Roboto Slab',
  'Rokkitt',
  'Ropa Sans',
  'Rubik',
  'Sacramento',
  'Sanchez',
  'Satisfy',
  'Shadows Into Light',
  'Signika',
  'Slabo 27px',
  'Sora',
  'Source Code Pro',
  'Source Sans 3',
  'Source Serif 4',
  'Space Grotesk',
  'Space Mono',
  'Spectral',
  'Tajawal',
  'Teko',
  'Tinos',
  'Titillium Web',
  'Ubuntu',
  'Ubuntu Condensed',
  'Unna',
  'Urbanist',
  'Varela Round',
  'Vollkorn',
  'Work Sans',
  'Yanone Kaffeesatz',
  'Yantramanav',
  'Zilla Slab',
] as const;
export const storeFont = z.enum(STORE_FONTS, { error: 'Choose a font from the list' });
export type StoreFont = z.infer<typeof storeFont>;

/** Document 2 §9: a new store's values. */
export const NEW_STORE_DEFAULTS = {
  status: 'active',
  cornerStyle: 'rounded',
  tagColor: '#0F1015',
  allowPickupAtHotel: false,
  allowCancellation: false,
  cancellationDeadlineDays: 1,
} as const satisfies {
  status: StoreStatus;
  cornerStyle: StoreCornerStyle;
  tagColor: string;
  allowPickupAtHotel: boolean;
  allowCancellation: boolean;
  cancellationDeadlineDays: number;
};

/** Document 2 §5: a slug takes letters, digits and hyphens only. */
export const STORE_SLUG_PATTERN = /^[A-Za-z0-9-]+$/;
export const STORE_SLUG_MAX = 60;
export const STORE_NAME_MAX = 100;
export const STORE_TEXT_MAX = 20_000;
export const STORE_BANNER_TITLE_MAX = 200;
export const STORE_BANNER_PARAGRAPH_MAX = 2_000;
export const STORE_CANCELLATION_DAYS_MAX = 365;
/** A store sells at most this many gift card types. */
export const STORE_TYPES_MAX = 500;
/** Where a store's public pages are (document 3 §2.1: `/{slug}`; the public store itself is the next issue's). */
export const storePublicPath = (slug: string) => `/${encodeURIComponent(slug)}`;

const required = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');

/** A gift card type a store sells, in the store's order. */
export const storeGiftCardType = z.object({
  /** The gift card type's id. */
  id: recordId,
  /** Its place in the store, from 1. */
  priority: z.number().int(),
  giftCardTypeTitle: z.string(),
  /** The properties it is for (none for a no-property type). */
  hotelNames: z.array(z.string()),
  status: z.enum(['created', 'published', 'archived']),
});
export type StoreGiftCardType = z.infer<typeof storeGiftCardType>;

/** A store as its list shows it (document 2 §3: "a store summary"); the navigation's Store entry reads it too. */
export const storeSummary = z.object({
  id: recordId,
  type: z.literal('store'),
  name: z.string(),
  slugName: z.string(),
  status: storeStatus,
  allowPickupAtHotel: z.boolean(),
  /** Its public address (a path of the web app). */
  publicPath: z.string(),
});
export type StoreSummary = z.infer<typeof storeSummary>;

/**
 * A store of one of a multi-property gift card type's hotels (document 2 §7 "group_stores", I2): the stores its
 * form offers, grouped by hotel.
 */
export const groupStore = storeSummary.extend({
  propertyId: recordId,
  propertyTitle: z.string(),
});
export type GroupStore = z.infer<typeof groupStore>;

/** The most hotels a group-stores call names besides the type's own property. */
export const GROUP_STORE_PROPERTIES_MAX = 50;

export const store = storeSummary.extend({
  propertyId: recordId,
  titleFont: storeFont,
  textFont: storeFont,
  cornerStyle: storeCornerStyle,
  tagColor: z.string(),
  /** The logo's address (an upload of the property), or `null`. */
  logoUrl: z.string().nullable(),
  /** The banner's address (an upload of the property), or `null`. */
  photoUrl: z.string().nullable(),
  termsAndConditions: z.string(),
  bookingTermsAndConditions: z.string(),
  gaTrackingId: z.string(),
  purchaseConfirmationEmail: z.string().nullable(),
  allowPickupAtHotelInfo: z.string(),
  allowCancellation: z.boolean(),
  /** Kept (the form shows it disabled) while cancellation is not allowed; `null` when none was given then. */
  cancellationDeadlineDays: z.number().int().nullable(),
  bannerTitle: z.string(),
  bannerParagraph: z.string(),
  /** The types it sells, by priority. */
  storeGiftCardTypes: z.array(storeGiftCardType),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof store>;

/** Field rules shared by the store form (core) and the API. */
export const storeFields = z.object({
  name: required(STORE_NAME_MAX),
  slugName: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(STORE_SLUG_MAX)
    .regex(STORE_SLUG_PATTERN, { error: 'Use letters, digits and hyphens only' }),
  status: storeStatus.default(NEW_STORE_DEFAULTS.status),
  titleFont: storeFont,
  textFont: storeFont,
  cornerStyle: storeCornerStyle.default(NEW_STORE_DEFAULTS.cornerStyle),
  tagColor: z
    .string()
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Use a colour like #0F1015' })
    .default(NEW_STORE_DEFAULTS.tagColor),
  /** An upload of the property (`/photos/uploads/…`), or `null`. */
  logoUrl: z.string().trim().min(1).max(300).nullable().default(null),
  /** An upload of the property (`/photos/uploads/…`), or `null`. */
  photoUrl: z.string().trim().min(1).max(300).nullable().default(null),
  termsAndConditions: required(STORE_TEXT_MAX),
  bookingTermsAndConditions: optionalText(STORE_TEXT_MAX),
  gaTrackingId: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9-]*$/, { error: 'Use letters, digits and hyphens only' })
    .default(''),
  /** Optional, validated (document 2 §5); empty for none. */
  purchaseConfirmationEmail: z
    .union([z.literal(''), email])
    .nullable()
    .default(null),
  allowPickupAtHotel: z.boolean().default(NEW_STORE_DEFAULTS.allowPickupAtHotel),
  allowPickupAtHotelInfo: optionalText(STORE_BANNER_PARAGRAPH_MAX),
  allowCancellation: z.boolean().default(NEW_STORE_DEFAULTS.allowCancellation),
  cancellationDeadlineDays: z
    .number({ error: 'Enter a number' })
    .int({ error: 'Use a whole number' })
    .min(0, { error: 'At least 0' })
    .max(STORE_CANCELLATION_DAYS_MAX)
    .nullable()
    .default(NEW_STORE_DEFAULTS.cancellationDeadlineDays),
  bannerTitle: required(STORE_BANNER_TITLE_MAX),
  bannerParagraph: required(STORE_BANNER_PARAGRAPH_MAX),
  /**
   * The order of the types the store sells, each with its priority; absent to keep the order. It names each of
   * them once (the types choose their stores: the gift card type form).
   */
  storeGiftCardTypes: z
    .array(z.object({ id, priority: z.number().int().min(1) }))
    .max(STORE_TYPES_MAX)
    .optional(),
});

/** Document 2 §5: pickup info only when pickup is allowed; deadline days only when cancellation is. */
export const storeInput = storeFields.superRefine((s, ctx) => {
  if (s.allowPickupAtHotel && !s.allowPickupAtHotelInfo)
    ctx.addIssue({ code: 'custom', path: ['allowPickupAtHotelInfo'], message: 'required' });
  if (s.allowCancellation && s.cancellationDeadlineDays === null)
    ctx.addIssue({ code: 'custom', path: ['cancellationDeadlineDays'], message: 'required' });
  const ids = (s.storeGiftCardTypes ?? []).map((t) => t.id);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['storeGiftCardTypes'], message: 'A type is named twice' });
});
export type StoreInput = z.input<typeof storeInput>;

const ofProperty = z.object({ propertyId: id });
const STORES = '/api/v1/tern_hotels/stores';
const staff = ['supplier', 'admin'] as const;

export const storesArea = defineArea('stores', {
  list: endpoint({
    method: 'GET',
    path: STORES,
    summary: 'The gift-card stores of a property, by name (their summaries; the navigation’s Store entry).',
    access: staff,
    owns: { propertyId: 'property' },
    query: ofProperty,
    reply: 'list',
    response: listOf(storeSummary),
    errors: [404],
  }),
  groupStores: endpoint({
    method: 'GET',
    path: `${STORES}/group_stores`,
    summary:
      'The stores a multi-property gift card type may be sold in: those of the type’s property and of its other hotels (`propertyIds`), each a property the caller works at; by hotel (the type’s own first), then by name.',
    access: staff,
    owns: { propertyId: 'property', propertyIds: 'property' },
    query: ofProperty.extend({
      /** The type's other hotels (its rate plan rows' properties). */
      propertyIds: z.array(id).max(GROUP_STORE_PROPERTIES_MAX).default([]),
    }),
    reply: 'list',
    response: listOf(groupStore),
    errors: [404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${STORES}/{id}`,
    summary: 'One store with every setting and the gift card types it sells, by priority.',
    access: staff,
    owns: { id: 'store', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'resource',
    response: store,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: STORES,
    summary:
      'Adds a store to the property. Its slug is unique across Tern, whatever its case, and is no app page’s first segment (409 `store_slug_taken`: "Validation failed: Name has already been taken"); logo and banner are uploads of the property.',
    access: staff,
    owns: { propertyId: 'property' },
    body: z.object({ propertyId: id, store: storeInput }),
    reply: 'resource',
    response: store,
    creates: true,
    errors: [400, 404, 409],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${STORES}/{id}`,
    summary:
      'Changes a store: every setting, and the order of its gift card types (priorities renumbered from 1 in the order given, which names each of its types once). A store that stops allowing pickup stops its types offering it.',
    access: staff,
    owns: { id: 'store', propertyId: 'property' },
    params: z.object({ id }),
    body: z.object({ propertyId: id, store: storeInput }),
    reply: 'resource',
    response: store,
    errors: [400, 404, 409],
  }),
});

import {
  NEW_STORE_DEFAULTS,
  STORE_SLUG_PATTERN,
  type Store,
  type StoreCornerStyle,
  type StoreFont,
  type StoreInput,
  type StoreStatus,
  type StoreSummary,
} from '@tern/sdk';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import { validationKeys } from '../auth/rules.js';
import { isReservedStoreSlug } from '../navigation/routes.js';

// Gift-card store settings (document 2 §2 "/settings/stores", §3, §4, §5, §8, §9; document 3 §10 the Store entry
// of the navigation): the form's values and rules, the order of the store's types, the slug confirmation, the
// save's refusals and the navigation's Store entry — pure functions, table-tested; `storeSettingsMachine` runs
// them.

/** The store form (document 2 §3): every setting, the types in their order. */
export interface StoreFormValues {
  name: string;
  slugName: string;
  status: StoreStatus;
  titleFont: StoreFont | '';
  textFont: StoreFont | '';
  cornerStyle: StoreCornerStyle;
  tagColor: string;
  logoUrl: string | null;
  photoUrl: string | null;
  termsAndConditions: string;
  bookingTermsAndConditions: string;
  gaTrackingId: string;
  purchaseConfirmationEmail: string;
  allowPickupAtHotel: boolean;
  allowPickupAtHotelInfo: string;
  allowCancellation: boolean;
  cancellationDeadlineDays: number | null;
  bannerTitle: string;
  bannerParagraph: string;
  /** The types the store sells, in its order (a drag moves them). */
  types: readonly StoreTypeRow[];
}

export interface StoreTypeRow {
  id: string;
  title: string;
  hotelNames: readonly string[];
}

/** A new store's values (document 2 §9: rounded, #0F1015, no pickup, no cancellation with 1 day, active). */
export function newStoreValues(): StoreFormValues {
  return {
    name: '',
    slugName: '',
    status: NEW_STORE_DEFAULTS.status,
    titleFont: '',
    textFont: '',
    cornerStyle: NEW_STORE_DEFAULTS.cornerStyle,
    tagColor: NEW_STORE_DEFAULTS.tagColor,
    logoUrl: null,
    photoUrl: null,
    termsAndConditions: '',
    bookingTermsAndConditions: '',
    gaTrackingId: '',
    purchaseConfirmationEmail: '',
    allowPickupAtHotel: NEW_STORE_DEFAULTS.allowPickupAtHotel,
    allowPickupAtHotelInfo: '',
    allowCancellation: NEW_STORE_DEFAULTS.allowCancellation,
    cancellationDeadlineDays: NEW_STORE_DEFAULTS.cancellationDeadlineDays,
    bannerTitle: '',
    bannerParagraph: '',
    types: [],
  };
}

/** A saved store's values. */
export function storeValuesOf(store: Store): StoreFormValues {
  return {
    name: store.name,
    slugName: store.slugName,
    status: store.status,
    titleFont: store.titleFont,
    textFont: store.textFont,
    cornerStyle: store.cornerStyle,
    tagColor: store.tagColor,
    logoUrl: store.logoUrl,
    photoUrl: store.photoUrl,
    termsAndConditions: store.termsAndConditions,
    bookingTermsAndConditions: store.bookingTermsAndConditions,
    gaTrackingId: store.gaTrackingId,
    purchaseConfirmationEmail: store.purchaseConfirmationEmail ?? '',
    allowPickupAtHotel: store.allowPickupAtHotel,
    allowPickupAtHotelInfo: store.allowPickupAtHotelInfo,
    allowCancellation: store.allowCancellation,
    cancellationDeadlineDays: store.cancellationDeadlineDays,
    bannerTitle: store.bannerTitle,
    bannerParagraph: store.bannerParagraph,
    types: store.storeGiftCardTypes.map((t) => ({
      id: t.id,
      title: t.giftCardTypeTitle,
      hotelNames: t.hotelNames,
    })),
  };
}

export const storeValidationKeys = {
  slugChars: 'validation_messages.store_slug_chars',
  tagColor: 'validation_messages.store_tag_color',
  daysMin: 'validation_messages.not_negative',
  wholeNumber: 'validation_messages.whole_number',
  slugReserved: 'validation_messages.store_slug_reserved',
} as const;

export type StoreField =
  | 'name'
  | 'slugName'
  | 'titleFont'
  | 'textFont'
  | 'tagColor'
  | 'termsAndConditions'
  | 'purchaseConfirmationEmail'
  | 'allowPickupAtHotelInfo'
  | 'cancellationDeadlineDays'
  | 'bannerTitle'
  | 'bannerParagraph';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Document 2 §5: name, fonts, corner style, tag colour, terms, slug, banner title and paragraph required; the
 * slug letters, digits and hyphens; the purchase confirmation e-mail optional but valid; pickup info only when
 * pickup is allowed; deadline days a number of at least 0, only when cancellation is allowed.
 */
export function validateStoreForm(values: StoreFormValues): Partial<Record<StoreField, string>> {
  const errors: Partial<Record<StoreField, string>> = {};
  const required = (field: StoreField, value: string) => {
    if (value.trim() === '') errors[field] = validationKeys.required;
  };
  required('name', values.name);
  required('slugName', values.slugName);
  if (!errors.slugName && !STORE_SLUG_PATTERN.test(values.slugName.trim()))
    errors.slugName = storeValidationKeys.slugChars;
  else if (!errors.slugName && isReservedStoreSlug(values.slugName.trim()))
    errors.slugName = storeValidationKeys.slugReserved;
  required('titleFont', values.titleFont);
  required('textFont', values.textFont);
  if (!/^#[0-9A-Fa-f]{6}$/.test(values.tagColor.trim())) errors.tagColor = storeValidationKeys.tagColor;
  required('termsAndConditions', values.termsAndConditions);
  required('bannerTitle', values.bannerTitle);
  required('bannerParagraph', values.bannerParagraph);
  const email = values.purchaseConfirmationEmail.trim();
  if (email !== '' && !EMAIL.test(email)) errors.purchaseConfirmationEmail = validationKeys.email;
  if (values.allowPickupAtHotel) required('allowPickupAtHotelInfo', values.allowPickupAtHotelInfo);
  if (values.allowCancellation) {
    const days = values.cancellationDeadlineDays;
    if (days === null || Number.isNaN(days)) errors.cancellationDeadlineDays = validationKeys.required;
    else if (!Number.isInteger(days)) errors.cancellationDeadlineDays = storeValidationKeys.wholeNumber;
    else if (days < 0) errors.cancellationDeadlineDays = storeValidationKeys.daysMin;
  }
  return errors;
}

/** The form's rule as the machines take it. */
export const storeFormErrors = (values: StoreFormValues): FormErrors => validateStoreForm(values);

/** The deadline days field is disabled unless cancellation is allowed (document 2 §5). */
export const cancellationDaysEnabled = (values: Pick<StoreFormValues, 'allowCancellation'>) =>
  values.allowCancellation;

/** Document 2 §4: priorities from 1, in the order shown. */
export function prioritiesOf(ids: readonly string[]): { id: string; priority: number }[] {
  return ids.map((id, i) => ({ id, priority: i + 1 }));
}

/**
 * A drag (or a keyboard move) of some rows before or after another row: the new order. Rows not moved keep their
 * order; an unknown target leaves the order as it is.
 */
export function moveRows<T extends { id: string }>(
  rows: readonly T[],
  moved: readonly string[],
  target: string,
  position: 'before' | 'after',
): T[] {
  if (moved.includes(target) || !rows.some((r) => r.id === target)) return [...rows];
  const picked = rows.filter((r) => moved.includes(r.id));
  const rest = rows.filter((r) => !moved.includes(r.id));
  const at = rest.findIndex((r) => r.id === target) + (position === 'after' ? 1 : 0);
  return [...rest.slice(0, at), ...picked, ...rest.slice(at)];
}

/** What the API takes for the values (document 2 §7: the settings and the types with their priorities). */
export function storeBodyOf(values: StoreFormValues, saved: boolean): StoreInput {
  return {
    name: values.name.trim(),
    slugName: values.slugName.trim(),
    status: values.status,
    titleFont: values.titleFont as StoreFont,
    textFont: values.textFont as StoreFont,
    cornerStyle: values.cornerStyle,
    tagColor: values.tagColor.trim(),
    logoUrl: values.logoUrl,
    photoUrl: values.photoUrl,
    termsAndConditions: values.termsAndConditions,
    bookingTermsAndConditions: values.bookingTermsAndConditions,
    gaTrackingId: values.gaTrackingId.trim(),
    purchaseConfirmationEmail: values.purchaseConfirmationEmail.trim() || null,
    allowPickupAtHotel: values.allowPickupAtHotel,
    allowPickupAtHotelInfo: values.allowPickupAtHotelInfo,
    allowCancellation: values.allowCancellation,
    cancellationDeadlineDays: values.cancellationDeadlineDays,
    bannerTitle: values.bannerTitle,
    bannerParagraph: values.bannerParagraph,
    // A new store sells nothing yet: its types choose it on their form.
    ...(saved ? { storeGiftCardTypes: prioritiesOf(values.types.map((t) => t.id)) } : {}),
  };
}

/** Document 2 §4: changing the slug of a saved store asks first. */
export const slugChangeNeedsConfirmation = (savedSlug: string | null, slug: string): boolean =>
  savedSlug !== null && savedSlug !== slug.trim();

/** Document 2 §2: a saved store's tab cannot be closed; a new one's can. */
export const storeTabClosable = (storeId: string | null): boolean => storeId === null;

/** The exact words of document 2 §8 that say the slug is taken. */
export const STORE_SLUG_TAKEN_MESSAGE = 'Validation failed: Name has already been taken';

/**
 * Which notification a refused save shows (document 2 §8): the slug-taken one for the exact message (or its
 * code), else the general error.
 */
export function storeSaveRefusal(
  error: { code: string | null; message: string } | null,
): 'slugTaken' | 'general' {
  if (!error) return 'general';
  return error.code === 'store_slug_taken' || error.message === STORE_SLUG_TAKEN_MESSAGE
    ? 'slugTaken'
    : 'general';
}

/**
 * The navigation's Store entry (document 3 §10): none without an active store, one link for one, a drop-down
 * of the active stores when there are several. Each opens the public store in a new tab.
 */
export type StoreNavEntry =
  | { kind: 'none' }
  | { kind: 'link'; store: Pick<StoreSummary, 'id' | 'name' | 'publicPath'> }
  | { kind: 'menu'; stores: Pick<StoreSummary, 'id' | 'name' | 'publicPath'>[] };

export function storeNavEntry(
  stores: readonly Pick<StoreSummary, 'id' | 'name' | 'status' | 'publicPath'>[],
): StoreNavEntry {
  const active = stores
    .filter((s) => s.status === 'active')
    .map(({ id, name, publicPath }) => ({ id, name, publicPath }));
  if (active.length === 0) return { kind: 'none' };
  if (active.length === 1) return { kind: 'link', store: active[0]! };
  return { kind: 'menu', stores: active };
}

import {
  type AdminProperty,
  type AdminPropertyBody,
  type AdminPropertyType,
  type CreateUserBody,
  isTimeZone,
  type ManagedUser,
  NAME_MAX,
  PMS_OPTIONS,
  type Reseller,
  type ResellerBody,
  type UpdateUserBody,
} from '@tern/sdk';
import {
  type FieldErrors,
  isEmailShaped,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ValidationKey,
  validationKeys,
} from '../auth/rules.js';
import { zoneOffsetMinutes } from '../dates/dates.js';
import { type FormDrawerInput, formDrawerInput } from './formDrawerMachine.js';
import {
  initialPropertyRows,
  type PropertyLink,
  type PropertyRowDraft,
  propertyRowsDisabled,
  propertyRowsPayload,
  resellerSelectDisabled,
  visiblePropertyRows,
} from './userRows.js';

// The admin's and the managers' forms (document 2 §5): what must be filled and how, as message keys the
// screens translate (`validation_messages.*`); the server checks the same with the contract's schemas.

/** Keys of the back office's own rules, beside the sign-in ones. */
export const adminValidationKeys = {
  digits: 'validation_messages.digits',
  tooLong: 'validation_messages.too_long_name',
  duplicateProperty: 'validation_messages.duplicate_property',
} as const;
export type AdminValidationKey =
  | ValidationKey
  | (typeof adminValidationKeys)[keyof typeof adminValidationKeys];
type Errors<F extends string> = Partial<Record<F, AdminValidationKey>>;

const blank = (v: string | null | undefined) => v == null || v.trim() === '';

function requiredText<F extends string>(errors: Errors<F>, field: F, value: string | null | undefined): void {
  if (blank(value)) errors[field] = validationKeys.required;
  else if (value!.trim().length > NAME_MAX) errors[field] = adminValidationKeys.tooLong;
}
function emailRule<F extends string>(
  errors: Errors<F>,
  field: F,
  value: string | null | undefined,
  required: boolean,
): void {
  if (blank(value)) {
    if (required) errors[field] = validationKeys.required;
  } else if (!isEmailShaped(value!)) errors[field] = validationKeys.email;
}
function passwordRules(
  errors: Errors<'password' | 'confirmPassword'>,
  password: string | undefined,
  confirm: string | undefined,
): void {
  if (!password) errors.password = validationKeys.required;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = validationKeys.passwordMin;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = validationKeys.passwordMax;
  if (!confirm) errors.confirmPassword = validationKeys.required;
  else if (confirm !== password) errors.confirmPassword = validationKeys.notMatch;
}

export type UserFormField = 'email' | 'name' | 'password' | 'confirmPassword' | 'rows';
export interface UserFormValues {
  email: string;
  name: string;
  password?: string;
  confirmPassword?: string;
  agentId: string | null;
  rows: readonly PropertyRowDraft[];
}
export type UserFormErrors = Errors<UserFormField> & {
  /** Per row key: the row's property appears twice. */
  rowErrors?: Record<string, AdminValidationKey>;
};

/**
 * The user form (§5): e-mail (required, shown when adding, or to an admin when editing), name, and — when
 * adding — password and a matching confirmation; each shown row needs a property unless a reseller is linked
 * (blank rows are dropped on save, so only a row with a role but no property, beside others, is in error).
 */
export function validateUserForm(
  values: UserFormValues,
  options: { mode: 'create' | 'edit'; emailShown: boolean },
): UserFormErrors {
  const errors: UserFormErrors = {};
  if (options.mode === 'create' || options.emailShown) emailRule(errors, 'email', values.email, true);
  requiredText(errors, 'name', values.name);
  if (options.mode === 'create') passwordRules(errors, values.password, values.confirmPassword);
  if (!values.agentId) {
    const seen = new Set<string>();
    for (const row of visiblePropertyRows(values.rows)) {
      if (row.ternHotelId === null) continue;
      if (seen.has(row.ternHotelId)) {
        errors.rowErrors = { ...errors.rowErrors, [row.key]: adminValidationKeys.duplicateProperty };
        errors.rows = adminValidationKeys.duplicateProperty;
      }
      seen.add(row.ternHotelId);
    }
  }
  return errors;
}

/** The admin's "change password" drawer (and the managers'): a password and its confirmation. */
export function validateUserPassword(values: {
  password: string;
  confirmPassword: string;
}): FieldErrors<'password' | 'confirmPassword'> {
  const errors: Errors<'password' | 'confirmPassword'> = {};
  passwordRules(errors, values.password, values.confirmPassword);
  return errors as FieldErrors<'password' | 'confirmPassword'>;
}

export type ResellerFormField = 'name' | 'email' | 'phone' | 'country' | 'emailInvoice';
/** The reseller form (§5): name, e-mail, phone (digits) and country required; the invoice e-mail valid if given. */
export function validateResellerForm(values: {
  name: string;
  email: string;
  phone: string;
  country: string;
  emailInvoice?: string;
}): Errors<ResellerFormField> {
  const errors: Errors<ResellerFormField> = {};
  requiredText(errors, 'name', values.name);
  emailRule(errors, 'email', values.email, true);
  if (blank(values.phone)) errors.phone = validationKeys.required;
  else if (!/^\+?[0-9 ()-]+$/.test(values.phone.trim())) errors.phone = adminValidationKeys.digits;
  if (blank(values.country)) errors.country = validationKeys.required;
  emailRule(errors, 'emailInvoice', values.emailInvoice, false);
  return errors;
}

export type PropertyFormField =
  | 'name'
  | 'pms'
  | 'email'
  | 'propertyType'
  | 'channexPropertyId'
  | 'replyToEmail';
/**
 * The admin's property form (§5): name, PMS, e-mail, property type and Channex id required (the Channex id
 * only when adding: an edit keeps the stored one unless a new one is typed); the reply-to e-mail valid if given.
 */
export function validatePropertyForm(
  values: {
    name: string;
    pms: string | null;
    email: string;
    propertyType: AdminPropertyType | null;
    channexPropertyId: string;
    replyToEmail?: string;
  },
  options: { mode: 'create' | 'edit' },
): Errors<PropertyFormField> {
  const errors: Errors<PropertyFormField> = {};
  requiredText(errors, 'name', values.name);
  if (!values.pms || !(PMS_OPTIONS as readonly string[]).includes(values.pms))
    errors.pms = validationKeys.required;
  emailRule(errors, 'email', values.email, true);
  if (!values.propertyType) errors.propertyType = validationKeys.required;
  if (options.mode === 'create' && blank(values.channexPropertyId))
    errors.channexPropertyId = validationKeys.required;
  emailRule(errors, 'replyToEmail', values.replyToEmail, false);
  return errors;
}

/**
 * The time zones of the property form: every IANA zone the device knows that the server takes (the contract's
 * `isTimeZone`), with its offset now, by offset then name.
 */
export function timeZoneOptions(now: Date): { id: string; label: string; offsetMinutes: number }[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC' && isTimeZone(z))];
  return zones
    .map((id) => {
      const offsetMinutes = zoneOffsetMinutes(id, now);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const abs = Math.abs(offsetMinutes);
      const hh = String(Math.floor(abs / 60)).padStart(2, '0');
      const mm = String(abs % 60).padStart(2, '0');
      return { id, label: `(GMT${sign}${hh}:${mm}) ${id.replaceAll('_', ' ')}`, offsetMinutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
}

// The drawers' values, their `formDrawerMachine` inputs and what a save sends (document 2 §3, §5): the web's
// drawers and the CLI's `add` commands fill the same drafts and send the same bodies.

/** The user drawer's values: the reseller link with its name (the picker shows it), the property rows (M18). */
export interface UserDraft {
  email: string;
  name: string;
  password: string;
  confirmPassword: string;
  sendBookingNotificationEmail: boolean;
  agent: { id: string; name: string } | null;
  rows: PropertyRowDraft[];
}

/** Who edits users: the admin (every user, the reseller link, e-mails) or a manager of a property. */
export interface UserFormScope {
  isAdmin: boolean;
}

/** The draft of a user being edited (their links as rows), or of a new one (notifications on, one blank row). */
export function userDraftOf(user: ManagedUser | null): UserDraft {
  return {
    email: user?.email ?? '',
    name: user?.name ?? '',
    password: '',
    confirmPassword: '',
    sendBookingNotificationEmail: user?.sendBookingNotificationEmail ?? true,
    agent: user?.agent ?? null,
    rows: initialPropertyRows(userLinksOf(user)),
  };
}

/** A user's property links, as the rows' helpers take them (`selectRowProperty` reuses a link's id). */
export const userLinksOf = (user: ManagedUser | null): PropertyLink[] =>
  (user?.ternHotels ?? []).map((p) => ({
    propertyId: p.propertyId,
    ternHotelUserId: p.ternHotelUserId,
    role: p.role,
  }));

/**
 * §5 on what the form lets change: the e-mail is shown when adding, or to the admin; one's own restricted
 * attributes (properties, reseller) are read-only (`isChangeable`); a reseller link disables the rows, chosen
 * properties the reseller select. Of a user beyond a manager's reach (the server's `may`, core's `userActions`)
 * the name and notifications are read-only and rows may only be removed.
 */
export function userFormAccess(user: ManagedUser | null, draft: UserDraft, scope: UserFormScope) {
  const changeable = user?.isChangeable ?? true;
  return {
    changeable,
    emailShown: user === null || scope.isAdmin,
    /** The name and the notifications may change. */
    identityEditable: user?.may.identity ?? true,
    rowsDisabled: propertyRowsDisabled(draft.agent?.id) || !changeable,
    /** Rows may be added and their property or role changed (else only removed, when `rowsRemovable`). */
    rowsEditable: user?.may.properties ?? true,
    rowsRemovable: user?.may.removeProperties ?? true,
    resellerShown: scope.isAdmin,
    resellerDisabled: resellerSelectDisabled(draft.rows, changeable),
  };
}

/** The field of a row's error in the form's errors (`validateUserForm`'s `rowErrors`, flattened). */
export const userRowErrorField = (key: string) => `rows.${key}`;

/**
 * The user drawer's `formDrawerMachine` input: `validateUserForm` on the draft, each row's error under
 * `userRowErrorField(row.key)` beside `rows`.
 */
export function userFormInput(user: ManagedUser | null, scope: UserFormScope): FormDrawerInput<object> {
  return formDrawerInput<UserDraft>({
    values: userDraftOf(user),
    validate: (draft) => {
      const { rowErrors, ...errors } = validateUserForm(
        { ...draft, agentId: draft.agent?.id ?? null },
        { mode: user ? 'edit' : 'create', emailShown: userFormAccess(user, draft, scope).emailShown },
      );
      return {
        ...errors,
        ...Object.fromEntries(Object.entries(rowErrors ?? {}).map(([k, v]) => [userRowErrorField(k), v])),
      };
    },
  });
}

export type UserRequest =
  | { kind: 'create'; body: CreateUserBody }
  | { kind: 'update'; id: string; body: UpdateUserBody };

/**
 * What a save of the user drawer sends: texts trimmed; the rows (blank ones dropped, removed links as
 * `_destroy`; none with a reseller link) and the admin's reseller link only when the user is changeable; the
 * e-mail on an edit only from the admin; a password only when adding.
 */
export function userRequestOf(draft: UserDraft, user: ManagedUser | null, scope: UserFormScope): UserRequest {
  const { changeable } = userFormAccess(user, draft, scope);
  const common = {
    name: draft.name.trim(),
    sendBookingNotificationEmail: draft.sendBookingNotificationEmail,
    ...(changeable ? { ternHotelUsersAttributes: draft.agent ? [] : propertyRowsPayload(draft.rows) } : {}),
    ...(scope.isAdmin && changeable ? { agentId: draft.agent?.id ?? null } : {}),
  };
  if (user)
    return {
      kind: 'update',
      id: user.id,
      body: { ...common, ...(scope.isAdmin ? { email: draft.email.trim() } : {}) },
    };
  return {
    kind: 'create',
    body: {
      ...common,
      email: draft.email.trim(),
      password: draft.password,
      confirmPassword: draft.confirmPassword,
    },
  };
}

/** The "change password" drawer's input: a password and its confirmation, by `validateUserPassword`. */
export const userPasswordFormInput = (): FormDrawerInput<object> =>
  formDrawerInput<{ password: string; confirmPassword: string }>({
    values: { password: '', confirmPassword: '' },
    validate: validateUserPassword,
  });

/** The reseller form's fields (document 2 §3): the field, its label's key (`admin.resellers.*`), required. */
export const RESELLER_FORM_FIELDS = [
  ['name', 'name', true],
  ['email', 'email', true],
  ['phone', 'phone', true],
  ['address1', 'address', false],
  ['city', 'city', false],
  ['zipCode', 'zip', false],
  ['country', 'country', true],
  ['taxId', 'tax_id', false],
  ['governmentId', 'government_id', false],
  ['legalName', 'legal_name', false],
  ['emailInvoice', 'email_invoice', false],
  ['externalId', 'external_id', false],
] as const;
export type ResellerDraft = Record<(typeof RESELLER_FORM_FIELDS)[number][0], string>;

/** The reseller drawer's input: the reseller's fields (or empty ones), by `validateResellerForm`. */
export function resellerFormInput(reseller: Reseller | null): FormDrawerInput<object> {
  return formDrawerInput<ResellerDraft>({
    values: Object.fromEntries(
      RESELLER_FORM_FIELDS.map(([field]) => [field, reseller?.[field] ?? '']),
    ) as ResellerDraft,
    validate: validateResellerForm,
  });
}

/** What a save of the reseller drawer sends: every field, trimmed. */
export const resellerBodyOf = (draft: ResellerDraft): ResellerBody =>
  Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as ResellerDraft;

/** The admin's property form's text fields (document 2 §3): the field, its label's key, required. */
export const PROPERTY_TEXT_FIELDS = [
  ['name', 'name', true],
  ['email', 'email', true],
  ['replyToName', 'reply_to_name', false],
  ['replyToEmail', 'reply_to_email', false],
  ['companyRegistrationNumber', 'company_registration_number', false],
  ['phone', 'phone', false],
  ['address', 'address', false],
  ['city', 'city', false],
  ['state', 'state', false],
  ['zipCode', 'zip', false],
  ['country', 'country', false],
] as const;
type PropertyTextField = (typeof PROPERTY_TEXT_FIELDS)[number][0];
const propertyTexts = (of: (field: PropertyTextField) => string) =>
  Object.fromEntries(PROPERTY_TEXT_FIELDS.map(([field]) => [field, of(field)])) as Record<
    PropertyTextField,
    string
  >;
export type AdminPropertyDraft = Record<PropertyTextField, string> & {
  pms: string | null;
  propertyType: AdminPropertyType | null;
  /** Empty on an edit: the stored (masked) id is kept unless a new one is typed. */
  channexPropertyId: string;
  timezone: string;
  /** Its gift store in Icelandic only, with no language menu (document 3 §1). */
  storeIcelandicOnly: boolean;
};

/** The admin's property drawer's input: the property's fields (UTC for a new one), by `validatePropertyForm`. */
export function adminPropertyFormInput(property: AdminProperty | null): FormDrawerInput<object> {
  const mode = property ? 'edit' : 'create';
  return formDrawerInput<AdminPropertyDraft>({
    values: {
      ...propertyTexts((field) => property?.[field] ?? ''),
      pms: property?.pms ?? null,
      propertyType: property?.propertyType ?? null,
      channexPropertyId: '',
      timezone: property?.timezone ?? 'UTC',
      storeIcelandicOnly: property?.storeIcelandicOnly ?? false,
    },
    validate: (draft) => validatePropertyForm(draft, { mode }),
  });
}

/** What a save of the property drawer sends: texts trimmed; on an edit the Channex id only when one was typed. */
export function adminPropertyBodyOf(draft: AdminPropertyDraft, mode: 'create' | 'edit'): AdminPropertyBody {
  const channex = draft.channexPropertyId.trim();
  return {
    ...propertyTexts((field) => draft[field].trim()),
    pms: draft.pms as (typeof PMS_OPTIONS)[number],
    propertyType: draft.propertyType!,
    timezone: draft.timezone,
    storeIcelandicOnly: draft.storeIcelandicOnly,
    ...(mode === 'create' || channex ? { channexPropertyId: channex } : {}),
  } as AdminPropertyBody;
}

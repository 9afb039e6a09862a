import { type AdminPropertyType, NAME_MAX, PMS_OPTIONS } from '@tern/sdk';
import { getTimezoneOffset } from 'date-fns-tz';
import {
  type FieldErrors,
  isEmailShaped,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ValidationKey,
  validationKeys,
} from '../auth/rules.js';
import { type PropertyRowDraft, visiblePropertyRows } from './userRows.js';

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

/** The time zones of the property form: every IANA zone with its offset now, by offset then name. */
export function timeZoneOptions(now: Date): { id: string; label: string; offsetMinutes: number }[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return zones
    .map((id) => {
      const offsetMinutes = Math.round(getTimezoneOffset(id, now) / 60_000);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const abs = Math.abs(offsetMinutes);
      const hh = String(Math.floor(abs / 60)).padStart(2, '0');
      const mm = String(abs % 60).padStart(2, '0');
      return { id, label: `(GMT${sign}${hh}:${mm}) ${id.replaceAll('_', ' ')}`, offsetMinutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
}

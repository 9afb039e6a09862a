import {
  CREATABLE_PROVIDERS,
  type PaymentProvider,
  PROVIDER_FIELDS,
  type ProviderField,
  type ProviderName,
} from '@tern/sdk';
import { type FormDrawerInput, formDrawerInput } from '../admin/formDrawerMachine.js';
import { validationKeys } from '../auth/rules.js';

// Payment providers (document 2 §3, §4 M20, §5, §8): which fields each asks for, which are secret, what a row
// may do, and the form's rules.

/** The providers the create form offers (Valitor is deprecated: listed, never new). */
export const creatableProviders = (): readonly ProviderName[] => CREATABLE_PROVIDERS;

/** The fields of a provider's form, in order; secret ones are password inputs showing the stored mask. */
export function providerFormFields(name: ProviderName): readonly { name: ProviderField; secret: boolean }[] {
  return PROVIDER_FIELDS[name];
}

/**
 * M20: Stripe connects while its account is not active and changes only once it is; the default provider and
 * Stripe ones are never deleted.
 */
export function providerActions(p: Pick<PaymentProvider, 'name' | 'default' | 'details'>): {
  connect: boolean;
  edit: boolean;
  delete: boolean;
} {
  const stripe = p.name === 'stripe';
  const active = p.details.accountActive === true;
  return { connect: stripe && !active, edit: !stripe || active, delete: !stripe && !p.default };
}

/**
 * The form (§5): every field of the chosen provider is required — a secret one only when adding (editing keeps
 * the stored secret unless a new one is typed).
 */
export function validateProviderForm(
  name: ProviderName | null,
  details: Partial<Record<ProviderField, string>>,
  mode: 'create' | 'edit',
): Partial<Record<ProviderField | 'name', typeof validationKeys.required>> {
  if (!name) return { name: validationKeys.required };
  const errors: Partial<Record<ProviderField, typeof validationKeys.required>> = {};
  for (const f of PROVIDER_FIELDS[name]) {
    const value = details[f.name]?.trim() ?? '';
    if (value === '' && !(f.secret && mode === 'edit')) errors[f.name] = validationKeys.required;
  }
  return errors;
}

/** The provider drawer's values (document 2 §3): the provider, its fields as typed, and the default flag. */
export interface ProviderDraft {
  name: ProviderName | null;
  details: Partial<Record<ProviderField, string>>;
  isDefault: boolean;
}

/**
 * The provider drawer's `formDrawerMachine` input: a new provider, or `provider`'s fields — its secrets empty
 * (typing one replaces the stored secret; the mask is shown beside) — checked by `validateProviderForm`.
 */
export function providerFormInput(
  provider: Pick<PaymentProvider, 'name' | 'default' | 'details'> | null,
): FormDrawerInput<object> {
  const mode = provider ? 'edit' : 'create';
  const details =
    !provider || provider.name === 'stripe'
      ? {}
      : Object.fromEntries(
          PROVIDER_FIELDS[provider.name]
            .filter((f) => !f.secret)
            .map((f) => [f.name, String(provider.details[f.name] ?? '')]),
        );
  return formDrawerInput<ProviderDraft>({
    values: { name: provider?.name ?? null, details, isDefault: provider?.default ?? false },
    validate: (draft) => validateProviderForm(draft.name, draft.details, mode),
  });
}

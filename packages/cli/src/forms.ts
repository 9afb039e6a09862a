import { type FormDrawerInput, type FormErrors, submitForm } from '@tern/core/admin';
import { validationWords } from '@tern/core/i18n';
import { UserError } from './errors.js';

/**
 * Core's back-office forms from flags: the web's drawer (`formDrawerMachine` with the form's rule and body) run
 * headless by `submitForm`. The rule's first complaint is named as its flag, in core's words, before any call;
 * right values go once through `save`, and the server's refusal is thrown as it came.
 */

/** Core's words of a validation key, as a CLI message continues them (`--from: the range ends …`). */
export function flagWords(key: string): string {
  const words = validationWords(key);
  return words.charAt(0).toLowerCase() + words.slice(1);
}

export interface FlagNames {
  /** The flag of each field (a field without one is named as itself). */
  flags?: Record<string, string>;
  /** Words of a field's complaint other than its key's (e.g. the options of a choice). */
  words?: Record<string, string>;
}

/** Submits the form with `values`; a complaint of the rule becomes a usage error naming its flag. */
export async function submitFlags<O>(
  input: FormDrawerInput<object>,
  values: object,
  save: (values: object) => Promise<O>,
  names: FlagNames = {},
): Promise<O> {
  const result = await submitForm(input, values, save);
  if (result.status === 'saved') return result.saved;
  throw flagError(result.errors, names);
}

/** The first complaint (a row's own error is told by its list), as `--flag: words`. */
export function flagError(errors: FormErrors, { flags = {}, words = {} }: FlagNames): UserError {
  const [field, key] = Object.entries(errors).find(([name]) => !name.includes('.')) ?? [];
  if (!field) return new UserError('The form was refused', { code: 'invalid_input' });
  return new UserError(`--${flags[field] ?? field}: ${words[field] ?? flagWords(String(key))}`, {
    code: 'invalid_input',
  });
}

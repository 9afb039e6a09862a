import { type CheckoutField, validateCheckout } from '@tern/core/bookingEngine';
import { validationWords } from '@tern/core/i18n';
import type { CheckoutRun } from '../bookingEngine/headlessCheckout.js';

/**
 * What the wizards' checkout step adds to core's checkout machine: the fields as typed go into it, and its
 * rules' keys come back as words. The form itself (values, rules, attempt, call) is the machine's.
 */

/** Sends core's checkout each field whose typed value differs from the machine's. */
export function typeIntoCheckout(
  run: CheckoutRun | null,
  fields: readonly { key: CheckoutField }[],
  values: Record<string, string | undefined>,
): void {
  if (!run) return;
  const current = run.actor.getSnapshot().context.fields;
  for (const { key } of fields) {
    const value = values[key];
    if (value !== undefined && value !== current[key])
      run.actor.send({ type: 'field.change', field: key, value });
  }
}

/** Core's rules on the checkout's fields (the web's submit checks the same), as words by field; none: `{}`. */
export function checkoutErrors(run: CheckoutRun): Record<string, string> {
  const { data, fields } = run.actor.getSnapshot().context;
  return Object.fromEntries(
    Object.entries(validateCheckout(data.kind, fields)).map(([field, key]) => [field, validationWords(key)]),
  );
}

import { GIFT_CARD_TEXT_MAX } from '@tern/sdk';
import { isEmailShaped, validationKeys } from '../auth/rules.js';
import { pastedCells } from '../internal/pastedCells.js';
import { giftCardValidationKeys } from './keys.js';

// Recipient rows of the issue order form and of a purchase (document 3 §5): a name and an e-mail each, filled
// by typing or by pasting a sheet's columns.

export interface RecipientRow {
  name: string;
  email: string;
}

export const emptyRecipient = (): RecipientRow => ({ name: '', email: '' });

export { pastedCells };

/**
 * Recipients pasted as "name ⇥ e-mail" lines; a line of one cell that looks like an e-mail is taken as the
 * e-mail, else as the name (a column of names, or of e-mails, pastes too).
 */
export function parseRecipientPaste(text: string): RecipientRow[] {
  return pastedCells(text).map(([first = '', second = '']) =>
    second === '' && isEmailShaped(first) ? { name: '', email: first } : { name: first, email: second },
  );
}

/** Pasted rows written over `rows` from row `from` on; the list grows when the paste is longer. */
export function pasteRecipients(
  rows: readonly RecipientRow[],
  from: number,
  pasted: readonly RecipientRow[],
) {
  const all = [...rows];
  pasted.forEach((row, i) => {
    all[from + i] = row;
  });
  for (let i = 0; i < all.length; i++) all[i] ??= emptyRecipient();
  return all;
}

/** The rows for a quantity (document 3 §5: the rows follow quantity): kept, cut, or padded with empty rows. */
export function recipientsForQuantity(rows: readonly RecipientRow[], quantity: number): RecipientRow[] {
  const n = Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
  return Array.from({ length: n }, (_, i) => rows[i] ?? emptyRecipient());
}

export type RecipientErrors = Partial<Record<keyof RecipientRow, string>>;

/** One row: a name (at most 80) and a valid e-mail (at most 80). */
export function validateRecipient(row: RecipientRow): RecipientErrors {
  const errors: RecipientErrors = {};
  if (row.name.trim() === '') errors.name = validationKeys.required;
  else if (row.name.trim().length > GIFT_CARD_TEXT_MAX) errors.name = giftCardValidationKeys.max80;
  if (row.email.trim() === '') errors.email = validationKeys.required;
  else if (row.email.trim().length > GIFT_CARD_TEXT_MAX) errors.email = giftCardValidationKeys.max80;
  else if (!isEmailShaped(row.email)) errors.email = validationKeys.email;
  return errors;
}

const isEmptyRow = (row: RecipientRow) => row.name.trim() === '' && row.email.trim() === '';

/** The rows' errors as form fields: `recipients.<i>.name`, `recipients.<i>.email`. */
export function recipientFieldErrors(rows: readonly RecipientRow[], prefix = 'recipients') {
  const errors: Record<string, string> = {};
  rows.forEach((row, i) => {
    for (const [field, key] of Object.entries(validateRecipient(row)))
      errors[`${prefix}.${i}.${field}`] = key;
  });
  return errors;
}

/**
 * A purchase's recipients to save (document 3 §5 Purchase recipients): allowed when every row is fully valid —
 * sent trimmed — or every row is empty — sent as `[]`. A mix is refused with the rows' errors.
 */
export function purchaseRecipientsToSave(
  rows: readonly RecipientRow[],
): { ok: true; recipients: RecipientRow[] } | { ok: false; errors: Record<string, string> } {
  if (rows.every(isEmptyRow)) return { ok: true, recipients: [] };
  const errors = recipientFieldErrors(rows);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, recipients: rows.map((r) => ({ name: r.name.trim(), email: r.email.trim() })) };
}

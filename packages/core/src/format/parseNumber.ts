// How every screen reads a typed number (an amount, a count, a percentage): one rule, the inverse of the
// formatters beside it. A decimal comma is as good as a decimal point ("1,5" is 1.5: half of Tern's languages
// write it so), spaces may group thousands ("1 000", as Intl writes them in is/fr/de), and an amount keeps to
// its currency's decimals (ISK has none: "1,5" ISK is not an amount).

// A sign, digits (whole, or grouped by threes with spaces), then one decimal separator and its digits. "1." and
// ".5" read as 1 and 0.5 (what is typed on the way to "1.5", what Number reads); at least one digit is needed.
const NUMBER = /^([-+]?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d*)(?:[.,](\d*))?$/;

/**
 * The number typed in `text`: `null` when nothing is typed, `NaN` when it is not a number or has more decimals
 * than `decimals` allows (0 for whole numbers, `currencyDecimals(code)` for an amount; omitted: any).
 */
export function parseNumber(text: string, decimals?: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = NUMBER.exec(trimmed);
  if (!match) return Number.NaN;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return Number.NaN;
  // Trailing zeros are no decimals ("1,0" ISK is 1).
  if (decimals !== undefined && fraction.replace(/0+$/, '').length > decimals) return Number.NaN;
  return Number(`${sign}${whole.replace(/\D/g, '') || '0'}.${fraction || '0'}`);
}

/** Why a typed number is not one: its validation key (`validation_messages.*`), with `count` the decimals allowed. */
export type NumberErrorKey =
  | 'validation_messages.not_a_number'
  | 'validation_messages.whole_number'
  | 'validation_messages.decimals_max';

/**
 * Why `text` is not a number with at most `decimals` decimals, or `null` when it is one (or is empty: whether a
 * value is required is the form's rule). The words a number field shows in place of its form's own ("Required"
 * or "At least 0" would mislead for "1,5" in ISK).
 */
export function numberError(text: string, decimals?: number): NumberErrorKey | null {
  if (!Number.isNaN(parseNumber(text, decimals))) return null;
  if (Number.isNaN(parseNumber(text))) return 'validation_messages.not_a_number';
  return decimals === 0 ? 'validation_messages.whole_number' : 'validation_messages.decimals_max';
}

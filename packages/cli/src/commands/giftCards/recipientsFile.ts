import { validateRecipient } from '@tern/core/giftCards';
import { validationWords } from '@tern/core/i18n';
import { GIFT_CARD_NOTE_MAX, type GiftCardRecipient } from '@tern/sdk';
import { CsvError, parse } from 'csv-parse/sync';
import { UserError } from '../../errors.js';
import { contentKey, hashKey, Occurrences } from '../../keys.js';

/**
 * The recipients file of `tern gift-cards issue`: CSV rows `NAME,EMAIL[,NOTE]`, a first row `name,email[,note]`
 * being a header. Each row is checked with core's recipient rules (the issue form's), every bad row named by
 * its line, before any call. Each row gets a stable key: a hash of the type, the row as normalised (trimmed,
 * the e-mail in lower case) and its occurrence among equal rows — so the same file run again, or with rows
 * added, moved or removed, sends the same key for the same card, and the server issues each key once.
 */

export interface RecipientLine {
  /** The file's line, from 1. */
  line: number;
  /** The line of an earlier row with the same name, e-mail and note (each gets a card of its own), or `null`. */
  repeats: number | null;
  recipient: Required<GiftCardRecipient>;
}

const HEADER = /^(name|recipient)$/i;

/** The stable key of a row (visible ASCII, as the server wants it). */
export function rowKeyOf(typeId: string, name: string, email: string, note: string, occurrence: number) {
  return contentKey('tern-gc', [typeId, name, email.toLowerCase(), note], occurrence);
}

/** The rows of the file, keyed; a user error naming every bad line when any is bad. */
export function readRecipients(text: string, file: string, typeId: string): RecipientLine[] {
  let rows: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
    }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof CsvError)
      throw new UserError(`${file}: not valid CSV at line ${error.lines}: ${error.message}`, {
        code: 'invalid_input',
      });
    throw error;
  }
  const problems: string[] = [];
  const lines: RecipientLine[] = [];
  const seen = new Occurrences();
  for (const [i, { record, raw, info }] of rows.entries()) {
    // `info.lines` is the line a row ends on; a quoted cell may span lines, its first line names it.
    const body = raw.replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '');
    const line = info.lines - (body.match(/\n/g)?.length ?? 0);
    const [name = '', email = '', note = '', ...extra] = record;
    if (i === 0 && HEADER.test(name) && /^e-?mail$/i.test(email)) continue;
    const errors = Object.entries(validateRecipient({ name, email })).map(
      ([field, key]) => `${field === 'email' ? 'e-mail' : field}: ${validationWords(key)}`,
    );
    if (note.length > GIFT_CARD_NOTE_MAX) errors.push(`note: Use at most ${GIFT_CARD_NOTE_MAX} characters`);
    if (extra.some((cell) => cell !== '')) errors.push('use NAME,EMAIL or NAME,EMAIL,NOTE (quote a comma)');
    if (errors.length > 0) {
      problems.push(`line ${line}: ${errors.join('; ')}`);
      continue;
    }
    const normal = JSON.stringify([name, email.toLowerCase(), note]);
    const { occurrence, repeats } = seen.next(normal, line);
    lines.push({
      line,
      repeats,
      recipient: { rowKey: rowKeyOf(typeId, name, email, note, occurrence), name, email, note },
    });
  }
  if (problems.length > 0)
    throw new UserError(
      `${file}: ${problems.length} bad row${problems.length === 1 ? '' : 's'}, nothing issued:\n  ${problems.join('\n  ')}`,
      { code: 'invalid_input', details: { problems } },
    );
  if (lines.length === 0) throw new UserError(`${file} has no recipients`, { code: 'invalid_input' });
  return lines;
}

/** The Idempotency-Key of one batch: from the call's terms and its rows' keys, so a rerun sends the same. */
export function batchKeyOf(terms: unknown, rowKeys: readonly string[]): string {
  return hashKey('tern-gc-batch', [terms, rowKeys]);
}

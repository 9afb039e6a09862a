import { describe, expect, it } from 'vitest';
import {
  parseRecipientPaste,
  pastedCells,
  pasteRecipients,
  purchaseRecipientsToSave,
  recipientsForQuantity,
  validateRecipient,
} from './recipients.js';

const row = (name: string, email: string) => ({ name, email });

describe('recipient rows', () => {
  it('splits a paste into lines and tab cells, trimmed, blank lines left out', () => {
    expect(pastedCells(' Anna \t a@x.is\r\n\n\tb@x.is\rC\n')).toEqual([
      ['Anna', 'a@x.is'],
      ['', 'b@x.is'],
      ['C'],
    ]);
  });

  it.each([
    [
      'name and e-mail columns',
      'Anna\tanna@x.is\nBjörn\tbjorn@x.is',
      [row('Anna', 'anna@x.is'), row('Björn', 'bjorn@x.is')],
    ],
    ['a column of e-mails', 'anna@x.is\nbjorn@x.is', [row('', 'anna@x.is'), row('', 'bjorn@x.is')]],
    ['a column of names', 'Anna\nBjörn', [row('Anna', ''), row('Björn', '')]],
    ['extra columns ignored', 'Anna\tanna@x.is\tnote', [row('Anna', 'anna@x.is')]],
    ['nothing', '\n\n', []],
  ])('parses %s', (_, text, rows) => expect(parseRecipientPaste(text)).toEqual(rows));

  it('pastes over rows from a row on, growing the list', () => {
    const rows = [row('A', 'a@x.is'), row('', ''), row('C', 'c@x.is')];
    expect(pasteRecipients(rows, 1, [row('B', 'b@x.is'), row('D', 'd@x.is'), row('E', 'e@x.is')])).toEqual([
      row('A', 'a@x.is'),
      row('B', 'b@x.is'),
      row('D', 'd@x.is'),
      row('E', 'e@x.is'),
    ]);
    expect(pasteRecipients([], 2, [row('C', 'c@x.is')])).toEqual([
      row('', ''),
      row('', ''),
      row('C', 'c@x.is'),
    ]);
  });

  it.each([
    [[row('A', 'a@x.is')], 3, [row('A', 'a@x.is'), row('', ''), row('', '')]],
    [[row('A', 'a@x.is'), row('B', 'b@x.is')], 1, [row('A', 'a@x.is')]],
    [[row('A', 'a@x.is')], 0, []],
    [[row('A', 'a@x.is')], Number.NaN, []],
  ])('rows %j follow quantity %s', (rows, q, expected) =>
    expect(recipientsForQuantity(rows, q)).toEqual(expected),
  );

  it.each([
    [row('Anna', 'anna@x.is'), {}],
    [row(' ', 'anna@x.is'), { name: 'validation_messages.required' }],
    [row('Anna', ''), { email: 'validation_messages.required' }],
    [row('Anna', 'anna@'), { email: 'validation_messages.email' }],
    [row('A'.repeat(81), 'anna@x.is'), { name: 'validation_messages.text_too_long' }],
    [row('A'.repeat(80), `${'a'.repeat(75)}@x.is`), {}],
    [row('Anna', `${'a'.repeat(76)}@x.is`), { email: 'validation_messages.text_too_long' }],
  ])('row %j → %j', (r, errors) => expect(validateRecipient(r)).toEqual(errors));

  it.each([
    [
      'all valid: sent trimmed',
      [row(' A ', ' a@x.is'), row('B', 'b@x.is')],
      { ok: true, recipients: [row('A', 'a@x.is'), row('B', 'b@x.is')] },
    ],
    ['all empty: sent empty', [row('', ''), row(' ', '')], { ok: true, recipients: [] }],
    ['no rows: sent empty', [], { ok: true, recipients: [] }],
    [
      'a mix: refused with the rows’ errors',
      [row('A', 'a@x.is'), row('', '')],
      {
        ok: false,
        errors: {
          'recipients.1.name': 'validation_messages.required',
          'recipients.1.email': 'validation_messages.required',
        },
      },
    ],
    [
      'one bad e-mail',
      [row('A', 'a@')],
      { ok: false, errors: { 'recipients.0.email': 'validation_messages.email' } },
    ],
  ])('purchase recipients, %s', (_, rows, result) => expect(purchaseRecipientsToSave(rows)).toEqual(result));
});

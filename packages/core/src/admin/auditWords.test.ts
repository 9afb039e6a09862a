import { describe, expect, it } from 'vitest';
import { auditLineEn, auditSentencesEn, auditWords, fieldWords, valueWords } from './auditWords.js';

const entry = (
  action: string,
  changes: Record<string, { from: unknown; to: unknown }> = {},
  actorEmail: string | null = 'helga@tern.test',
) => ({
  action,
  actorEmail,
  changes,
});

describe('the audit trail in words', () => {
  it.each<[string, ReturnType<typeof entry>, string]>([
    [
      'a block',
      entry('block', { status: { from: 'active', to: 'blocked' } }),
      'helga blocked Jon; status active → blocked',
    ],
    [
      'an unblock',
      entry('unblock', { status: { from: 'blocked', to: 'active' } }),
      'helga unblocked Jon; status blocked → active',
    ],
    ['a create', entry('create', { name: { from: null, to: 'Jon' } }), 'helga created Jon; name — → Jon'],
    [
      'a set password',
      entry('set_password', { password: { from: '[secret]', to: '[secret]' } }),
      'helga set a one-time password for Jon; password (hidden) → (hidden)',
    ],
    [
      'a sign-in',
      entry('sign_in', { email: { from: null, to: 'jon@x.test' } }, null),
      'Jon signed in; email — → jon@x.test',
    ],
    [
      'a refused sign-in',
      entry('sign_in_failed', { reason: { from: null, to: 'invalid_credentials' } }, null),
      'A sign-in as Jon was refused; reason — → invalid_credentials',
    ],
    ['an own password change', entry('change_password', {}, 'jon@x.test'), 'jon changed their own password'],
    [
      'a lock override',
      entry('lock_override_on', { lockOverride: { from: false, to: true } }),
      'helga lifted the payment lock of Jon; lock override no → yes',
    ],
    [
      'an export',
      entry('export_gift_cards', { exportFormat: { from: null, to: 'csv' } }),
      'helga exported the gift cards of Jon; export format — → csv',
    ],
    ['a PDF download', entry('download_pdf'), 'helga downloaded the PDF of Jon'],
    [
      'an action without its own words',
      entry('update_hotel_policy'),
      'helga did “update hotel policy” to Jon',
    ],
    [
      'the system',
      entry('update', { ternHotels: { from: ['A'], to: ['A', 'B'] } }, null),
      'The system changed Jon; tern hotels A → A, B',
    ],
  ])('%s', (_, e, line) => {
    expect(auditLineEn(auditWords(e, 'Jon'))).toBe(line);
  });

  it('has a sentence for every action the server writes by name, and one for any other', () => {
    for (const action of [
      'create',
      'update',
      'block',
      'unblock',
      'set_password',
      'send_reset_link',
      'end_credentials',
      'disable',
      'retryIssue',
    ])
      expect(auditWords(entry(action), 'x').sentence).toBe(action);
    expect(auditWords(entry('__proto__'), 'x').sentence).toBe('other');
    expect(Object.values(auditSentencesEn).every((s) => s.includes('{{'))).toBe(true);
  });

  it("names the actor by their name when the trail has it, else by their e-mail's name part", () => {
    const named = { ...entry('block'), actorName: 'Helga Sigurðardóttir' };
    expect(auditLineEn(auditWords(named, 'Jon'))).toBe('Helga Sigurðardóttir blocked Jon');
    expect(auditLineEn(auditWords({ ...named, actorName: null }, 'Jon'))).toBe('helga blocked Jon');
    expect(auditLineEn(auditWords(entry('block', {}, null), 'Jon'))).toBe('The system blocked Jon');
  });

  it.each([
    ['paymentLocked', 'payment locked'],
    ['issued_status', 'issued status'],
    ['status', 'status'],
  ])('field %s reads %s', (field, words) => expect(fieldWords(field)).toBe(words));

  it.each<[unknown, string]>([
    [null, '—'],
    ['', '—'],
    [true, 'yes'],
    [false, 'no'],
    [3, '3'],
    [[], '—'],
    [{ a: 1 }, '{"a":1}'],
  ])('value %j reads %s', (value, words) => expect(valueWords(value)).toBe(words));
});

import type { AuditEntry } from '@tern/sdk';

// The audit trail in words a person reads: "Helga blocked Jon; status active → blocked". One
// sentence per action, the change of each field as words, the raw change kept for a disclosure. The English lives
// here (the web app's catalogue takes `auditSentencesEn` as its `admin.audit.sentences`, other languages translate
// it there); `{{who}}` is who did it, `{{what}}` the object the history is of, `{{action}}` an unknown action.

export const auditSentencesEn = {
  create: '{{who}} created {{what}}',
  update: '{{who}} changed {{what}}',
  delete: '{{who}} deleted {{what}}',
  duplicate: '{{who}} duplicated {{what}}',
  block: '{{who}} blocked {{what}}',
  unblock: '{{who}} unblocked {{what}}',
  disable: '{{who}} disabled {{what}}',
  set_password: '{{who}} set a one-time password for {{what}}',
  send_reset_link: '{{who}} sent {{what}} a link to choose a new password',
  end_credentials:
    '{{who}} ended every credential of {{what}}: sessions, API keys, reset links and trusted devices',
  lock_override_on: '{{who}} lifted the payment lock of {{what}}',
  lock_override_off: '{{who}} put back the payment lock of {{what}}',
  sign_in: '{{what}} signed in',
  sign_in_failed: 'A sign-in as {{what}} was refused',
  change_password: '{{who}} changed their own password',
  reset_password: '{{who}} chose a new password with a reset link',
  export_gift_cards: '{{who}} exported the gift cards of {{what}}',
  download_pdf: '{{who}} downloaded the PDF of {{what}}',
  download_pdfs: '{{who}} downloaded the PDFs of {{what}}',
  issue: '{{who}} issued cards of {{what}}',
  markIssued: '{{who}} marked {{what}} issued',
  retryIssue: '{{who}} retried the failed delivery of {{what}}',
  markPaid: '{{who}} marked {{what}} paid',
  markUsed: '{{who}} marked {{what}} used',
  markUnused: '{{who}} marked {{what}} unused',
  markDelivered: '{{who}} marked {{what}} delivered',
  cancelBooking: '{{who}} cancelled the booking of {{what}}',
  updateRecipients: '{{who}} changed the recipients of {{what}}',
  upload_image: '{{who}} uploaded an image for {{what}}',
  other: '{{who}} did “{{action}}” to {{what}}',
} as const;

export type AuditSentence = keyof typeof auditSentencesEn;

/** One field's change, as words. */
export interface AuditChangeWords {
  field: string;
  from: string;
  to: string;
}

/** An entry as words: the sentence's key and values, and each change. */
export interface AuditWords {
  sentence: AuditSentence;
  values: { who: string; what: string; action: string };
  changes: AuditChangeWords[];
}

/** `paymentLocked` → `payment locked`, `issued_status` → `issued status`. */
export function fieldWords(field: string): string {
  return field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** A value as words: nothing as a dash, yes/no, a secret as hidden, lists joined, anything else as short JSON. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === '[secret]') return '(hidden)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0
      ? '—'
      : value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  return JSON.stringify(value);
}

/**
 * Who did it, in words: their name, else (a user since removed) their e-mail's name part (`helga@tern.test` →
 * `helga`), or "the system" for the server itself (a job, a provider's page).
 */
export function actorWords(entry: Pick<AuditEntry, 'actorEmail'> & { actorName?: string | null }): string {
  if (entry.actorName) return entry.actorName;
  if (!entry.actorEmail) return 'The system';
  return entry.actorEmail.split('@')[0] || entry.actorEmail;
}

/**
 * An audit entry as a person reads it: `what` is the name of the object the history is of (the drawer's user,
 * reseller or property).
 */
export function auditWords(
  entry: Pick<AuditEntry, 'action' | 'actorEmail' | 'changes'> & { actorName?: string | null },
  what: string,
): AuditWords {
  const sentence: AuditSentence = Object.hasOwn(auditSentencesEn, entry.action)
    ? (entry.action as AuditSentence)
    : 'other';
  return {
    sentence,
    values: { who: actorWords(entry), what, action: fieldWords(entry.action) },
    changes: Object.entries(entry.changes).map(([field, change]) => ({
      field: fieldWords(field),
      from: valueWords(change.from),
      to: valueWords(change.to),
    })),
  };
}

/** The English line of an entry: "helga blocked Jon; status active → blocked". */
export function auditLineEn(words: AuditWords): string {
  const sentence = auditSentencesEn[words.sentence].replace(
    /\{\{(\w+)\}\}/g,
    (_, name: keyof AuditWords['values']) => words.values[name],
  );
  const changes = words.changes.map((c) => `${c.field} ${c.from} → ${c.to}`).join('; ');
  return changes ? `${sentence}; ${changes}` : sentence;
}

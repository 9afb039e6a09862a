import { describe, expect, it } from 'vitest';
import { canDownloadPurchasePdfs, canEditRecipients, canMarkIssued, canMarkPaid } from './purchaseMachine.js';

// M26's rules by status (document 3 §4; DECISIONS 14): mark paid while unpaid; mark issued and edit recipients
// while pending; the PDFs once issued.
describe('purchase rules', () => {
  it.each([
    // status, issuedStatus, markPaid, markIssued, editRecipients, pdfs
    ['initiated', 'pending', true, true, true, false],
    ['paid', 'pending', false, true, true, false],
    ['initiated', 'queued', true, false, false, false],
    ['paid', 'queued', false, false, false, false],
    ['paid', 'issued', false, false, false, true],
    ['initiated', 'issued', true, false, false, true],
  ] as const)('%s / %s', (status, issuedStatus, paid, issued, recipients, pdfs) => {
    const p = { status, issuedStatus };
    expect([canMarkPaid(p), canMarkIssued(p), canEditRecipients(p), canDownloadPurchasePdfs(p)]).toEqual([
      paid,
      issued,
      recipients,
      pdfs,
    ]);
  });
});

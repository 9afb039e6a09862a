import { describe, expect, it } from 'vitest';
import {
  canDownloadPurchasePdfs,
  canEditRecipients,
  canMarkIssued,
  canMarkPaid,
  canRetryIssue,
} from './purchaseMachine.js';

// M26's rules by status (document 3 §4; DECISIONS 14): mark paid while unpaid; mark issued and edit recipients
// while pending; the PDFs once issued; retry the delivery once it failed for good.
describe('purchase rules', () => {
  it.each([
    // status, issuedStatus, markPaid, markIssued, editRecipients, pdfs, retry
    ['initiated', 'pending', true, true, true, false, false],
    ['paid', 'pending', false, true, true, false, false],
    ['initiated', 'queued', true, false, false, false, false],
    ['paid', 'queued', false, false, false, false, false],
    ['paid', 'issued', false, false, false, true, false],
    ['initiated', 'issued', true, false, false, true, false],
    ['paid', 'failed', false, false, false, false, true],
    ['initiated', 'failed', true, false, false, false, true],
  ] as const)('%s / %s', (status, issuedStatus, paid, issued, recipients, pdfs, retry) => {
    const p = { status, issuedStatus };
    expect([
      canMarkPaid(p),
      canMarkIssued(p),
      canEditRecipients(p),
      canDownloadPurchasePdfs(p),
      canRetryIssue(p),
    ]).toEqual([paid, issued, recipients, pdfs, retry]);
  });
});

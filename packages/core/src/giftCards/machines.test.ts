import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { formDrawerMachine } from '../admin/formDrawerMachine.js';
import { addDays } from '../dates/dates.js';
import { bookingCancelMachine } from './bookingCancelMachine.js';
import { giftCardDownloadMachine, ZIP_PENDING_MESSAGE_MS } from './downloadMachine.js';
import { type CardPatch, type IssuedCardState, issuedCardMachine } from './issuedCardMachine.js';
import { changeIssueOrder, issueOrderFormInput, newIssueOrderForm } from './issueOrder.js';
import { type PurchaseRecord, type PurchaseStatusReply, purchaseMachine } from './purchaseMachine.js';
import { parseRecipientPaste, pasteRecipients } from './recipients.js';
import { giftCardTypeLifecycleMachine } from './typeLifecycleMachine.js';

const today = '2026-11-24';
const settle = () => new Promise((r) => setTimeout(r, 0));
const refusal = () => Object.assign(new Error('nope'), { code: 'refused' });

describe('M23 type lifecycle', () => {
  it.each([
    ['created', { created: 'idle' }],
    ['published', { published: 'idle' }],
    ['archived', 'archived'],
  ] as const)('starts %s', (status, value) => {
    const actor = createActor(giftCardTypeLifecycleMachine, { input: { id: 't1', status } }).start();
    expect(actor.getSnapshot().value).toEqual(value);
  });

  it('publishes then unpublishes, each confirmed, telling the list', async () => {
    const calls: string[] = [];
    const machine = giftCardTypeLifecycleMachine.provide({
      actors: {
        publish: fromPromise(async ({ input }) => void calls.push(`publish ${input.id}`)),
        unpublish: fromPromise(async ({ input }) => void calls.push(`unpublish ${input.id}`)),
      },
    });
    const actor = createActor(machine, { input: { id: 't1', status: 'created' } }).start();
    const changed: string[] = [];
    actor.on('type.changed', (e) => changed.push(e.id));
    actor.send({ type: 'unpublish.ask' });
    expect(actor.getSnapshot().value).toEqual({ created: 'idle' });
    actor.send({ type: 'publish.ask' });
    actor.send({ type: 'cancel' });
    expect(calls).toEqual([]);
    actor.send({ type: 'publish.ask' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ published: 'idle' });
    expect(actor.getSnapshot().context.notice).toBe('published');
    actor.send({ type: 'unpublish.ask' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('archived');
    expect(actor.getSnapshot().context.notice).toBe('unpublished');
    expect(calls).toEqual(['publish t1', 'unpublish t1']);
    expect(changed).toEqual(['t1', 't1']);
    actor.send({ type: 'publish.ask' });
    expect(actor.getSnapshot().value).toBe('archived');
  });

  it('keeps the status and the error when refused', async () => {
    const machine = giftCardTypeLifecycleMachine.provide({
      actors: { publish: fromPromise(async (): Promise<unknown> => Promise.reject(refusal())) },
    });
    const actor = createActor(machine, { input: { id: 't1', status: 'created' } }).start();
    actor.send({ type: 'publish.ask' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ created: 'idle' });
    expect(actor.getSnapshot().context.error?.code).toBe('refused');
  });
});

const card = (over: Partial<IssuedCardState> = {}): IssuedCardState => ({
  id: 'c1',
  notes: '',
  booked: false,
  delivered: false,
  agentBooking: null,
  ...over,
});

describe('M24 issued card', () => {
  const calls: unknown[] = [];
  const machine = issuedCardMachine.provide({
    actors: {
      markUsed: fromPromise(async ({ input }) => {
        calls.push(['used', input]);
        return { booked: true, notes: input.notes };
      }),
      markUnused: fromPromise(async ({ input }) => {
        calls.push(['unused', input]);
        return { booked: false, agentBooking: null };
      }),
      markDelivered: fromPromise(async ({ input }) => {
        calls.push(['delivered', input]);
        return { delivered: true };
      }),
      sendEmail: fromPromise(async ({ input }) => {
        calls.push(['send', input]);
        if (input.id === 'refused') throw Object.assign(new Error('Not found'), { code: 'not_found' });
        return {};
      }),
    },
  });

  it('sends a card by e-mail once confirmed, also a used and delivered one; a refusal comes back with it', async () => {
    const actor = createActor(machine, {
      input: { card: card({ booked: true, delivered: true }), today },
    }).start();
    actor.send({ type: 'sendEmail.open' });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
    actor.send({ type: 'sendEmail.open' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(calls).toEqual([['send', { id: 'c1' }]]);
    expect(actor.getSnapshot().context.notice).toBe('updated');
    const refused = createActor(machine, { input: { card: card({ id: 'refused' }), today } }).start();
    refused.send({ type: 'sendEmail.open' });
    refused.send({ type: 'confirm' });
    await settle();
    expect(refused.getSnapshot().value).toBe('idle');
    expect(refused.getSnapshot().context.error).toMatchObject({ code: 'not_found' });
  });
  beforeEach(() => {
    calls.length = 0;
  });

  it('marks used only with a note, then no more', async () => {
    const actor = createActor(machine, { input: { card: card(), today } }).start();
    actor.send({ type: 'markUsed.open' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.noteError).toBe('validation_messages.required');
    actor.send({ type: 'note.change', note: '  Used at the desk ' });
    expect(actor.getSnapshot().context.noteError).toBeNull();
    actor.send({ type: 'confirm' });
    await settle();
    expect(calls).toEqual([['used', { id: 'c1', notes: 'Used at the desk' }]]);
    expect(actor.getSnapshot().context.card.booked).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('updated');
    actor.send({ type: 'markUsed.open' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('warns that a booking still to come is cancelled when marking unused', async () => {
    const booked = card({
      booked: true,
      agentBooking: { arrivalDate: '2026-12-01', status: 'new', bookingType: 'upsell' },
    });
    const actor = createActor(machine, { input: { card: booked, today } }).start();
    actor.send({ type: 'markUnused.open' });
    expect(actor.getSnapshot().context.cancelsBooking).toBe(true);
    actor.send({ type: 'note.change', note: 'Guest rebooked' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(calls).toEqual([['unused', { id: 'c1', notes: 'Guest rebooked' }]]);
    expect(actor.getSnapshot().context.card).toMatchObject({ booked: false, agentBooking: null });
  });

  it('refuses marking unused a card whose stay has begun, with no call', () => {
    const stayed = card({
      booked: true,
      agentBooking: { arrivalDate: '2026-11-20', status: 'new', bookingType: 'normal' },
    });
    const actor = createActor(machine, { input: { card: stayed, today } }).start();
    actor.send({ type: 'markUnused.open' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toMatchObject({
      code: 'gift_card_consumed',
      params: { arrival: '2026-11-20' },
    });
    expect(calls).toEqual([]);
  });

  it('marks delivered after a confirmation; a failure is only logged', async () => {
    const actor = createActor(machine, { input: { card: card(), today } }).start();
    actor.send({ type: 'markDelivered.open' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context.card.delivered).toBe(true);
    const failing = createActor(
      issuedCardMachine.provide({
        actors: { markDelivered: fromPromise(async (): Promise<CardPatch> => Promise.reject(refusal())) },
      }),
      { input: { card: card(), today } },
    ).start();
    const logged: unknown[] = [];
    failing.on('card.logged', (e) => logged.push(e.error.code));
    failing.send({ type: 'markDelivered.open' });
    failing.send({ type: 'confirm' });
    await settle();
    expect(logged).toEqual(['refused']);
    expect(failing.getSnapshot().context.error).toBeNull();
    expect(failing.getSnapshot().context.card.delivered).toBe(false);
  });
});

describe('M25 booking cancel', () => {
  const booking = {
    bookingId: 'b1',
    reservationId: 'R1',
    arrivalDate: '2026-12-01',
    status: 'new',
    bookingType: 'normal' as const,
  };

  it.each([
    ['yes: cancels then reissues', 'reissue.yes', ['cancel b1', 'reissue c1'], true],
    ['no: only cancels', 'reissue.no', ['cancel b1'], false],
  ] as const)('%s', async (_, answer, expected, reissued) => {
    const calls: string[] = [];
    const machine = bookingCancelMachine.provide({
      actors: {
        cancelBooking: fromPromise(async ({ input }) => void calls.push(`cancel ${input.bookingId}`)),
        reissueCard: fromPromise(async ({ input }) => void calls.push(`reissue ${input.cardId}`)),
      },
    });
    const actor = createActor(machine, { input: { cardId: 'c1', booking, today } }).start();
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: answer });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(expected);
    expect(actor.getSnapshot().output).toEqual({ reissued });
  });

  it('is not offered for a cancelled booking or one whose arrival has passed', () => {
    for (const b of [
      { ...booking, status: 'canceled' },
      { ...booking, arrivalDate: addDays(today, -1) },
    ]) {
      const actor = createActor(bookingCancelMachine, { input: { cardId: 'c1', booking: b, today } }).start();
      actor.send({ type: 'cancel.ask' });
      expect(actor.getSnapshot().value).toBe('viewing');
    }
  });

  it('is offered on the arrival day itself', () => {
    const actor = createActor(bookingCancelMachine, {
      input: { cardId: 'c1', booking: { ...booking, arrivalDate: today }, today },
    }).start();
    actor.send({ type: 'cancel.ask' });
    expect(actor.getSnapshot().value).not.toBe('viewing');
  });

  it('retries only the reissue once the booking is cancelled', async () => {
    const calls: string[] = [];
    let reissueFails = true;
    const machine = bookingCancelMachine.provide({
      actors: {
        cancelBooking: fromPromise(async (): Promise<unknown> => calls.push('cancel')),
        reissueCard: fromPromise(async (): Promise<unknown> => {
          calls.push('reissue');
          if (reissueFails) throw refusal();
          return null;
        }),
      },
    });
    const actor = createActor(machine, { input: { cardId: 'c1', booking, today } }).start();
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: 'reissue.yes' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error?.code).toBe('refused');
    reissueFails = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['cancel', 'reissue', 'reissue']);
    expect(actor.getSnapshot().output).toEqual({ reissued: true });
  });
});

describe('M26 purchase', () => {
  const purchase = (over: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
    id: 'p1',
    status: 'initiated',
    issuedStatus: 'pending',
    quantity: 2,
    orderRecipients: [],
    ...over,
  });
  const sent: unknown[] = [];
  const machine = purchaseMachine.provide({
    actors: {
      markPaid: fromPromise(
        async (): Promise<PurchaseStatusReply> => ({ status: 'paid', issuedStatus: 'pending' }),
      ),
      markIssued: fromPromise(
        async (): Promise<PurchaseStatusReply> => ({ status: 'paid', issuedStatus: 'queued' }),
      ),
      retryIssue: fromPromise(async ({ input }): Promise<PurchaseStatusReply> => {
        sent.push({ retried: input.id });
        return { status: 'paid', issuedStatus: 'queued' };
      }),
      updateRecipients: fromPromise(async ({ input }) => {
        sent.push(input);
        return input.recipients;
      }),
    },
  });
  beforeEach(() => {
    sent.length = 0;
  });

  it('marks paid, then issued (queued), each once', async () => {
    const actor = createActor(machine, { input: { purchase: purchase() } }).start();
    actor.send({ type: 'markPaid.ask' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context.purchase.status).toBe('paid');
    actor.send({ type: 'markPaid.ask' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'markIssued.ask' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context.purchase.issuedStatus).toBe('queued');
    actor.send({ type: 'markIssued.ask' });
    actor.send({ type: 'recipients.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'purchase.refresh', purchase: purchase({ status: 'paid', issuedStatus: 'issued' }) });
    expect(actor.getSnapshot().context.purchase.issuedStatus).toBe('issued');
  });

  it('retries only a purchase whose issuing failed, once confirmed', async () => {
    const actor = createActor(machine, {
      input: { purchase: purchase({ status: 'paid', issuedStatus: 'queued' }) },
    }).start();
    actor.send({ type: 'retryIssue.ask' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'purchase.refresh', purchase: purchase({ status: 'paid', issuedStatus: 'failed' }) });
    actor.send({ type: 'markIssued.ask' });
    actor.send({ type: 'recipients.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'retryIssue.ask' });
    actor.send({ type: 'cancel' });
    expect(sent).toEqual([]);
    actor.send({ type: 'retryIssue.ask' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(sent).toEqual([{ retried: 'p1' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      notice: 'retried',
      purchase: { issuedStatus: 'queued' },
    });
    actor.send({ type: 'retryIssue.ask' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('saves pasted recipients, refuses a mix, sends all empty as []', async () => {
    const actor = createActor(machine, { input: { purchase: purchase() } }).start();
    actor.send({ type: 'recipients.edit' });
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
    actor.send({
      type: 'recipients.paste',
      index: 0,
      text: 'Anna\tanna@x.is\nBjörn\tbjorn@x.is\nCarl\tc@x.is',
    });
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
    actor.send({ type: 'recipients.change', index: 1, row: { email: '' } });
    actor.send({ type: 'recipients.save' });
    expect(actor.getSnapshot().context.rowErrors).toEqual({
      'recipients.1.email': 'validation_messages.required',
    });
    expect(sent).toEqual([]);
    actor.send({ type: 'recipients.change', index: 1, row: { email: 'bjorn@x.is' } });
    actor.send({ type: 'recipients.save' });
    await settle();
    expect(sent).toEqual([
      {
        id: 'p1',
        recipients: [
          { name: 'Anna', email: 'anna@x.is' },
          { name: 'Björn', email: 'bjorn@x.is' },
        ],
      },
    ]);
    expect(actor.getSnapshot().context.notice).toBe('recipients_updated');
    actor.send({ type: 'recipients.edit' });
    actor.send({ type: 'recipients.change', index: 0, row: { name: '', email: '' } });
    actor.send({ type: 'recipients.change', index: 1, row: { name: '', email: '' } });
    actor.send({ type: 'recipients.save' });
    await settle();
    expect(sent[1]).toEqual({ id: 'p1', recipients: [] });
    expect(actor.getSnapshot().context.purchase.orderRecipients).toEqual([]);
  });
});

describe('M27 / M37 downloads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const run = (size: number | null, emptyMeansZipPending: boolean) => {
    const machine = giftCardDownloadMachine.provide({
      actors: {
        fetchFile: fromPromise(async () => {
          if (size === null) throw refusal();
          return { size };
        }),
      },
    });
    const actor = createActor(machine, { input: { emptyMeansZipPending } }).start();
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    actor.send({ type: 'download' });
    return { actor, emitted };
  };

  it('shows the zip message for 9 s when the PDFs come empty', async () => {
    const { actor, emitted } = run(0, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('zipPending');
    expect(emitted).toEqual(['download.started']);
    await vi.advanceTimersByTimeAsync(ZIP_PENDING_MESSAGE_MS - 1);
    expect(actor.getSnapshot().value).toBe('zipPending');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it.each([
    [2048, true, 'downloaded', ['download.started', 'file.ready']],
    [0, false, 'failed', ['download.started', 'download.failed']],
    [null, true, 'failed', ['download.started', 'download.failed']],
  ] as const)('a file of %s (empty means zip: %s) ends %s', async (size, zip, state, emitted) => {
    const run1 = run(size, zip);
    await vi.advanceTimersByTimeAsync(0);
    expect(run1.actor.getSnapshot().value).toBe(state);
    expect(run1.emitted).toEqual(emitted);
  });
});

describe('issue order through the form drawer', () => {
  it('refuses the rows until filled, then issues once', async () => {
    const saved: unknown[] = [];
    const machine = formDrawerMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          saved.push(input);
          return { created: 2 };
        }),
      },
    });
    const form = newIssueOrderForm({ id: 't1', netPrice: 5000 });
    const actor = createActor(machine, { input: issueOrderFormInput(form, { today, stock: 10 }) }).start();
    const two = changeIssueOrder(form, { name: 'Acme', email: 'buyer@acme.is', quantity: 2 });
    actor.send({ type: 'form.change', values: two });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toMatchObject({
      'recipients.0.name': 'validation_messages.required',
    });
    const rows = pasteRecipients(
      two.recipients,
      0,
      parseRecipientPaste('Anna\tanna@x.is\nBjörn\tbjorn@x.is'),
    );
    actor.send({ type: 'form.change', values: { recipients: rows } });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ quantity: 2, netPrice: 5000, purchaseState: 'paid', recipients: rows });
  });
});

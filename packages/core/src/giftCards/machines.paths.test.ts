import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { bookingCancelMachine } from './bookingCancelMachine.js';
import { giftCardDownloadMachine } from './downloadMachine.js';
import { issuedCardMachine } from './issuedCardMachine.js';
import { pdfEditorMachine } from './pdfEditorMachine.js';
import { newPdfSection, type PdfDesign } from './pdfSections.js';
import { purchaseMachine } from './purchaseMachine.js';
import { giftCardTypeLifecycleMachine } from './typeLifecycleMachine.js';

// Every situation of the gift card machines, reached by its shortest path from the start (xstate/graph) and
// replayed against a live actor whose actors answer as the path says (as formDrawerMachine.paths.test does):
// the machine the web and the CLI drive ends where the graph says, with the same context after every step.

type Reply = { type: string; output?: unknown; error?: unknown; [key: string]: unknown };
const done = (id: string, output?: unknown): Reply => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string): Reply => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error('refused'), { code: 'refused' }),
});

interface Model {
  name: string;
  machine: AnyStateMachine;
  input: unknown;
  events: Reply[];
  /** States the paths must reach. */
  reach: string[];
  actors: string[];
}

const today = '2026-11-24';
const card = (booked: boolean, arrivalDate: string | null) => ({
  id: 'c1',
  notes: '',
  booked,
  delivered: false,
  agentBooking: arrivalDate ? { arrivalDate, status: 'new', bookingType: 'normal' as const } : null,
});

const pdfDesign: PdfDesign = {
  own: true,
  name: 'Winter',
  isDefault: false,
  sections: [
    { ...newPdfSection('color_fill', 'Page', 'a'), id: 'a' },
    { ...newPdfSection('text', 'Header', 'b'), id: 'b', position: 1 },
  ],
};

const models: Model[] = [
  {
    name: 'M23 type lifecycle',
    machine: giftCardTypeLifecycleMachine,
    input: { id: 't1', status: 'created' },
    actors: ['publish', 'unpublish'],
    events: [
      { type: 'publish.ask' },
      { type: 'unpublish.ask' },
      { type: 'confirm' },
      { type: 'cancel' },
      done('0.giftCardTypeLifecycle.created.sending'),
      fail('0.giftCardTypeLifecycle.created.sending'),
      done('0.giftCardTypeLifecycle.published.sending'),
      fail('0.giftCardTypeLifecycle.published.sending'),
    ],
    reach: [
      '{"created":"idle"}',
      '{"created":"confirming"}',
      '{"created":"sending"}',
      '{"published":"idle"}',
      '{"published":"confirming"}',
      '{"published":"sending"}',
      '"archived"',
    ],
  },
  {
    name: 'M24 issued card, unused',
    machine: issuedCardMachine,
    input: { card: card(false, null), today },
    actors: ['markUsed', 'markUnused', 'markDelivered', 'sendEmail'],
    events: [
      { type: 'markUsed.open' },
      { type: 'markUnused.open' },
      { type: 'markDelivered.open' },
      { type: 'sendEmail.open' },
      { type: 'note.change', note: 'At the desk' },
      { type: 'note.change', note: ' ' },
      { type: 'confirm' },
      { type: 'cancel' },
      done('0.issuedCard.markingUsed.sending', { booked: true, notes: 'At the desk' }),
      fail('0.issuedCard.markingUsed.sending'),
      done('0.issuedCard.markingUnused.sending', { booked: false, agentBooking: null }),
      fail('0.issuedCard.markingUnused.sending'),
      done('0.issuedCard.markingDelivered.sending', { delivered: true }),
      fail('0.issuedCard.markingDelivered.sending'),
      done('0.issuedCard.sendingEmail.sending', {}),
      fail('0.issuedCard.sendingEmail.sending'),
    ],
    reach: [
      '"idle"',
      '{"markingUsed":"editing"}',
      '{"markingUsed":"sending"}',
      '{"markingUnused":"editing"}',
      '{"markingUnused":"sending"}',
      '{"markingDelivered":"confirming"}',
      '{"markingDelivered":"sending"}',
      '{"sendingEmail":"confirming"}',
      '{"sendingEmail":"sending"}',
    ],
  },
  {
    name: 'M24 issued card, used for a stay begun',
    machine: issuedCardMachine,
    input: { card: card(true, '2026-11-20'), today },
    actors: ['markUsed', 'markUnused', 'markDelivered', 'sendEmail'],
    events: [{ type: 'markUnused.open' }, { type: 'markUsed.open' }, { type: 'notice.dismiss' }],
    reach: ['"idle"'],
  },
  {
    name: 'M25 booking cancel',
    machine: bookingCancelMachine,
    input: {
      cardId: 'c1',
      today,
      booking: {
        bookingId: 'b1',
        reservationId: 'R1',
        arrivalDate: '2026-12-01',
        status: 'new',
        bookingType: 'normal',
      },
    },
    actors: ['cancelBooking', 'reissueCard'],
    events: [
      { type: 'cancel.ask' },
      { type: 'reissue.yes' },
      { type: 'reissue.no' },
      { type: 'dismiss' },
      { type: 'user.retry' },
      done('0.bookingCancel.cancelling'),
      fail('0.bookingCancel.cancelling'),
      done('0.bookingCancel.reissuing'),
      fail('0.bookingCancel.reissuing'),
    ],
    reach: ['"viewing"', '"confirmReissue"', '"cancelling"', '"reissuing"', '"error"', '"done"'],
  },
  {
    name: 'M26 purchase',
    machine: purchaseMachine,
    input: {
      purchase: { id: 'p1', status: 'initiated', issuedStatus: 'pending', quantity: 2, orderRecipients: [] },
    },
    actors: ['markPaid', 'markIssued', 'updateRecipients'],
    events: [
      { type: 'markPaid.ask' },
      { type: 'markIssued.ask' },
      { type: 'recipients.edit' },
      { type: 'recipients.paste', index: 0, text: 'Anna\tanna@x.is\nBjörn\tbjorn@x.is' },
      { type: 'recipients.change', index: 1, row: { email: 'bjorn@' } },
      { type: 'recipients.save' },
      { type: 'confirm' },
      { type: 'cancel' },
      done('0.purchase.markingPaid.sending', { status: 'paid', issuedStatus: 'pending' }),
      fail('0.purchase.markingPaid.sending'),
      done('0.purchase.markingIssued.sending', { status: 'paid', issuedStatus: 'queued' }),
      fail('0.purchase.markingIssued.sending'),
      done('0.purchase.editingRecipients.saving', [
        { name: 'Anna', email: 'anna@x.is' },
        { name: 'Björn', email: 'bjorn@x.is' },
      ]),
      fail('0.purchase.editingRecipients.saving'),
    ],
    reach: [
      '"idle"',
      '{"markingPaid":"confirming"}',
      '{"markingPaid":"sending"}',
      '{"markingIssued":"confirming"}',
      '{"markingIssued":"sending"}',
      '{"editingRecipients":"editing"}',
      '{"editingRecipients":"saving"}',
    ],
  },
  {
    name: 'M26 purchase whose issuing failed',
    machine: purchaseMachine,
    input: {
      purchase: { id: 'p1', status: 'paid', issuedStatus: 'failed', quantity: 2, orderRecipients: [] },
    },
    actors: ['retryIssue'],
    events: [
      { type: 'retryIssue.ask' },
      { type: 'markIssued.ask' },
      { type: 'recipients.edit' },
      { type: 'confirm' },
      { type: 'cancel' },
      done('0.purchase.retryingIssue.sending', { status: 'paid', issuedStatus: 'queued' }),
      fail('0.purchase.retryingIssue.sending'),
    ],
    reach: ['"idle"', '{"retryingIssue":"confirming"}', '{"retryingIssue":"sending"}'],
  },
  {
    name: 'M27 purchase PDFs',
    machine: giftCardDownloadMachine,
    input: { emptyMeansZipPending: true },
    actors: ['fetchFile'],
    events: [
      { type: 'download' },
      { type: 'notice.dismiss' },
      done('0.giftCardDownload.requesting', { size: 0 }),
      done('0.giftCardDownload.requesting', { size: 2048 }),
      fail('0.giftCardDownload.requesting'),
    ],
    reach: ['"idle"', '"requesting"', '"zipPending"', '"downloaded"', '"failed"'],
  },
  {
    name: 'M37 PDF preview',
    machine: giftCardDownloadMachine,
    input: { emptyMeansZipPending: false },
    actors: ['fetchFile'],
    events: [
      { type: 'download' },
      done('0.giftCardDownload.requesting', { size: 0 }),
      done('0.giftCardDownload.requesting', { size: 10 }),
    ],
    reach: ['"idle"', '"requesting"', '"downloaded"', '"failed"'],
  },
  {
    name: 'PDF editor',
    machine: pdfEditorMachine,
    input: undefined,
    actors: ['saveDesign', 'changeTemplates'],
    events: [
      { type: 'design.load', templateId: 't1', design: pdfDesign },
      { type: 'section.change', patch: { fontSize: 0 } },
      { type: 'design.save' },
      { type: 'template.duplicate' },
      { type: 'template.delete' },
      { type: 'delete.confirm' },
      { type: 'delete.cancel' },
      { type: 'user.retry' },
      done('0.pdfEditor.saving', { ...pdfDesign, name: 'Saved' }),
      fail('0.pdfEditor.saving'),
      done('0.pdfEditor.acting', 't3'),
      fail('0.pdfEditor.acting'),
    ],
    reach: ['"loading"', '"editing"', '"saving"', '"confirmingDelete"', '"acting"', '"failed"'],
  },
];

const view = (s: SnapshotFrom<AnyStateMachine>) => ({ value: s.value, context: s.context });

async function replay(model: Model, steps: Array<{ event: Reply; state: SnapshotFrom<AnyStateMachine> }>) {
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actors = Object.fromEntries(
    model.actors.map((name) => [
      name,
      fromPromise(() => new Promise((resolve, reject) => (pending = { resolve, reject }))),
    ]),
  );
  const actor = createActor(model.machine.provide({ actors }), { input: model.input }).start();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.init') continue;
    const reply = /^xstate\.(done|error)\.actor\./.exec(event.type);
    if (reply) {
      const call = pending as { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null;
      expect(call, `no call in flight for ${event.type}`).not.toBeNull();
      pending = null;
      if (reply[1] === 'done') call!.resolve(event.output);
      else call!.reject(event.error);
      await new Promise((r) => setTimeout(r, 0));
    } else actor.send(event);
    expect(view(actor.getSnapshot())).toEqual(view(state));
  }
  actor.stop();
  return actor.getSnapshot();
}

describe.each(models)('$name paths', (model) => {
  const paths = getShortestPaths(model.machine, {
    input: model.input,
    events: model.events as never,
    serializeState: (s) => JSON.stringify(view(s as SnapshotFrom<AnyStateMachine>)),
  });

  it('reaches every state it should', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of model.reach) expect(reached).toContain(value);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const))(
    '%s',
    async (_, path) => {
      const last = await replay(model, path.steps as never);
      expect(last.value).toEqual(path.state.value);
    },
  );
});

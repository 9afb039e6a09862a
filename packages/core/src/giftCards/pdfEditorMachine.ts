import type { PdfSectionKind } from '@tern/sdk';
import { assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  addedSection,
  changedSection,
  checked,
  loaded,
  movedSection,
  type PdfEditorContext,
  type PdfEditorEvent,
  type PdfSaveInput,
  type PdfTemplateAction,
  type PdfTemplateActionInput,
  removedSection,
} from './pdfEditor.js';
import type { PdfDesign } from './pdfSections.js';

/**
 * The PDF tab of a gift card type (document 3 §3, §5, §9): a template's design is loaded (`design.load`, by the
 * edge once its queries answer), edited — its name and default flag (a property's own template), each section's
 * look, sections added in free space, removed, moved by the pointer or the keys (`section.move`) — and saved with
 * the `saveDesign` actor once core's rules (`pdfEditorErrors`) find nothing; a template is made, duplicated or
 * deleted at once (`changeTemplates`, after a question for delete). The design is dirty while it differs from the
 * one saved: the drawer asks before it discards it and saves it with its own Save.
 *
 * ```ts
 * const machine = pdfEditorMachine.provide({
 *   actors: {
 *     saveDesign: fromPromise(({ input }) => saveAndRead(input.templateId, input.design)),
 *     changeTemplates: fromPromise(({ input }) => newDuplicateOrDelete(input)), // the template to show next
 *   },
 * });
 * createActor(machine).start();
 * ```
 */

/** Another template is shown (its design loads again), never while a save or a template action is on its way. */
const chooseTemplate = { target: '#pdfEditor.loading', actions: 'chooseTemplate' } as const;

export const pdfEditorMachine = setup({
  types: {
    context: {} as PdfEditorContext,
    events: {} as PdfEditorEvent,
    emitted: {} as { type: 'design.saved'; design: PdfDesign } | { type: 'design.failed'; error: Failure },
  },
  actors: {
    saveDesign: notProvided<PdfDesign, PdfSaveInput>('saveDesign'),
    changeTemplates: notProvided<string, PdfTemplateActionInput>('changeTemplates'),
  },
  guards: {
    valid: ({ context }) => Object.keys(context.errors).length === 0,
    ownTemplate: ({ context }) => context.draft?.own === true,
    severalSections: ({ context }) => (context.draft?.sections.length ?? 0) > 1,
    retriesSave: ({ context }) => context.retry === 'save',
  },
  actions: {
    chooseTemplate: assign(({ event }) => ({
      templateId: (event as Extract<PdfEditorEvent, { type: 'template.choose' }>).templateId,
      draft: null,
      saved: null,
      error: null,
    })),
    changeDesign: assign(({ context, event }) => {
      const { patch } = event as Extract<PdfEditorEvent, { type: 'design.change' }>;
      return checked({ ...context.draft!, ...patch });
    }),
    select: assign(({ context, event }) => {
      const { index } = event as Extract<PdfEditorEvent, { type: 'section.select' }>;
      const count = context.draft!.sections.length;
      return { selected: Math.min(Math.max(0, index), count - 1) };
    }),
    changeSection: assign(({ context, event }) =>
      changedSection(context, (event as Extract<PdfEditorEvent, { type: 'section.change' }>).patch),
    ),
    chooseKind: assign({ newKind: ({ event }) => (event as { kind: PdfSectionKind }).kind }),
    addSection: assign(({ context, event }) =>
      addedSection(context, (event as Extract<PdfEditorEvent, { type: 'section.add' }>).name),
    ),
    removeSection: assign(({ context }) => removedSection(context)),
    moveSection: assign(({ context, event }) => {
      const { index, dx, dy } = event as Extract<PdfEditorEvent, { type: 'section.move' }>;
      return movedSection(context, index, dx, dy);
    }),
  },
}).createMachine({
  id: 'pdfEditor',
  context: {
    templateId: null,
    loadedId: null,
    draft: null,
    saved: null,
    savedTemplateId: null,
    selected: 0,
    newKind: 'text',
    added: 0,
    errors: {},
    invalid: false,
    retry: null,
    error: null,
  },
  initial: 'loading',
  states: {
    /** Until the edge's queries give the chosen template's design. */
    loading: {
      on: {
        'template.choose': chooseTemplate,
        'design.load': {
          target: 'editing',
          actions: assign(({ event }) => loaded(event.templateId, event.design)),
        },
      },
    },
    editing: {
      on: {
        'template.choose': chooseTemplate,
        'design.change': { actions: 'changeDesign' },
        'section.select': { actions: 'select' },
        'section.change': { actions: 'changeSection' },
        'section.move': { actions: 'moveSection' },
        'section.kind': { actions: 'chooseKind' },
        'section.add': { guard: 'ownTemplate', actions: 'addSection' },
        'section.remove': { guard: 'severalSections', actions: 'removeSection' },
        'design.save': [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ invalid: true, error: null }) },
        ],
        'template.new': { target: 'acting', actions: assign({ retry: 'new' }) },
        'template.duplicate': { target: 'acting', actions: assign({ retry: 'duplicate' }) },
        'template.delete': { guard: 'ownTemplate', target: 'confirmingDelete' },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': { target: 'acting', actions: assign({ retry: 'delete' }) },
        'delete.cancel': 'editing',
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ retry: 'save', error: null, invalid: false }),
      invoke: {
        src: 'saveDesign',
        input: ({ context }) => ({ templateId: context.loadedId!, design: context.draft! }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              ...loaded(context.loadedId!, event.output),
              selected: context.selected,
              savedTemplateId: context.loadedId,
              retry: null,
            })),
            emit(({ event }) => ({ type: 'design.saved' as const, design: event.output })),
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: 'design.failed' as const, error: failureOf(event.error) })),
          ],
        },
      },
    },
    /** New, duplicate or delete: the template it names next is then loaded. */
    acting: {
      tags: ['busy'],
      entry: assign({ error: null, invalid: false }),
      invoke: {
        src: 'changeTemplates',
        input: ({ context }) => ({
          action: context.retry as PdfTemplateAction,
          templateId: context.loadedId!,
          own: context.draft?.own === true,
        }),
        onDone: {
          target: 'loading',
          actions: assign({
            templateId: ({ event }) => event.output,
            draft: null,
            saved: null,
            retry: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    /** A call failed: its words are kept; the design can still be edited, and the call retried. */
    failed: {
      on: {
        'template.choose': chooseTemplate,
        'user.retry': [{ guard: 'retriesSave', target: 'saving' }, { target: 'acting' }],
        'design.change': { target: 'editing', actions: 'changeDesign' },
        'section.select': { target: 'editing', actions: 'select' },
        'section.change': { target: 'editing', actions: 'changeSection' },
        'section.move': { target: 'editing', actions: 'moveSection' },
        'design.save': [
          { guard: 'valid', target: 'saving' },
          { target: 'editing', actions: assign({ invalid: true, error: null }) },
        ],
      },
    },
  },
});

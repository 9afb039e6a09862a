import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isPdfDesignDirty, type PdfSaveInput, type PdfTemplateActionInput } from './pdfEditor.js';
import { pdfEditorMachine } from './pdfEditorMachine.js';
import { pdfCrossesBorderKey } from './pdfLayout.js';
import { newPdfSection, type PdfDesign, sectionBox } from './pdfSections.js';

const design = (): PdfDesign => ({
  own: true,
  name: 'Winter',
  isDefault: false,
  sections: [
    { ...newPdfSection('color_fill', 'Page', 'a'), id: 'a', position: 0 },
    { ...newPdfSection('text', 'Header', 'b'), id: 'b', position: 1 },
    {
      ...newPdfSection('dashed_box', 'Code box', 'c'),
      id: 'c',
      position: 2,
      padding: { top: 150, bottom: 632, left: 60, right: 300 },
    },
  ],
});

function start(
  saveDesign = async ({ design }: PdfSaveInput) => design,
  changeTemplates = async (_: PdfTemplateActionInput) => 't2',
) {
  const calls: { saved: PdfSaveInput[]; acted: PdfTemplateActionInput[] } = { saved: [], acted: [] };
  const actor = createActor(
    pdfEditorMachine.provide({
      actors: {
        saveDesign: fromPromise(({ input }: { input: PdfSaveInput }) => {
          calls.saved.push(input);
          return saveDesign(input);
        }),
        changeTemplates: fromPromise(({ input }: { input: PdfTemplateActionInput }) => {
          calls.acted.push(input);
          return changeTemplates(input);
        }),
      },
    }),
  ).start();
  actor.send({ type: 'design.load', templateId: 't1', design: design() });
  return { actor, calls };
}

describe('pdfEditorMachine', () => {
  it('waits for the design, then edits it: dirty until saved, the saved design kept', async () => {
    const { actor, calls } = start(async ({ design }) => ({ ...design, name: `${design.name} (saved)` }));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(isPdfDesignDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'section.select', index: 1 });
    actor.send({ type: 'section.change', patch: { text: 'Merry' } });
    expect(isPdfDesignDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'design.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.saved).toHaveLength(1);
    expect(calls.saved[0]!.templateId).toBe('t1');
    expect(calls.saved[0]!.design.sections[1]!.text).toBe('Merry');
    const { context } = actor.getSnapshot();
    expect(context.saved?.name).toBe('Winter (saved)');
    expect(context.draft).toEqual(context.saved);
    expect(context.selected).toBe(1);
    expect(context.savedTemplateId).toBe('t1');
    expect(isPdfDesignDirty(context)).toBe(false);
  });

  it('refuses to save a design with errors and says so; a section over the box’s border is one', () => {
    const { actor, calls } = start();
    actor.send({ type: 'section.move', index: 1, dx: 0, dy: 50 });
    const { context } = actor.getSnapshot();
    expect(context.selected).toBe(1);
    expect(sectionBox(context.draft!.sections[1]!.padding).y).toBe(130);
    expect(context.errors).toEqual({ 'sections.1.box': pdfCrossesBorderKey });
    actor.send({ type: 'design.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.invalid).toBe(true);
    expect(calls.saved).toHaveLength(0);
    // Moved back out of the border: saved.
    actor.send({ type: 'section.move', index: 1, dx: 0, dy: -50 });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('adds a section in free space and selects it; removes one, never the last', () => {
    const { actor } = start();
    actor.send({ type: 'section.kind', kind: 'info' });
    actor.send({ type: 'section.add', name: 'Info' });
    const { context } = actor.getSnapshot();
    const made = context.draft!.sections[3]!;
    expect(made).toMatchObject({ kind: 'info', key: 'new-1', id: null, position: 3 });
    expect(context.selected).toBe(3);
    expect(context.errors).toEqual({});
    const box = sectionBox(made.padding);
    for (const other of context.draft!.sections.slice(1, 3)) {
      const o = sectionBox(other.padding);
      expect(box.y >= o.y + o.height || box.y + box.height <= o.y).toBe(true);
    }
    actor.send({ type: 'section.remove' });
    expect(actor.getSnapshot().context.draft!.sections.map((s) => s.key)).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.selected).toBe(2);
    actor.send({ type: 'section.remove' });
    actor.send({ type: 'section.remove' });
    expect(actor.getSnapshot().can({ type: 'section.remove' })).toBe(false);
  });

  it('adds no section to a built-in template, nor deletes it', () => {
    const actor = createActor(pdfEditorMachine).start();
    actor.send({ type: 'design.load', templateId: 'classic', design: { ...design(), own: false } });
    expect(actor.getSnapshot().can({ type: 'section.add', name: 'Info' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'template.delete' })).toBe(false);
  });

  it('keeps a failed save’s words and the edits, and retries it', async () => {
    let fail = true;
    const { actor, calls } = start(async ({ design }) => {
      if (fail) throw Object.assign(new Error('Gone'), { code: 'not_found' });
      return design;
    });
    actor.send({ type: 'design.change', patch: { name: 'Spring' } });
    actor.send({ type: 'design.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.code).toBe('not_found');
    expect(actor.getSnapshot().context.draft?.name).toBe('Spring');
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.saved).toHaveLength(2);
    expect(actor.getSnapshot().context.saved?.name).toBe('Spring');
  });

  it('asks before deleting a template, then loads the one the edge names', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'template.delete' });
    expect(actor.getSnapshot().matches('confirmingDelete')).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'template.delete' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect(calls.acted).toEqual([{ action: 'delete', templateId: 't1', own: true }]);
    expect(actor.getSnapshot().context).toMatchObject({ templateId: 't2', draft: null });
    actor.send({ type: 'template.choose', templateId: 't3' });
    expect(actor.getSnapshot().context.templateId).toBe('t3');
  });

  it('says which actions its buttons may take: none while a save is on its way, the template again after it', async () => {
    let finish = (_: PdfDesign) => {};
    const { actor } = start(
      ({ design }) => new Promise<PdfDesign>((resolve) => (finish = () => resolve(design))),
    );
    const choose = { type: 'template.choose', templateId: 't2' } as const;
    const can = () =>
      [choose, { type: 'template.new' }, { type: 'section.add', name: 'Text' }, { type: 'design.save' }].map(
        (e) => actor.getSnapshot().can(e as never),
      );
    expect(can()).toEqual([true, true, true, true]);
    actor.send({ type: 'design.save' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(can()).toEqual([false, false, false, false]);
    // A choice sent anyway does not drop the save on its way.
    actor.send(choose);
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(actor.getSnapshot().context.draft).not.toBeNull();
    finish(design());
    await waitFor(actor, (s) => s.matches('editing'));
    expect(can()).toEqual([true, true, true, true]);
  });
});

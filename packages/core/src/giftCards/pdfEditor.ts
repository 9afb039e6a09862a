import type { PdfSectionKind } from '@tern/sdk';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import type { Failure } from '../internal/errorMessage.js';
import { movedPadding, pdfEditorErrors, placedPdfSection } from './pdfLayout.js';
import type { PdfDesign, PdfDesignSection } from './pdfSections.js';

/** The PDF editor's types and the pure steps its machine (`pdfEditorMachine`) takes on a design. */

export type PdfTemplateAction = 'new' | 'duplicate' | 'delete';

export interface PdfSaveInput {
  templateId: string;
  design: PdfDesign;
}
export interface PdfTemplateActionInput {
  action: PdfTemplateAction;
  templateId: string;
  /** The template is the property's own (a built-in one is duplicated with the type's look). */
  own: boolean;
}

export interface PdfEditorContext {
  /** The template shown (chosen, or the edge's choice when `null`: the type's, the default, the first). */
  templateId: string | null;
  /** The template whose design is loaded (`design.load`). */
  loadedId: string | null;
  draft: PdfDesign | null;
  /** The design as the server holds it. */
  saved: PdfDesign | null;
  /** The template a save here made the type print with (the type's own save keeps it). */
  savedTemplateId: string | null;
  selected: number;
  newKind: PdfSectionKind;
  /** Sections added so far (their keys). */
  added: number;
  errors: FormErrors;
  /** A save was asked while the design had errors. */
  invalid: boolean;
  /** The last call that failed, for `user.retry`. */
  retry: PdfTemplateAction | 'save' | null;
  error: Failure | null;
}

export type PdfEditorEvent =
  | { type: 'design.load'; templateId: string; design: PdfDesign }
  | { type: 'template.choose'; templateId: string }
  | { type: 'design.change'; patch: Partial<Pick<PdfDesign, 'name' | 'isDefault'>> }
  | { type: 'section.select'; index: number }
  | { type: 'section.change'; patch: Partial<PdfDesignSection> }
  | { type: 'section.kind'; kind: PdfSectionKind }
  | { type: 'section.add'; name: string }
  | { type: 'section.remove' }
  | { type: 'section.move'; index: number; dx: number; dy: number }
  | { type: 'design.save' }
  | { type: 'template.new' }
  | { type: 'template.duplicate' }
  | { type: 'template.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'user.retry' };

/** Whether the design differs from the one saved. */
export const isPdfDesignDirty = (context: Pick<PdfEditorContext, 'draft' | 'saved'>) =>
  JSON.stringify(context.draft) !== JSON.stringify(context.saved);

/** The design with new sections (a template's own sections keep their drawing order as positions). */
export const withSections = (design: PdfDesign, sections: PdfDesignSection[]): PdfDesign => ({
  ...design,
  sections: sections.map((s, position) => (design.own ? { ...s, position } : s)),
});
/** A draft with core's rules' findings. */
export const checked = (draft: PdfDesign) => ({ draft, errors: pdfEditorErrors(draft), invalid: false });
/** A design as loaded (or saved): the draft, the saved copy, the first section chosen. */
export const loaded = (templateId: string, design: PdfDesign) => ({
  loadedId: templateId,
  saved: design,
  selected: 0,
  error: null,
  ...checked(design),
});

type Editing = Pick<PdfEditorContext, 'draft' | 'selected' | 'added' | 'newKind'>;

/** The selected section with the patch. */
export function changedSection(context: Editing, patch: Partial<PdfDesignSection>) {
  const draft = context.draft!;
  return checked(
    withSections(
      draft,
      draft.sections.map((s, i) => (i === context.selected ? { ...s, ...patch } : s)),
    ),
  );
}

/** A new section of the kind chosen, in free space (never on the code box), and selected. */
export function addedSection(context: Editing, name: string) {
  const draft = context.draft!;
  const added = context.added + 1;
  const made = placedPdfSection(context.newKind, name, `new-${added}`, draft.sections);
  return {
    added,
    selected: draft.sections.length,
    ...checked(withSections(draft, [...draft.sections, made])),
  };
}

/** The selected section removed; the one before it selected. */
export function removedSection(context: Editing) {
  const draft = context.draft!;
  return {
    selected: Math.max(0, context.selected - 1),
    ...checked(
      withSections(
        draft,
        draft.sections.filter((_, i) => i !== context.selected),
      ),
    ),
  };
}

/** A section moved by the pointer or the keys, and selected. */
export function movedSection(context: Editing, index: number, dx: number, dy: number) {
  const draft = context.draft!;
  const sections = draft.sections.map((s, i) =>
    i === index ? { ...s, padding: movedPadding(s.padding, dx, dy) } : s,
  );
  return { selected: index, ...checked(withSections(draft, sections)) };
}

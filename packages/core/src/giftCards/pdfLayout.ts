import { PDF_PAGE_HEIGHT, PDF_PAGE_WIDTH, type PdfPadding, type PdfSectionKind } from '@tern/sdk';
import type { FormErrors } from '../admin/formDrawerMachine.js';
import {
  isTextKind,
  newPdfSection,
  type PdfBox,
  type PdfDesign,
  type PdfDesignSection,
  pdfDesignErrors,
  sectionBox,
} from './pdfSections.js';

// Where sections sit on the page as the PDF tab moves and adds them: a move keeps the box on the page, a new section
// takes free space, and a text never meets a dashed box's border (the border would strike its letters through).

/** The border a dashed box prints is this wide, centred on its box's edge (the server's `borderWidth`). */
export const PDF_DASHED_BORDER_WIDTH = 1.5;

/** The key of a text section whose box meets a dashed box's border. */
export const pdfCrossesBorderKey = 'validation_messages.pdf_crosses_border';

/** A section's place as the layout rules read it. */
type Placed = { kind: PdfSectionKind; visible: boolean; padding: PdfPadding };

/**
 * The padding of a box moved by `dx`, `dy` points (right and down), in whole points, kept on the page: its size
 * never changes, and a move past an edge stops at it.
 */
export function movedPadding(padding: PdfPadding, dx: number, dy: number): PdfPadding {
  const x = Math.round(Math.min(Math.max(dx, -padding.left), padding.right));
  const y = Math.round(Math.min(Math.max(dy, -padding.top), padding.bottom));
  return {
    top: padding.top + y,
    bottom: padding.bottom - y,
    left: padding.left + x,
    right: padding.right - x,
  };
}

const overlaps = (a: PdfBox, b: PdfBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const grown = (box: PdfBox, by: number): PdfBox => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});
const inside = (a: PdfBox, b: PdfBox) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;

/** Kinds that lie under the others (the page's colour, a photo behind, a card's panel): new sections go over them. */
const UNDERLAY_KINDS: readonly PdfSectionKind[] = ['background', 'color_fill', 'rectangle'];

/** A new section's band: this tall, the page's width less this margin, searched from this top in these steps. */
const BAND_HEIGHT = 60;
const BAND_MARGIN = 60;
const BAND_FIRST_TOP = 80;
const BAND_STEP = 10;

/**
 * The top of the first band of the page (from the top) that no visible section but an underlay covers, nor comes
 * within a border's width of, or `null` when none is free.
 */
export function freeBandTop(sections: readonly Placed[]): number | null {
  const taken = sections
    .filter((s) => s.visible && !UNDERLAY_KINDS.includes(s.kind))
    .map((s) => grown(sectionBox(s.padding), PDF_DASHED_BORDER_WIDTH));
  for (let top = BAND_FIRST_TOP; top + BAND_HEIGHT <= PDF_PAGE_HEIGHT - BAND_MARGIN; top += BAND_STEP) {
    const band = { x: BAND_MARGIN, y: top, width: PDF_PAGE_WIDTH - 2 * BAND_MARGIN, height: BAND_HEIGHT };
    if (!taken.some((box) => overlaps(box, band))) return top;
  }
  return null;
}

/**
 * A new section for a design (`newPdfSection`'s defaults) placed in free space: a band no other section covers
 * (`freeBandTop`), else the first band. A background or a colour fill covers the page less a margin, as before.
 */
export function placedPdfSection(
  kind: PdfSectionKind,
  name: string,
  key: string,
  sections: readonly Placed[],
): PdfDesignSection {
  const made = newPdfSection(kind, name, key);
  if (kind === 'background' || kind === 'color_fill') return made;
  const top = freeBandTop(sections) ?? BAND_FIRST_TOP;
  return {
    ...made,
    padding: {
      top,
      bottom: PDF_PAGE_HEIGHT - top - BAND_HEIGHT,
      left: BAND_MARGIN,
      right: BAND_MARGIN,
    },
  };
}

/**
 * The text sections whose box meets a dashed box's border, by `sections.<index>.box`: a visible text sits wholly
 * inside a visible dashed box (within its border) or wholly outside it (beyond its border), never across.
 */
export function pdfBorderErrors(sections: readonly Placed[]): FormErrors {
  const errors: Record<string, string> = {};
  const half = PDF_DASHED_BORDER_WIDTH / 2;
  const frames = sections
    .filter((s) => s.visible && s.kind === 'dashed_box')
    .map((s) => sectionBox(s.padding))
    .filter((box) => box.width > 0 && box.height > 0);
  sections.forEach((s, index) => {
    if (!s.visible || !isTextKind(s.kind)) return;
    const box = sectionBox(s.padding);
    const crosses = frames.some(
      (frame) => overlaps(box, grown(frame, half)) && !inside(box, grown(frame, -half)),
    );
    if (crosses) errors[`sections.${index}.box`] = pdfCrossesBorderKey;
  });
  return errors;
}

/** The errors of a design as the PDF tab checks it before saving: `pdfDesignErrors` and the border rule. */
export function pdfEditorErrors(design: PdfDesign): FormErrors {
  return { ...pdfDesignErrors(design), ...pdfBorderErrors(design.sections) };
}

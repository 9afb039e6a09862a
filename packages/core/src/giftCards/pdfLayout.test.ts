import { PDF_PAGE_HEIGHT, PDF_PAGE_WIDTH, type PdfPadding, type PdfSectionKind } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  freeBandTop,
  movedPadding,
  pdfBorderErrors,
  pdfCrossesBorderKey,
  placedPdfSection,
} from './pdfLayout.js';
import { layoutText, lineBaseline, sectionBox } from './pdfSections.js';

/** A padding of a box at x, y (from the top left) of a width and height. */
const at = (x: number, y: number, width: number, height: number): PdfPadding => ({
  top: y,
  bottom: PDF_PAGE_HEIGHT - y - height,
  left: x,
  right: PDF_PAGE_WIDTH - x - width,
});
const placed = (kind: PdfSectionKind, padding: PdfPadding, visible = true) => ({ kind, padding, visible });

describe('movedPadding', () => {
  it.each([
    ['right and down', 10, 20, at(70, 120, 200, 50)],
    ['left and up', -10, -20, at(50, 80, 200, 50)],
    ['past the left and top edges: stops at them', -500, -900, at(0, 0, 200, 50)],
    ['past the right and bottom edges: stops at them', 900, 900, at(395, 792, 200, 50)],
    ['by parts of a point: whole points', 0.4, 1.6, at(60, 102, 200, 50)],
  ])('moves a box %s, keeping its size', (_, dx, dy, expected) => {
    const moved = movedPadding(at(60, 100, 200, 50), dx, dy);
    expect(moved).toEqual(expected);
    expect(sectionBox(moved)).toMatchObject({ width: 200, height: 50 });
  });
});

describe('a new section’s place', () => {
  // The code and its dashed box where the built-in Classic template has them, over the page colour and card.
  const classic = [
    placed('color_fill', at(0, 0, PDF_PAGE_WIDTH, PDF_PAGE_HEIGHT)),
    placed('rectangle', at(24, 24, 547, 794)),
    placed('text', at(60, 92, 475, 90)),
    placed('dashed_box', at(60, 628, 235, 60)),
  ];

  it('takes the first band nothing but the page colour, a photo behind or a panel covers', () => {
    expect(freeBandTop([])).toBe(80);
    expect(freeBandTop(classic)).toBe(190);
    // A hidden section leaves its place free.
    expect(freeBandTop([placed('text', at(60, 92, 475, 90), false)])).toBe(80);
  });

  it('never lands on the code box or another section; says so when the page is full', () => {
    const full = Array.from({ length: 14 }, (_, i) => placed('text' as const, at(0, i * 60, 595, 60)));
    expect(freeBandTop(full)).toBeNull();
    for (const kind of ['info', 'qr_code', 'dashed_box', 'image'] as const) {
      const made = placedPdfSection(kind, 'New', 'k', classic);
      const box = sectionBox(made.padding);
      const code = sectionBox(classic[3]!.padding);
      expect(box.y + box.height <= code.y || box.y >= code.y + code.height, kind).toBe(true);
      expect(pdfBorderErrors([...classic, made])).toEqual({});
    }
    // The page colour and a photo behind still cover the page (less a margin).
    expect(placedPdfSection('background', 'Photo', 'k', classic).padding).toEqual({
      top: 40,
      bottom: 40,
      left: 40,
      right: 40,
    });
  });
});

describe('pdfBorderErrors', () => {
  const box = placed('dashed_box', at(60, 628, 235, 60));
  it.each([
    ['wholly inside the box', at(64, 646, 227, 28), {}],
    ['wholly outside it', at(60, 700, 235, 20), {}],
    ['under its bottom border', at(60, 680, 235, 20), { 'sections.1.box': pdfCrossesBorderKey }],
    ['across its right border', at(200, 640, 200, 20), { 'sections.1.box': pdfCrossesBorderKey }],
    [
      'around it (the border runs through the text)',
      at(40, 600, 300, 120),
      { 'sections.1.box': pdfCrossesBorderKey },
    ],
    ['on its border’s outer half', at(60, 688.5, 235, 20), { 'sections.1.box': pdfCrossesBorderKey }],
  ])('a text %s', (_, padding, errors) => {
    expect(pdfBorderErrors([box, placed('info', padding)])).toEqual(errors);
  });

  it('leaves hidden sections and shapes alone', () => {
    expect(pdfBorderErrors([box, placed('info', at(60, 680, 235, 20), false)])).toEqual({});
    expect(pdfBorderErrors([{ ...box, visible: false }, placed('info', at(60, 680, 235, 20))])).toEqual({});
    expect(pdfBorderErrors([box, placed('qr_code', at(60, 680, 235, 20))])).toEqual({});
  });
});

describe('layoutText', () => {
  const measure = (s: string) => s.length * 10;
  it('says when the text does not fit its box', () => {
    expect(layoutText('Gift card', 100, 1, measure)).toEqual({ lines: ['Gift card'], clipped: false });
    expect(layoutText('A gift card for you', 100, 1, measure)).toEqual({ lines: ['A gift…'], clipped: true });
    expect(layoutText('Gift', 100, 0, measure)).toEqual({ lines: [], clipped: true });
    expect(layoutText('', 100, 0, measure)).toEqual({ lines: [], clipped: false });
  });

  it('puts a line’s baseline its font’s ascent below the line’s top, lines 1.2 × the size apart', () => {
    const box = { x: 0, y: 100, width: 200, height: 100 };
    // Each line of size 10 is 12 high, the text centred in it (1 above), the ascent 8 below that.
    expect(lineBaseline(box, 0, 10, 8)).toBe(109);
    expect(lineBaseline(box, 2, 10, 8)).toBe(133);
  });
});

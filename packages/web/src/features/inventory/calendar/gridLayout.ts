/** A day's column, a row's height, the row titles' column (narrower on a phone) and the dates' header, in CSS px. */
export const COL_WIDTH = 64;
export const ROW_HEIGHT = 30;
export const LABEL_WIDTH = 300;
export const PHONE_LABEL_WIDTH = 150;
export const HEAD_HEIGHT = 48;
/** The grid's size before it is measured (and where there is no layout: a test's document). */
export const DEFAULT_VIEW = { width: 1200, height: 600 };
/** Rows and columns drawn beyond the visible ones, so a quick scroll shows no gap. */
export const OVERSCAN = 4;

/** The row titles' width in a grid `width` px wide. */
export function labelWidthFor(width: number): number {
  return width < 640 ? PHONE_LABEL_WIDTH : LABEL_WIDTH;
}

/** The columns the grid draws (those in view and `OVERSCAN` more each side), scrolled `left` px in `width` px. */
export function columnsInView(
  left: number,
  width: number,
  lastCol: number,
): { firstCol: number; endCol: number } {
  return {
    firstCol: Math.max(0, Math.floor(left / COL_WIDTH) - OVERSCAN),
    endCol: Math.min(lastCol, Math.ceil((left + width - labelWidthFor(width)) / COL_WIDTH) + OVERSCAN),
  };
}

/** A day's column, a row's height, the row titles' column (narrower on a phone) and the dates' header, in CSS px. */
export const COL_WIDTH = 64;
export const ROW_HEIGHT = 30;
export const LABEL_WIDTH = 300;
export const PHONE_LABEL_WIDTH = 150;
export const HEAD_HEIGHT = 48;

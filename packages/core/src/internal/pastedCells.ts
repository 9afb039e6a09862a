// Pasted text as a spreadsheet copies it (core's pastes of guests and recipients).

/**
 * Pasted text as rows of cells: one row a line (`\r\n`, `\n` or `\r`), cells split by tabs, each trimmed;
 * blank lines left out. The shape a spreadsheet copies: the guests' and the recipients' pastes read it.
 */
export function pastedCells(text: string): string[][] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.split('\t').map((cell) => cell.trim()))
    .filter((cells) => cells.some((c) => c !== ''));
}

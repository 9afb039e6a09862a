/** A progress bar for a terminal's stderr: `[#######-------] 7/15`. */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}

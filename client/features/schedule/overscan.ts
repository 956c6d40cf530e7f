/** How many closed rows the grid draws beyond the view, above and below. */
export const OVERSCAN_ROWS = 6;

/**
 * How many rows to draw beyond the view so the margin is about as tall as OVERSCAN_ROWS closed rows,
 * whatever the rows' height. The virtualiser counts rows, and an open row (every row in the detailed
 * mode) is several closed rows tall: six of them kept several screens of bars in the page, each
 * laid out, painted and composited on every frame of a scroll. At least one row either side.
 */
export function overscanRows(averageHeight: number, rowHeight: number): number {
  if (!(averageHeight > rowHeight)) return OVERSCAN_ROWS;
  return Math.max(1, Math.round((OVERSCAN_ROWS * rowHeight) / averageHeight));
}

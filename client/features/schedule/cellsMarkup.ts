import { cellLook, type PeriodFigures } from '../../components/schedule/cellLook.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => escapes[c]!);

/**
 * One engineer's cells as markup: load in percent, coloured by status (a class reading the grid's
 * variables), tentative hatched, days off a grey band. A fling brings a dozen rows of cells into view
 * every frame; the browser parses one string per row far faster than React creates and diffs each
 * cell, and that creation was most of the longest block while scrolling.
 */
export function cellsMarkup(periods: readonly PeriodFigures[], ownDays = false): string {
  let html = '';
  for (let index = 0; index < periods.length; index += 1) {
    const look = cellLook(periods[index]!, ownDays);
    const classes = `schedule-cell t-${look.tone}${look.hatched ? ' hatched' : ''}${look.offShare > 0 ? ' away' : ''}`;
    const style = look.offShare > 0 ? ` style="--off: ${look.offShare * 100}%"` : '';
    html += `<span class="${classes}" role="gridcell" data-p="${index}" data-status="${look.tone}"${style}>${escapeHtml(look.label)}</span>`;
  }
  return html;
}

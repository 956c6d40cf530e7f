import type { RecordedPeriod } from '../../../domain/actuals/shown.ts';
import { cellLook, type PeriodFigures } from '../../components/grid/cellLook.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => escapes[c]!);

/**
 * One engineer's cells as markup: load in percent, coloured by status (a class reading the grid's
 * variables), tentative hatched, days off a grey band, a period over capacity on some day marked.
 * A fling brings a dozen rows of cells into view every frame; the browser parses one string per row
 * far faster than React creates and diffs each cell, and that creation was most of the longest block
 * while scrolling.
 * With `recorded` (the Actual mode), the past periods it gives read what was recorded instead.
 */
export function cellsMarkup(periods: readonly PeriodFigures[], ownDays = false, recorded: readonly (RecordedPeriod | null)[] | null = null): string {
  let html = '';
  for (let index = 0; index < periods.length; index += 1) {
    const look = cellLook(periods[index]!, ownDays, recorded?.[index] ?? null);
    const classes = `schedule-cell t-${look.tone}${look.over ? ' over' : ''}${look.hatched ? ' hatched' : ''}${look.offShare > 0 ? ' away' : ''}${look.actual ? ` actual ${look.actual}` : ''}`;
    const style = look.offShare > 0 ? ` style="--off: ${look.offShare * 100}%"` : '';
    const actual = look.actual ? ` data-actual="${look.actual}"` : '';
    // The dash of a period nobody filled says nothing to a screen reader: it is named. So is the mark
    // of a period over capacity on some day, beside its average.
    const name = look.actual === 'unfilled' ? ' aria-label="Not filled"' : look.over ? ` aria-label="${escapeHtml(`${look.label}, ${look.over}`)}"` : '';
    html += `<span class="${classes}" role="gridcell" data-p="${index}" data-status="${look.tone}"${actual}${name}${style}>${escapeHtml(look.label)}</span>`;
  }
  return html;
}

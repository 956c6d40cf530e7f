/**
 * What is under the pointer on the schedule, by hit testing: a dragged bar keeps the pointer captured,
 * so the events name the bar, not the row the pointer is over.
 */

/** The engineer whose row (their cells, bars or name) is at the point; null when none is. */
export function engineerAt(clientX: number, clientY: number): string | null {
  if (typeof document === 'undefined' || typeof document.elementFromPoint !== 'function') return null;
  const element = document.elementFromPoint(clientX, clientY);
  return element?.closest<HTMLElement>('[data-id]')?.dataset.id ?? null;
}

import { useEffect } from 'react';
import type { useScheduleWrites } from '../planning/index.ts';
import { createPrefill } from './createPrefill.ts';
import type { ScheduleData } from './schedule.machine.ts';

type Writes = ReturnType<typeof useScheduleWrites>;

/** Ctrl+Z (or Cmd+Z) outside a field or a dialog: undo the newest change made here. */
const isUndoKey = (event: KeyboardEvent) => {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=true], .ant-modal-root')) return false;
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') === null;
};

/**
 * New work from empty cells (the person of the row and the dates of the periods chosen), and Ctrl+Z
 * undoing the newest change made here (a toast's Undo, that change). The cells' subscription follows
 * the grid shown, so a span is read against the grid it was chosen on.
 */
export function useScheduleGestures(writes: Pick<Writes, 'cells' | 'openCreate' | 'undo'>, grid: ScheduleData['grid'] | null, canPlan: boolean) {
  const { cells, openCreate, undo } = writes;
  useEffect(() => {
    const subscription = cells.on('create', (span) => {
      const prefill = grid && createPrefill(grid, span);
      if (prefill) openCreate(undefined, prefill);
    });
    return () => subscription.unsubscribe();
  }, [cells, openCreate, grid]);

  useEffect(() => {
    if (!canPlan) return undefined;
    const listener = (event: KeyboardEvent) => {
      if (!isUndoKey(event)) return;
      event.preventDefault();
      undo.send({ type: 'UNDO' });
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [canPlan, undo]);
}

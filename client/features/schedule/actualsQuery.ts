import { pastPart } from '../../../domain/actuals/shown.ts';
import type { ScheduleView } from '../../lib/scheduleView.ts';
import { windowRange } from '../../lib/window.ts';

/** GET /api/actuals's query for the schedule's Actual mode: one row per engineer, in the grid's step. */
export type ScheduleActualsQuery = { from: string; to: string; step: 'week' | 'month'; by: 'engineer' };

/**
 * Why past periods cannot show actuals, as the disabled control's tooltip says it; null when they can.
 * Actuals are kept per week, so not in the day zoom. They are what was recorded up to now, so not while
 * the app shows a past moment or a scenario (the Report hides them there too). An engineer reads only
 * their own: a schedule of everyone would read empty for the others.
 */
export function actualsOffReason(step: ScheduleView['step'], viewingPast: boolean, role: string | undefined): string | null {
  if (role === 'engineer') return 'Your own actuals are on your dashboard';
  if (step === 'day') return 'Actuals are kept per week: choose Week or Month to see them';
  if (viewingPast) return 'Actuals show on the live plan only, not at a past moment or in a scenario';
  return null;
}

/**
 * What the Actual mode asks for: the part of the window that ended before this ISO week (only those
 * periods show actuals). Null when nothing is to be asked: the plan is shown, actuals cannot be shown
 * (`allowed`: see actualsOffReason), or the window is all this week or later.
 */
export function actualsQuery(view: ScheduleView, today: string, allowed: boolean): ScheduleActualsQuery | null {
  if (view.show !== 'actual' || view.step === 'day' || !allowed) return null;
  const past = pastPart(windowRange(view, today), today);
  return past && { ...past, step: view.step, by: 'engineer' };
}

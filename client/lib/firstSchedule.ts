import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { type PackedCapacityResponse, unpackCapacity } from '../../domain/capacity/columns.ts';
import { FIRST_PAINT_ID, FIRST_SCHEDULE_ID, type FirstSchedule } from '../../domain/page-hints.ts';

/**
 * The top of the schedule's grid as the server put it in the page (server/plugins/first-schedule.ts):
 * GET /api/capacity's packed answer for the page's address, cut to a screen's rows, and the window's
 * open roles. Null when the page holds none or it cannot be read.
 */
export function readFirstSchedule(doc: Pick<Document, 'getElementById'> = document): FirstSchedule<CapacityResponse> | null {
  const text = doc.getElementById(FIRST_SCHEDULE_ID)?.textContent;
  if (!text) return null;
  try {
    const first = JSON.parse(text) as FirstSchedule<PackedCapacityResponse>;
    return { grid: unpackCapacity(first.grid), openRoles: first.openRoles };
  } catch {
    return null;
  }
}

/**
 * Takes away the schedule's first paint (client/firstPaint), which covers the page from before the app
 * has loaded until the app's own screen is ready to be seen: the schedule once its grid has come, any
 * other screen at once.
 */
export function dismissFirstPaint(doc: Pick<Document, 'getElementById'> = document) {
  doc.getElementById(FIRST_PAINT_ID)?.remove();
}

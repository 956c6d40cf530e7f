import { keepLockedAssignment } from '../../domain/actuals/locked-plan.ts';
import type { AssignmentRecord } from '../../domain/entities.ts';
import { DomainError } from '../../domain/errors.ts';

type Planned = Pick<AssignmentRecord, 'engineerId' | 'projectId' | 'allocationPercentage' | 'startDate' | 'endDate'>;

/**
 * What the server would answer a change that corrects the past too, by the domain's own rule: the
 * refusal's sentence when it changes a day of a week locked for its engineer (or for the one it is
 * handed to), else null. Asked before saving, so the form says it instead of a failed save.
 */
export function lockedWeekRefusal(
  before: Planned,
  after: Planned,
  locked: ReadonlyMap<string, readonly string[]>,
  names: ReadonlyMap<string, string>,
  timeZone: string,
): string | null {
  if ([after.startDate, after.endDate].some((date) => Number.isNaN(Date.parse(date))) || typeof after.allocationPercentage !== 'number') return null;
  try {
    keepLockedAssignment(before, after, { lockedWeeks: (id) => locked.get(id) ?? [], nameOf: (id) => names.get(id) ?? null }, timeZone);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

import type { PackedCapacityResponse } from '../../../domain/capacity/columns.ts';
import type { Placeholder, TimeOff } from '../../../domain/entities.ts';
import { request } from '../../lib/http.ts';
import { packedCapacityPath, unpackedCapacity } from '../../lib/packedCapacity.ts';
import type { ScheduleData } from './schedule.machine.ts';

/**
 * The live schedule: the grid, the time off in its window and the open placeholders, read side by side.
 * Kept apart from the past plan's query (scheduleSource.ts) so the route can start it before the
 * screen's code has loaded.
 */
export async function fetchSchedule(query: URLSearchParams, signal?: AbortSignal): Promise<ScheduleData> {
  const range = new URLSearchParams({ from: query.get('from') ?? '', to: query.get('to') ?? '' });
  const [grid, timeOff, placeholders] = await Promise.all([
    // Each period once and a row's figures as lists: under a fifth of the text, written out as cells.
    request<PackedCapacityResponse>('GET', packedCapacityPath(query.toString()), { signal }).then(unpackedCapacity),
    request<TimeOff[]>('GET', `/api/time-off?${range.toString()}`, { signal }),
    request<Placeholder[]>('GET', '/api/placeholders', { signal }),
  ]);
  return { grid, timeOff, placeholders };
}

import type { Engineer } from '../../../domain/entities.ts';
import { type Dated, type EngineerFigures, isAvailableNow, matchesEngineerFilter } from '../../../domain/figures.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 (local time) of the week that holds `date`. */
export function startOfWeek(date: Date): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (day.getDay() + 6) % 7; // Monday = 0
  day.setDate(day.getDate() - offset);
  return day;
}

export type TimelineWindow = { start: number; end: number; weeks: number[] };

/** `weeks` week columns starting `weeksBefore` weeks before the current week, so recent work stays in view. */
export function timelineWindow(now: Date, weeks: number, weeksBefore = 1): TimelineWindow {
  const first = startOfWeek(now);
  first.setDate(first.getDate() - 7 * weeksBefore);
  const starts: number[] = [];
  for (let i = 0; i < weeks; i += 1) {
    const week = new Date(first);
    week.setDate(first.getDate() + 7 * i);
    starts.push(week.getTime());
  }
  const end = new Date(first);
  end.setDate(first.getDate() + 7 * weeks);
  return { start: first.getTime(), end: end.getTime(), weeks: starts };
}

/** Where an assignment's bar sits in the window, in percent of its width; null when it lies outside. */
export function barGeometry(a: Dated, window: Pick<TimelineWindow, 'start' | 'end'>) {
  const start = Date.parse(a.startDate);
  const end = Date.parse(a.endDate);
  if (end <= window.start || start >= window.end) return null;
  const span = window.end - window.start;
  const from = Math.max(start, window.start);
  const to = Math.min(end, window.end);
  return {
    left: ((from - window.start) / span) * 100,
    width: ((to - from) / span) * 100,
    clippedStart: start < window.start,
    clippedEnd: end > window.end,
  };
}

/** The position of `now` in the window, in percent; null outside it. */
export const nowOffset = (now: Date, window: Pick<TimelineWindow, 'start' | 'end'>) =>
  now.getTime() < window.start || now.getTime() > window.end ? null : ((now.getTime() - window.start) / (window.end - window.start)) * 100;

/** Bars are coloured by allocation: light for small shares, deep blue for full time, red above 100 %. */
export function allocationColor(allocation: number): string {
  if (allocation > 100) return '#dc2626';
  if (allocation > 75) return '#1d4ed8';
  if (allocation > 50) return '#2563eb';
  if (allocation > 25) return '#60a5fa';
  return '#93c5fd';
}

/** ...and sized by it: 14 px for a sliver, 26 px for full time. */
export const barHeight = (allocation: number) => Math.round(14 + (Math.min(Math.max(allocation, 0), 100) / 100) * 12);

export type CapacityFilter = { search: string; skills: string[]; availableOnly: boolean };

export const initialCapacityFilter: CapacityFilter = { search: '', skills: [], availableOnly: false };

export type CapacityFilterAction =
  | { type: 'search'; text: string }
  | { type: 'skills'; skills: string[] }
  | { type: 'availableOnly'; value: boolean }
  | { type: 'clear' };

export function capacityFilterReducer(filter: CapacityFilter, action: CapacityFilterAction): CapacityFilter {
  switch (action.type) {
    case 'search':
      return { ...filter, search: action.text };
    case 'skills':
      return { ...filter, skills: action.skills };
    case 'availableOnly':
      return { ...filter, availableOnly: action.value };
    case 'clear':
      return initialCapacityFilter;
  }
}

/** Name or skill search and skill filter (domain rule), plus 'available only': some capacity left now. */
export const filterCapacity = <E extends Pick<Engineer, 'name' | 'skills'> & Pick<EngineerFigures, 'availableCapacity'>>(
  engineers: readonly E[],
  filter: CapacityFilter,
) =>
  engineers.filter(
    (e) => matchesEngineerFilter(e, { search: filter.search, skills: filter.skills }) && (!filter.availableOnly || isAvailableNow(e)),
  );

/** Free capacity across the shown engineers: the sum of what each has left (never below 0). */
export const totalFreeCapacity = (engineers: readonly Pick<EngineerFigures, 'availableCapacity'>[]) =>
  engineers.reduce((sum, e) => sum + Math.max(0, e.availableCapacity), 0);

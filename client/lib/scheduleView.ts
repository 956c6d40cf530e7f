import type { Seniority } from '../../domain/entities.ts';
import { type CapacitySortKey, capacitySortKeys } from '../../domain/capacity/sort-keys.ts';
import type { CapacityStep } from '../../domain/capacity/inputs.ts';
import { isCalendarDate } from '../../domain/capacity/calendar-days.ts';

/**
 * The domain's lists of seniorities and steps, repeated: their modules build zod schemas as they
 * load, and the schedule's address is read (to fetch its grid) before zod has loaded. The checks
 * below fail to compile when a list and its type part.
 */
const seniorities = ['junior', 'mid', 'senior'] as const satisfies readonly Seniority[];
const capacitySteps = ['day', 'week', 'month'] as const satisfies readonly CapacityStep[];
export type Covers<List extends readonly string[], All extends string> = [Exclude<All, List[number]>] extends [never] ? true : never;
const listsComplete: [Covers<typeof seniorities, Seniority>, Covers<typeof capacitySteps, CapacityStep>] = [true, true];
void listsComplete;

/**
 * What the schedule shows: its window of dates, how the dates are grouped, which engineers and in
 * which order. The same value lives in the page's URL, so a view can be bookmarked and shared.
 */
export type ScheduleView = {
  /** A date inside the window's first period ('YYYY-MM-DD'); null follows today. */
  from: string | null;
  weeks: ScheduleSpan;
  step: CapacityStep;
  q: string;
  /**
   * One engineer's id: that person alone, where a link names someone (the Report's person). A name
   * may be shared by several people in a large organisation; `q` then carries the name to read.
   */
  engineer: string | null;
  skills: string[];
  department: string | null;
  /** A team's id: its people and the people of the teams inside it. */
  team: string | null;
  seniority: Seniority | null;
  /** "Free at least minFree % from freeFrom to freeTo"; without dates, over the whole window. */
  minFree: number | null;
  freeFrom: string | null;
  freeTo: string | null;
  includeTentative: boolean;
  sort: CapacitySortKey;
  /** What past periods show: the plan, or the hours people recorded (actuals are kept per week: never in the day zoom). */
  show: ScheduleShow;
};

export const scheduleShows = ['plan', 'actual'] as const;
export type ScheduleShow = (typeof scheduleShows)[number];

export const scheduleSpans = [4, 8, 12, 26, 52] as const;
export type ScheduleSpan = (typeof scheduleSpans)[number];

/**
 * Day columns are narrow and every engineer has one per day: beyond eight weeks the grid of
 * 2,000 engineers would be hundreds of thousands of cells, too many to fetch or read.
 */
export const DAY_STEP_MAX_WEEKS: ScheduleSpan = 8;

export const spansFor = (step: CapacityStep): ScheduleSpan[] =>
  scheduleSpans.filter((weeks) => step !== 'day' || weeks <= DAY_STEP_MAX_WEEKS);

/** The engineer filters, all off: which engineers show, apart from the window and the order. */
export const noFilters = {
  q: '',
  engineer: null,
  skills: [],
  department: null,
  team: null,
  seniority: null,
  minFree: null,
  freeFrom: null,
  freeTo: null,
} satisfies Partial<ScheduleView>;

export const defaultScheduleView: ScheduleView = { from: null, weeks: 12, step: 'week', ...noFilters, includeTentative: false, sort: 'name', show: 'plan' };

const isSpan = (value: number): value is ScheduleSpan => (scheduleSpans as readonly number[]).includes(value);
/** The value when the list has it, else null: a value read from a URL is trusted only once known. */
export const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | null =>
  value && (list as readonly string[]).includes(value) ? (value as T) : null;
const dateOrNull = (value: string | null | undefined) => (value && isCalendarDate(value) ? value : null);

/** The window of a planning screen's view (the schedule's, the project plan's): its first date, span and step. */
export type ViewWindow = Pick<ScheduleView, 'from' | 'weeks' | 'step'>;

/** A window every part of a screen can trust: a real date or today, a known span and step, the span allowed for the step. */
export function normalizeWindow(window: ViewWindow): ViewWindow {
  const step = oneOf(capacitySteps, window.step) ?? defaultScheduleView.step;
  let weeks = isSpan(window.weeks) ? window.weeks : defaultScheduleView.weeks;
  if (step === 'day' && weeks > DAY_STEP_MAX_WEEKS) weeks = DAY_STEP_MAX_WEEKS;
  return { from: dateOrNull(window.from), weeks, step };
}

/** The window a URL asks for, before normalizing: `from`, `weeks` and `step`. */
export function windowFromSearch(search: URLSearchParams): ViewWindow {
  const text = search.get('weeks');
  const weeks = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return {
    from: search.get('from'),
    weeks: (Number.isFinite(weeks) ? weeks : defaultScheduleView.weeks) as ScheduleSpan,
    step: (search.get('step') ?? defaultScheduleView.step) as CapacityStep,
  };
}

/** Writes a normalized window into a URL's search part: only what differs from the default. */
export function writeWindow(search: URLSearchParams, window: ViewWindow) {
  if (window.from) search.set('from', window.from);
  if (window.weeks !== defaultScheduleView.weeks) search.set('weeks', String(window.weeks));
  if (window.step !== defaultScheduleView.step) search.set('step', window.step);
}

/** A view every part of the screen can trust: known values only, the span allowed for the step, free dates in order. */
export function normalizeView(view: ScheduleView): ScheduleView {
  const { from, weeks, step } = normalizeWindow(view);
  const minFree = typeof view.minFree === 'number' && Number.isFinite(view.minFree) ? Math.min(100, Math.max(0, Math.round(view.minFree))) : null;
  let freeFrom = dateOrNull(view.freeFrom);
  let freeTo = dateOrNull(view.freeTo);
  if (freeFrom && freeTo && freeTo < freeFrom) [freeFrom, freeTo] = [freeTo, freeFrom];
  return {
    from,
    weeks,
    step,
    q: view.q.slice(0, 200),
    engineer: view.engineer?.trim().slice(0, 100) || null,
    skills: [...new Set(view.skills.map((s) => s.trim()).filter(Boolean))],
    department: view.department?.trim() || null,
    team: view.team?.trim().slice(0, 100) || null,
    seniority: oneOf(seniorities, view.seniority),
    minFree,
    freeFrom,
    freeTo,
    includeTentative: view.includeTentative === true,
    sort: oneOf(capacitySortKeys, view.sort) ?? defaultScheduleView.sort,
    // Actuals are kept per ISO week, so days cannot show them: the day zoom is always the plan.
    show: step === 'day' ? 'plan' : (oneOf(scheduleShows, view.show) ?? defaultScheduleView.show),
  };
}

/** The view a URL asks for; anything unreadable falls back to the default (an old or edited link still opens). */
export function viewFromSearch(search: URLSearchParams): ScheduleView {
  const number = (key: string) => {
    const text = search.get(key);
    const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value : null;
  };
  return normalizeView({
    ...windowFromSearch(search),
    q: search.get('q') ?? '',
    engineer: search.get('engineer'),
    skills: (search.get('skills') ?? '').split(','),
    department: search.get('department'),
    team: search.get('team'),
    seniority: search.get('seniority') as Seniority | null,
    minFree: number('minFree'),
    freeFrom: search.get('freeFrom'),
    freeTo: search.get('freeTo'),
    includeTentative: search.get('includeTentative') === 'true',
    sort: (search.get('sort') ?? defaultScheduleView.sort) as CapacitySortKey,
    show: search.get('show') as ScheduleShow,
  });
}

/** The URL's search part for a view: only what differs from the default, in a fixed order, so equal views give equal URLs. */
export function searchOfView(view: ScheduleView): URLSearchParams {
  const v = normalizeView(view);
  const d = defaultScheduleView;
  const search = new URLSearchParams();
  writeWindow(search, v);
  if (v.q.trim()) search.set('q', v.q.trim());
  if (v.engineer) search.set('engineer', v.engineer);
  if (v.skills.length > 0) search.set('skills', v.skills.join(','));
  if (v.department) search.set('department', v.department);
  if (v.team) search.set('team', v.team);
  if (v.seniority) search.set('seniority', v.seniority);
  if (v.minFree !== null) search.set('minFree', String(v.minFree));
  if (v.freeFrom) search.set('freeFrom', v.freeFrom);
  if (v.freeTo) search.set('freeTo', v.freeTo);
  if (v.includeTentative) search.set('includeTentative', 'true');
  if (v.sort !== d.sort) search.set('sort', v.sort);
  if (v.show !== d.show) search.set('show', v.show);
  return search;
}

/**
 * The view without what only changes how the grid's cells read (plan or actuals): two views with
 * the same grid view ask the server for the same grid.
 */
export const gridViewOf = (view: ScheduleView): ScheduleView => ({ ...view, show: defaultScheduleView.show });

/** How many engineer filters are on (the window, step and order are not filters): the Filters button's badge. */
export const filterCount = (view: ScheduleView) =>
  (view.q.trim() !== '' || view.engineer !== null ? 1 : 0) + view.skills.length + (view.department !== null ? 1 : 0) + (view.team !== null ? 1 : 0) + (view.seniority !== null ? 1 : 0) + (view.minFree !== null ? 1 : 0);

export const hasFilters = (view: ScheduleView) => filterCount(view) > 0;

import type { HolidayCalendar, HolidayRecord, Placeholder, Project, TimeOff } from '../../../domain/entities.ts';
import type { AddHolidayInput, AddPlaceholderInput, BookTimeOffInput, UpdatePlaceholderInput } from '../../../domain/inputs.ts';
import { answerVersion } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';
import { foundIn, liveOnly, liveOrDrafted, newId } from '../../lib/draftTarget.ts';
import { draft } from './draftApi.ts';
import { planningApi } from './planningApi.ts';

/**
 * The writes of the capacity facts: time off (on the engineer's stream), holidays (on the calendar's),
 * a project's tentative flag and placeholders (on the project's). Each edit or removal carries the
 * version of that stream it was made against; a stale one is refused with 409 VERSION_CONFLICT.
 * While the app works in a scenario, each is drafted into it instead (holidays stay live-only).
 */

type Removed = { message: string; version: number };
type Fields<T> = Omit<T, 'version'>;
const enc = encodeURIComponent;
const placeholderPath = (projectId: string, placeholderId: string) => `/api/projects/${enc(projectId)}/placeholders/${enc(placeholderId)}`;

/** A thing as saved now with the version its removal must send; null once it is gone. */
export type Current<T> = { item: T; version: number } | null;

export const capacityFactsApi = {
  bookTimeOff: (engineerId: string, input: Fields<BookTimeOffInput>) => {
    const timeOffId = newId();
    return liveOrDrafted(
      () => request<TimeOff>('POST', `/api/engineers/${enc(engineerId)}/time-off`, { body: input }),
      (into) => draft(into, { kind: 'bookTimeOff', engineerId, timeOffId, input }, (plan) => foundIn(plan.timeOff, timeOffId)),
    );
  },
  cancelTimeOff: (engineerId: string, timeOffId: string, version: number) =>
    liveOrDrafted(
      () => request<Removed>('DELETE', `/api/engineers/${enc(engineerId)}/time-off/${enc(timeOffId)}`, { body: { version } }),
      (into) => draft(into, { kind: 'cancelTimeOff', engineerId, timeOffId }, (plan) => ({ message: 'Cancellation drafted', version: foundIn(plan.engineers, engineerId).version })),
    ),
  /** The booking as saved now, with the engineer's version (what a cancel sends). */
  async currentTimeOff(engineerId: string, timeOffId: string): Promise<Current<TimeOff>> {
    const [list, engineer] = await Promise.all([
      request<TimeOff[]>('GET', `/api/time-off?engineerId=${enc(engineerId)}`),
      planningApi.engineer(engineerId),
    ]);
    const item = list.find((t) => t._id === timeOffId);
    return item ? { item, version: engineer.version } : null;
  },

  /** Left out, `calendarId` is the default calendar. */
  addHoliday: (input: Omit<Fields<AddHolidayInput>, 'calendarId'> & { calendarId?: string }) =>
    liveOnly(() => request<HolidayRecord>('POST', '/api/holidays', { body: input }), 'Holidays'),
  removeHoliday: (holidayId: string, version: number) =>
    liveOnly(() => request<Removed>('DELETE', `/api/holidays/${enc(holidayId)}`, { body: { version } }), 'Holidays'),
  /** The holiday as saved now, with its calendar's version (the default calendar's is the list's ETag). */
  async currentHoliday(holidayId: string): Promise<Current<HolidayRecord>> {
    const list = await request<HolidayRecord[]>('GET', '/api/holidays');
    const item = list.find((h) => h._id === holidayId);
    if (!item) return null;
    if ((item.calendarId ?? 'default') === 'default') return { item, version: answerVersion(list) ?? item.version };
    const calendars = await request<HolidayCalendar[]>('GET', '/api/holiday-calendars');
    return { item, version: calendars.find((c) => c._id === item.calendarId)?.version ?? item.version };
  },

  markTentative: (projectId: string, tentative: boolean, version: number) =>
    liveOrDrafted(
      () => request<Project>('POST', `/api/projects/${enc(projectId)}/${tentative ? 'tentative' : 'confirm'}`, { body: { version } }),
      (into) => draft(into, { kind: tentative ? 'markTentative' : 'confirmProject', projectId }, (plan) => foundIn(plan.projects, projectId)),
    ),

  addPlaceholder: (projectId: string, input: Fields<AddPlaceholderInput>) => {
    const placeholderId = newId();
    return liveOrDrafted(
      () => request<Placeholder>('POST', `/api/projects/${enc(projectId)}/placeholders`, { body: input }),
      (into) => draft(into, { kind: 'addPlaceholder', projectId, placeholderId, input }, (plan) => foundIn(plan.placeholders, placeholderId)),
    );
  },
  updatePlaceholder: (projectId: string, placeholderId: string, changes: Fields<UpdatePlaceholderInput>, version: number) =>
    liveOrDrafted(
      () => request<Placeholder>('PATCH', placeholderPath(projectId, placeholderId), { body: { ...changes, version } }),
      (into) => draft(into, { kind: 'updatePlaceholder', projectId, placeholderId, input: changes }, (plan) => foundIn(plan.placeholders, placeholderId)),
    ),
  removePlaceholder: (projectId: string, placeholderId: string, version: number) =>
    liveOrDrafted(
      () => request<Removed>('DELETE', placeholderPath(projectId, placeholderId), { body: { version } }),
      (into) => draft(into, { kind: 'removePlaceholder', projectId, placeholderId }, (plan) => ({ message: 'Removal drafted', version: foundIn(plan.projects, projectId).version })),
    ),
  /** The placeholder as saved now, with the project's version (the list's ETag). */
  async currentPlaceholder(projectId: string, placeholderId: string): Promise<Current<Placeholder>> {
    const list = await request<Placeholder[]>('GET', `/api/projects/${enc(projectId)}/placeholders`);
    const item = list.find((p) => p._id === placeholderId);
    return item ? { item, version: answerVersion(list) ?? item.version } : null;
  },
};

import type { Assignment, Engineer, HolidayCalendar, HolidayRecord, Placeholder, Project, TimeOff } from '../../domain/entities.ts';
import type { SavedView } from '../../domain/views/events.ts';
import { CURRENT_LOAD_PATH, type CurrentLoadAnswer } from '../lib/currentLoad.ts';
import { readAheadOr, request } from '../lib/http.ts';
import { shareNamedRecords } from '../lib/sharedRecords.ts';
import { momentQuery } from '../lib/momentQuery.ts';
import type { PastPlan } from '../machines/timeTravel.machine.ts';
import type { FoldedScenario, StoreCalls, TeamView } from '../stores/calls.ts';
import { fetchProfile } from './sessionApi.ts';

/**
 * The calls of the data the whole app shares (the plan's lists, the profile, teams, saved views, the
 * past and a scenario's fold), handed to the stores by the app shell (main.tsx): the stores are shared
 * by every screen and do no I/O of their own.
 */
export const storesApi: StoreCalls = {
  // The directory may have been read ahead as a page opened on the Engineers screen or the Manager Dashboard booted.
  engineers: { list: () => readAheadOr<Engineer[]>('/api/engineers') },
  projects: {
    // Read ahead as a page opened on the Manager Dashboard booted, or as its route was entered.
    list: () => readAheadOr<Project[]>('/api/projects'),
    get: (id) => request<Project>('GET', `/api/projects/${encodeURIComponent(id)}`),
  },
  // Read ahead as a page opened on the Engineers screen or the Manager Dashboard booted.
  currentLoad: { get: () => readAheadOr<CurrentLoadAnswer>(CURRENT_LOAD_PATH) },
  assignments: { list: () => request<Assignment[]>('GET', '/api/assignments').then(shareNamedRecords) },
  profile: { get: fetchProfile },
  capacityFacts: {
    timeOff: () => request<TimeOff[]>('GET', '/api/time-off'),
    holidays: () => request<HolidayRecord[]>('GET', '/api/holidays'),
    holidayCalendars: () => request<(HolidayCalendar & { holidays?: unknown })[]>('GET', '/api/holiday-calendars'),
    placeholders: () => request<Placeholder[]>('GET', '/api/placeholders'),
  },
  teams: { list: (signal) => request<TeamView[]>('GET', '/api/teams', { signal }) },
  savedViews: {
    list: () => request<SavedView[]>('GET', '/api/views'),
    save: (values) => request<SavedView>('POST', '/api/views', { body: values }),
    remove: (id) => request<unknown>('DELETE', `/api/views/${encodeURIComponent(id)}`),
  },
  timeTravel: { pastPlan: (moment) => request<PastPlan>('GET', `/api/history/state?${momentQuery(moment)}`) },
  scenarioLens: { folded: (id) => request<FoldedScenario>('GET', `/api/scenarios/${encodeURIComponent(id)}/plan`) },
};

import type { Engineer } from '../../domain/entities.ts';
import type { RecordedEvent } from '../../domain/events.ts';
import type { Plan } from '../../domain/plan.ts';
import { assignmentsStore, loadAssignments, resetAssignments } from './assignments.ts';
import {
  holidayCalendarsStore, holidaysStore, loadHolidayCalendars, loadHolidays, loadPlaceholders, loadTimeOff, placeholdersStore, resetHolidayCalendars,
  resetHolidays, resetPlaceholders, resetTimeOff, timeOffStore,
} from './capacityFacts.ts';
import { engineersStore, loadEngineers, resetEngineers } from './engineers.ts';
import { loadProfile, profileStore, resetProfile, setProfile } from './profile.ts';
import { loadProjects, projectsStore, resetProjects } from './projects.ts';
import { viewMode } from './viewMode.ts';

/** The collections seen as the domain's Plan (a list not loaded is empty, and stays so: liveSync folds only into loaded lists). */
export const currentPlan = (): Plan => ({
  engineers: engineersStore.data,
  projects: projectsStore.data,
  assignments: assignmentsStore.data,
  timeOff: timeOffStore.data,
  holidays: holidaysStore.data,
  placeholders: placeholdersStore.data,
  holidayCalendars: holidayCalendarsStore.data,
  // The plan's screens never read actuals: the dashboard and the Report ask for them by week.
  actuals: [],
});

/**
 * The plan the screens show: a scenario's while its owner works in it (their writes are drafted into
 * it, so that is what a write would overload), else the live collections.
 */
export const shownPlan = (): Plan => viewMode.past ?? currentPlan();

/** The signed-in engineer's own profile follows edits of their engineer record (applying twice is harmless). */
export function applyToProfile(event: RecordedEvent) {
  const user = profileStore.data;
  if (user && event.type === 'EngineerProfileUpdated' && event.data.engineerId === user._id) {
    const changes: Partial<Engineer> = event.data.changes;
    const { name, email, department, skills, seniority, maxCapacity } = { ...user, ...changes };
    setProfile({ ...user, name, email, department, skills, seniority, maxCapacity });
  }
}

export type CollectionName = 'profile' | 'engineers' | 'projects' | 'assignments' | 'timeOff' | 'holidays' | 'placeholders' | 'holidayCalendars';

const loaders: Record<CollectionName, () => Promise<boolean>> = {
  profile: loadProfile,
  engineers: loadEngineers,
  projects: loadProjects,
  assignments: loadAssignments,
  timeOff: loadTimeOff,
  holidays: loadHolidays,
  placeholders: loadPlaceholders,
  holidayCalendars: loadHolidayCalendars,
};

/** Loads the named collections in parallel (what each screen loads on entry). */
export const loadCollections = (names: readonly CollectionName[]) => Promise.all(names.map((name) => loaders[name]()));

/** Every collection back to empty; run when the session ends. */
export function resetAll() {
  resetProfile();
  resetEngineers();
  resetProjects();
  resetAssignments();
  resetTimeOff();
  resetHolidays();
  resetPlaceholders();
  resetHolidayCalendars();
}

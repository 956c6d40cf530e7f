import { entryOf, isPlaceholderEvent, type Placeholder, type ProjectEvent, type ProjectRecord } from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import { projectFacts } from './facts.ts';
import type { ProjectedState } from './many.ts';
import { projectProject, projectProjects } from './projects.ts';

/** The read-model row of one placeholder (also used by the rebuild). */
export const placeholderRow = (state: Placeholder) => ({
  id: state._id,
  project_id: state.projectId,
  start_date: state.startDate,
  end_date: state.endDate,
  version: state.version,
  doc: JSON.stringify(state),
});

/** The project (its version moves with every placeholder change) and the placeholders these events touched. */
export async function projectProjectPlan(db: Writer, id: string, state: ProjectRecord | null, events: readonly ProjectEvent[]) {
  await projectProject(db, id, state?.project ?? null);
  const touched = events.filter(isPlaceholderEvent).map((event) => event.data.placeholderId);
  await projectFacts(db, 'placeholders', touched, (placeholderId) => (state ? entryOf(state.placeholders, placeholderId) : undefined), placeholderRow);
}

/** Many project streams after a batch: the projects in a few statements; placeholders, rare in a batch, one stream at a time. */
export async function projectProjectPlans(db: DbOrTrx, states: readonly ProjectedState<ProjectRecord>[]) {
  await projectProjects(db, states.map(({ id, state }) => ({ id, state: state?.project ?? null })));
  for (const { state, events = [] } of states) {
    const touched = (events as ProjectEvent[]).filter(isPlaceholderEvent).map((event) => event.data.placeholderId);
    if (touched.length > 0) await projectFacts(db as Writer, 'placeholders', touched, (placeholderId) => (state ? entryOf(state.placeholders, placeholderId) : undefined), placeholderRow);
  }
}

import type { Engineer, Project, ProjectStatus } from '../../../domain/entities.ts';
import { sortedUnique } from '../../../domain/figures.ts';
import type { FieldSpec } from '../../lib/conflict.ts';
import { capitalize, plural, shortDate } from '../../lib/format.ts';
import { projectValuesOf } from './projectEdit.machine.ts';
import type { RowAction } from '../../machines/rowAction.machine.ts';

/** The dialog's skill choices: the sorted union of every engineer's skills and every project's required skills. */
export const skillOptions = (engineers: readonly Pick<Engineer, 'skills'>[], projects: readonly Pick<Project, 'requiredSkills'>[]) =>
  sortedUnique([...engineers.map((e) => e.skills), ...projects.map((p) => p.requiredSkills)]);

/** Team Size column: the number plus 'engineers'. */
export const teamSizeText = (teamSize: number) => plural(teamSize, 'engineer');

/** Newest first: ids are UUIDv7, so they sort by creation time; a new project shows on the first page. */
export const newestFirst = <P extends Pick<Project, '_id'>>(projects: readonly P[]) =>
  [...projects].sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));

// ---- planning

/** The one move each status allows (domain: planning -> active -> completed, completed -> active). */
export const nextStatus: Record<ProjectStatus, ProjectStatus> = { planning: 'active', active: 'completed', completed: 'active' };

/** The row's status button and its confirmation. */
export const statusMove: Record<ProjectStatus, { button: string; title: string; description: string; done: string }> = {
  planning: { button: 'Activate', title: 'Move this project to active?', description: 'It cannot go back to planning.', done: 'Project is now active' },
  active: { button: 'Complete', title: 'Mark this project completed?', description: 'No new assignments can be made on it until it is reopened.', done: 'Project completed' },
  completed: { button: 'Reopen', title: 'Reopen this project?', description: 'It becomes active again.', done: 'Project reopened' },
};

export const statusAction = (p: Project): RowAction => ({
  kind: 'status',
  id: p._id,
  version: p.version,
  label: `Move ${p.name} from ${p.status} to ${nextStatus[p.status]}`,
  before: { ...projectValuesOf(p), status: p.status },
  changes: { status: nextStatus[p.status] },
});

/** The fields a conflict dialog compares, with how each reads. */
export const projectConflictFields: FieldSpec[] = [
  { key: 'name', label: 'Project name' },
  { key: 'description', label: 'Description' },
  { key: 'startDate', label: 'Start date', format: (value) => shortDate(String(value)) },
  { key: 'endDate', label: 'End date', format: (value) => shortDate(String(value)) },
  { key: 'teamSize', label: 'Team size', format: (value) => teamSizeText(Number(value)) },
  { key: 'requiredSkills', label: 'Required skills' },
  { key: 'status', label: 'Status', format: (value) => capitalize(String(value)) },
];

// ---- tentative projects

/** The row's menu entry that marks a project tentative or confirms it. */
export function tentativeMove(p: Pick<Project, 'tentative'>) {
  return { menu: p.tentative ? 'Confirm (won)' : 'Mark tentative (not won yet)' };
}

export const tentativeAction = (p: Project): RowAction => ({
  kind: p.tentative ? 'confirm' : 'tentative',
  id: p._id,
  version: p.version,
  label: p.tentative ? `Confirm ${p.name}` : `Mark ${p.name} tentative`,
  before: { tentative: p.tentative },
  changes: { tentative: !p.tentative },
});

export const tentativeConflictFields: FieldSpec[] = [{ key: 'tentative', label: 'Tentative', format: (value) => (value ? 'Yes' : 'No') }];

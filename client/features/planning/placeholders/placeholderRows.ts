import type { Placeholder, Project } from '../../../../domain/entities.ts';
import type { FieldSpec } from '../../../lib/conflict.ts';
import { percent, plural, shortDate } from '../../../lib/format.ts';
import type { PlaceholderValues } from '../../../machines/capacityFactForms.machine.ts';
import type { RowAction } from '../../../machines/rowAction.machine.ts';

/** A placeholder in the form's shape. */
export const placeholderValuesOf = (p: Placeholder): PlaceholderValues => ({
  projectId: p.projectId,
  role: p.role,
  skills: [...p.skills],
  allocationPercentage: p.allocationPercentage,
  startDate: p.startDate,
  endDate: p.endDate,
});

/** A new placeholder starts with the project's dates and skills. */
export const newPlaceholderValues = (project: Pick<Project, '_id' | 'startDate' | 'endDate' | 'requiredSkills'>): Partial<PlaceholderValues> => ({
  projectId: project._id,
  skills: [...project.requiredSkills],
  startDate: project.startDate,
  endDate: project.endDate,
});

/** A project's open placeholders, by start. */
export const placeholdersOf = (list: readonly Placeholder[], projectId: string): Placeholder[] =>
  list.filter((p) => p.projectId === projectId).sort((a, b) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id));

/** '2 open roles'. */
export const openRolesText = (count: number) => plural(count, 'open role');

export const placeholderConflictFields: FieldSpec[] = [
  { key: 'role', label: 'Role' },
  { key: 'skills', label: 'Skills' },
  { key: 'allocationPercentage', label: 'Allocation', format: (value) => percent(Number(value)) },
  { key: 'startDate', label: 'Start date', format: (value) => shortDate(String(value)) },
  { key: 'endDate', label: 'End date', format: (value) => shortDate(String(value)) },
];

/** Removing a placeholder, against the project's version (placeholders live on the project's stream). */
export const removePlaceholderAction = (p: Placeholder, project: Pick<Project, 'name' | 'version'>): RowAction => ({
  kind: 'removePlaceholder',
  id: p._id,
  version: project.version,
  label: `Remove the ${p.role} placeholder from ${project.name}`,
  before: placeholderValuesOf(p),
  changes: null,
});

import { type Engineer, seniorities } from '../../../domain/entities.ts';
import { sortedUnique } from '../../../domain/figures.ts';
import type { FieldSpec } from '../../lib/conflict.ts';
import { capitalize, percent, plural } from '../../lib/format.ts';

export { availableCapacityText } from '../../lib/format.ts';

/** The directory's subtitle. */
export const directorySubtitle = (count: number, filtered: boolean) =>
  count === 0 ? (filtered ? 'No engineers match your current filters' : 'No engineers') : `Showing ${plural(count, 'engineer')}`;

/** The skill chips: sorted unique skills of all engineers. */
export const skillChoices = (engineers: readonly Pick<Engineer, 'skills'>[]) => sortedUnique(engineers.map((e) => e.skills));

// ---- planning: the add/edit forms and their conflict dialog

/** The fields a conflict dialog compares, with how each reads. */
export const engineerConflictFields: FieldSpec[] = [
  { key: 'name', label: 'Name' },
  { key: 'department', label: 'Department' },
  { key: 'seniority', label: 'Seniority', format: (value) => capitalize(String(value)) },
  { key: 'maxCapacity', label: 'Max capacity', format: (value) => percent(Number(value)) },
  { key: 'skills', label: 'Skills' },
];

export const seniorityOptions = seniorities.map((value) => ({ value, label: capitalize(value) }));

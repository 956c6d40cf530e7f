import type { Engineer } from '../../../domain/entities.ts';
import { sortedUnique } from '../../../domain/figures.ts';
import { plural } from '../../lib/format.ts';

export { availableCapacityText } from '../../lib/format.ts';

/** The directory's subtitle. */
export const directorySubtitle = (count: number) =>
  count === 0 ? 'No engineers match your current filters' : `Showing ${plural(count, 'engineer')}`;

/** The skill chips: sorted unique skills of all engineers. */
export const skillChoices = (engineers: readonly Pick<Engineer, 'skills'>[]) => sortedUnique(engineers.map((e) => e.skills));

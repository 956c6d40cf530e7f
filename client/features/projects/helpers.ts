import type { Engineer, Project } from '../../../domain/entities.ts';
import { sortedUnique } from '../../../domain/figures.ts';
import { plural } from '../../lib/format.ts';

/** The dialog's skill choices: the sorted union of every engineer's skills and every project's required skills. */
export const skillOptions = (engineers: readonly Pick<Engineer, 'skills'>[], projects: readonly Pick<Project, 'requiredSkills'>[]) =>
  sortedUnique([...engineers.map((e) => e.skills), ...projects.map((p) => p.requiredSkills)]);

/** Team Size column: the number plus 'engineers'. */
export const teamSizeText = (teamSize: number) => plural(teamSize, 'engineer');

/** Newest first: ids are UUIDv7, so they sort by creation time; a new project shows on the first page. */
export const newestFirst = <P extends Pick<Project, '_id'>>(projects: readonly P[]) =>
  [...projects].sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));

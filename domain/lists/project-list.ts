import type { z } from 'zod';
import { projectStatuses } from '../entities.ts';
import { choiceList, flag, listQuery, searchText, sortParam } from './params.ts';

export const projectSortKeys = ['startDate', 'endDate', 'name', 'status'] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];

/**
 * GET /api/projects?…: text in the name, description or a required skill; any of the statuses;
 * tentative (pipeline) projects or confirmed ones; order (ties by start date, then name); one page.
 */
export const projectListQuery = listQuery({
  q: searchText,
  status: choiceList('status', projectStatuses),
  tentative: flag('tentative'),
  sort: sortParam(projectSortKeys, 'startDate'),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;
export type ProjectListParams = z.input<typeof projectListQuery>;

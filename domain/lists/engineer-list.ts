import type { z } from 'zod';
import { seniorities } from '../entities.ts';
import { choiceList, exactText, listQuery, nameList, searchText, sortParam } from './params.ts';

export const engineerSortKeys = ['name', 'department', 'seniority', 'maxCapacity'] as const;
export type EngineerSortKey = (typeof engineerSortKeys)[number];

/**
 * GET /api/engineers?…: text in the name, email or a skill; any of the skills; one department
 * (case-insensitive); any of the seniorities; order (ties by name); one page.
 */
export const engineerListQuery = listQuery({
  q: searchText,
  skills: nameList('skills'),
  department: exactText('department'),
  seniority: choiceList('seniority', seniorities),
  sort: sortParam(engineerSortKeys, 'name'),
});
export type EngineerListQuery = z.output<typeof engineerListQuery>;
export type EngineerListParams = z.input<typeof engineerListQuery>;

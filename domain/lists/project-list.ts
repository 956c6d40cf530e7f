import type { z } from 'zod';
import { type Project, projectStatuses } from '../entities.ts';
import { choiceList, flag, listQuery, searchText, sortParam } from './params.ts';

/** `created`: the order projects were added in (their ids are time-ordered UUIDv7s); `-created` is newest first. */
export const projectSortKeys = ['startDate', 'endDate', 'name', 'status', 'created'] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];

/**
 * GET /api/projects?…: text in the name, description or a required skill; any of the statuses;
 * tentative (pipeline) projects or confirmed ones; with open roles (placeholders) or without; order
 * (ties by start date, then name); one page.
 */
export const projectListQuery = listQuery({
  q: searchText,
  status: choiceList('status', projectStatuses),
  tentative: flag('tentative'),
  openRoles: flag('openRoles'),
  sort: sortParam(projectSortKeys, 'startDate'),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;
export type ProjectListParams = z.input<typeof projectListQuery>;

const time = (iso: string) => Date.parse(iso);
const contains = (text: string, needle: string) => text.toLowerCase().includes(needle);
/** Ordered as PostgreSQL's "C" collation orders text (code points), which the server sorts with. */
const compareKeys = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether a project is in the list the query asks for (the server's rules: text in name, description or
 * a required skill). `hasOpenRoles` says whether a project has open roles (placeholders).
 */
export function matchesProjectQuery(p: Project, query: ProjectListQuery, hasOpenRoles: (projectId: string) => boolean = () => false): boolean {
  if (query.q) {
    const needle = query.q.toLowerCase();
    if (![p.name, p.description, ...p.requiredSkills].some((text) => contains(text, needle))) return false;
  }
  if (query.status && query.status.length > 0 && !query.status.includes(p.status)) return false;
  if (query.tentative !== undefined && p.tentative !== query.tentative) return false;
  if (query.openRoles !== undefined && hasOpenRoles(p._id) !== query.openRoles) return false;
  return true;
}

/** The server's order of a sort: its key (backwards for `-key`), then start date, name and id. */
export function projectListOrder(sort: ProjectListQuery['sort']): (a: Project, b: Project) => number {
  const primary = (p: Project): number => {
    switch (sort.key) {
      case 'startDate':
        return time(p.startDate);
      case 'endDate':
        return time(p.endDate);
      case 'status':
        return projectStatuses.indexOf(p.status);
      case 'name':
      case 'created':
        return 0;
    }
  };
  const ties = (p: Project): (string | number)[] => (sort.key === 'status' ? [time(p.startDate), p.name] : sort.key === 'name' || sort.key === 'created' ? [] : [p.name]);
  const byText = sort.key === 'name' ? (p: Project) => p.name : sort.key === 'created' ? (p: Project) => p._id : null;
  return (a, b) => {
    const first = byText ? compareKeys(byText(a), byText(b)) : compareKeys(primary(a), primary(b));
    if (first !== 0) return sort.desc ? -first : first;
    const ta = ties(a);
    const tb = ties(b);
    for (let i = 0; i < ta.length; i += 1) {
      const order = compareKeys(ta[i]!, tb[i]!);
      if (order !== 0) return order;
    }
    return compareKeys(a._id, b._id);
  };
}

/** The server's answer to a project list query, worked out from a list in memory (a plan as it was at a past moment). */
export function answerProjectList(projects: readonly Project[], query: ProjectListQuery, placeholders: readonly { projectId: string }[] = []) {
  const open = new Set(placeholders.map((p) => p.projectId));
  const matching = projects.filter((p) => matchesProjectQuery(p, query, (id) => open.has(id))).sort(projectListOrder(query.sort));
  const start = query.offset ?? 0;
  return { rows: matching.slice(start, query.limit === undefined ? undefined : start + query.limit), total: matching.length };
}

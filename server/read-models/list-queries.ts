import { type RawBuilder, sql } from 'kysely';
import {
  type AssignmentListQuery, type EngineerListQuery, type ProjectListQuery, projectStatuses, seniorities, type SortOrder,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { Consistent } from './consistent-read.ts';
import { containing, type ListPage, type ListSource, readListPage, type SortColumn, textList } from './list-pages.ts';
import { assignmentsWithNames, populatedAssignmentDoc } from './queries.ts';

/**
 * The searched, filtered, sorted and paged lists behind GET /api/assignments, /api/engineers and
 * /api/projects when a query string is given. Text search is ILIKE, which the trigram indexes serve
 * where pg_trgm is installed (see the list-search migration) and a scan of these bounded tables
 * serves where it is not. Text sorts use the "C" collation, as the bare lists do.
 */

const text = (expr: RawBuilder<unknown>, desc = false): SortColumn => ({ expr: sql`${expr} collate "C"`, type: 'text', desc });
const instant = (expr: RawBuilder<unknown>, desc = false): SortColumn => ({ expr, type: 'timestamptz', desc });
const number = (expr: RawBuilder<unknown>, desc = false): SortColumn => ({ expr, type: 'float8', desc });
const rank = (expr: RawBuilder<unknown>, values: readonly string[], desc = false): SortColumn => ({
  expr: sql`coalesce(array_position(${textList(values)}, ${expr}), 0)`,
  type: 'int4',
  desc,
});

/** Any element of a JSON array of texts matches the pattern. */
const anyElementLike = (array: RawBuilder<unknown>, pattern: string) =>
  sql`exists (select 1 from jsonb_array_elements_text(${array}) as item(value) where item.value ilike ${pattern})`;

/** A list of one read-model table's documents, served as stored. */
const documentsOf = (table: 'engineers' | 'projects', alias: 'e' | 'p') => {
  const from = sql`${sql.table(table)} as ${sql.id(alias)}`;
  return { from, docFrom: from, id: sql.ref(`${alias}.id`), doc: sql.ref(`${alias}.doc`) };
};

const paging = (query: { limit?: number; offset?: number; after?: { keys: (string | number)[] } }) => ({
  limit: query.limit,
  offset: query.offset,
  after: query.after?.keys,
});

// ---- assignments

const a = {
  start: sql`a.start_date`,
  end: sql`a.end_date`,
  id: text(sql`a.id`),
  role: sql`a.doc ->> 'role'`,
  allocation: sql`(a.doc ->> 'allocationPercentage')::float8`,
};

function assignmentOrder(sort: SortOrder<AssignmentListQuery['sort']['key']>, at: string): SortColumn[] {
  const moment = sql`cast(${at} as timestamptz)`;
  const byStart = instant(a.start);
  switch (sort.key) {
    case 'current':
      // Active and upcoming (not ended at `at`) by start; then completed, the latest ended first.
      // The constant fills the term that does not apply, so every term stays non-null.
      return [
        { expr: sql`(${a.end} <= ${moment})::int`, type: 'int4' },
        instant(sql`case when ${a.end} > ${moment} then ${a.start} else 'epoch'::timestamptz end`),
        instant(sql`case when ${a.end} <= ${moment} then ${a.end} else 'epoch'::timestamptz end`, true),
        a.id,
      ];
    case 'startDate':
      return [instant(a.start, sort.desc), a.id];
    case 'endDate':
      return [instant(a.end, sort.desc), a.id];
    case 'engineer':
      return [text(sql`e.name`, sort.desc), byStart, a.id];
    case 'project':
      return [text(sql`p.name`, sort.desc), byStart, a.id];
    case 'role':
      return [text(a.role, sort.desc), byStart, a.id];
    case 'allocation':
      return [number(a.allocation, sort.desc), byStart, a.id];
  }
}

function assignmentFilters(query: AssignmentListQuery, scope: { ownerId?: string; at: string }): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const moment = sql`cast(${scope.at} as timestamptz)`;
  if (scope.ownerId) where.push(sql`a.engineer_id = ${scope.ownerId}`);
  if (query.engineerId) where.push(sql`a.engineer_id = ${query.engineerId}`);
  if (query.projectId) where.push(sql`a.project_id = ${query.projectId}`);
  if (query.q) {
    const pattern = containing(query.q);
    // Ids first, from the small tables: each arm then reads an index of assignments (a bitmap OR).
    where.push(sql`a.engineer_id = any(array(select id from engineers where name ilike ${pattern} or email ilike ${pattern}))
      or a.project_id = any(array(select id from projects where name ilike ${pattern}))
      or ${a.role} ilike ${pattern}`);
  }
  if (query.status && query.status.length > 0) {
    const byStatus = {
      upcoming: sql`${a.start} > ${moment}`,
      active: sql`${a.start} <= ${moment} and ${a.end} > ${moment}`,
      completed: sql`${a.end} <= ${moment}`,
    };
    where.push(sql.join(query.status.map((status) => sql`(${byStatus[status]})`), sql` or `));
  }
  if (query.from) where.push(sql`${a.end} > cast(${query.from} as timestamptz)`);
  if (query.to) where.push(sql`${a.start} < cast(${query.to} as timestamptz)`);
  return where;
}

/** `at` decides what is upcoming, active and completed; `ownerId` limits an engineer to their own. */
export function assignmentListPage(db: DbOrTrx, query: AssignmentListQuery, scope: { ownerId?: string; at: string }): Promise<Consistent<ListPage>> {
  const byName = query.sort.key === 'engineer' || query.sort.key === 'project';
  const source: ListSource = {
    from: byName ? assignmentsWithNames : sql`assignments a`,
    where: assignmentFilters(query, scope),
    order: assignmentOrder(query.sort, scope.at),
    id: sql`a.id`,
    docFrom: assignmentsWithNames,
    doc: populatedAssignmentDoc,
  };
  return readListPage(db, source, paging(query));
}

// ---- engineers

function engineerOrder(sort: SortOrder<EngineerListQuery['sort']['key']>): SortColumn[] {
  const byName = text(sql`e.name`);
  const id = text(sql`e.id`);
  switch (sort.key) {
    case 'name':
      return [text(sql`e.name`, sort.desc), id];
    case 'department':
      return [text(sql`e.doc ->> 'department'`, sort.desc), byName, id];
    case 'seniority':
      return [rank(sql`e.doc ->> 'seniority'`, seniorities, sort.desc), byName, id];
    case 'maxCapacity':
      return [number(sql`(e.doc ->> 'maxCapacity')::float8`, sort.desc), byName, id];
  }
}

export function engineerListPage(db: DbOrTrx, query: EngineerListQuery): Promise<Consistent<ListPage>> {
  const where: RawBuilder<unknown>[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    where.push(sql`e.name ilike ${pattern} or e.email ilike ${pattern} or ${anyElementLike(sql`e.doc -> 'skills'`, pattern)}`);
  }
  if (query.skills && query.skills.length > 0) where.push(sql`e.doc -> 'skills' ?| ${textList(query.skills)}`);
  if (query.department) where.push(sql`lower(e.doc ->> 'department') = lower(${query.department})`);
  if (query.seniority && query.seniority.length > 0) where.push(sql`e.doc ->> 'seniority' = any(${textList(query.seniority)})`);
  return readListPage(db, { ...documentsOf('engineers', 'e'), where, order: engineerOrder(query.sort) }, paging(query));
}

// ---- projects

function projectOrder(sort: SortOrder<ProjectListQuery['sort']['key']>): SortColumn[] {
  const byName = text(sql`p.name`);
  const id = text(sql`p.id`);
  switch (sort.key) {
    case 'startDate':
      return [instant(sql`p.start_date`, sort.desc), byName, id];
    case 'endDate':
      return [instant(sql`p.end_date`, sort.desc), byName, id];
    case 'name':
      return [text(sql`p.name`, sort.desc), id];
    case 'status':
      return [rank(sql`p.status`, projectStatuses, sort.desc), instant(sql`p.start_date`), byName, id];
  }
}

export function projectListPage(db: DbOrTrx, query: ProjectListQuery): Promise<Consistent<ListPage>> {
  const where: RawBuilder<unknown>[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    where.push(sql`p.name ilike ${pattern} or p.doc ->> 'description' ilike ${pattern} or ${anyElementLike(sql`p.doc -> 'requiredSkills'`, pattern)}`);
  }
  if (query.status && query.status.length > 0) where.push(sql`p.status = any(${textList(query.status)})`);
  if (query.tentative !== undefined) where.push(sql`coalesce((p.doc ->> 'tentative')::boolean, false) = ${query.tentative}`);
  return readListPage(db, { ...documentsOf('projects', 'p'), where, order: projectOrder(query.sort) }, paging(query));
}

import { type AliasableExpression, type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import {
  type AssignmentListQuery, type EngineerListQuery, type ProjectListQuery, projectStatuses, seniorities, type SortOrder,
} from '../../domain/index.ts';
import { startOfLocalDay, todayOf } from '../../domain/capacity/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { instant, textArray, textInBytes } from '../db/expressions.ts';
import type { Database } from '../db/schema.ts';
import type { Consistent } from './consistent-read.ts';
import { containing, type ListPage, type ListSource, readListPage, type SortColumn } from './list-pages.ts';
import { type AssignmentWithNames, assignmentsWithNames, populatedAssignmentDoc } from './queries.ts';

/**
 * The searched, filtered, sorted and paged lists behind GET /api/assignments, /api/engineers and
 * /api/projects when a query string is given. Text search is ILIKE, which the trigram indexes serve
 * where pg_trgm is installed (see the list-search migration) and a scan of these bounded tables
 * serves where it is not. Text sorts use the "C" collation, as the bare lists do.
 */

const text = (expr: Expression<string>, desc = false): SortColumn => ({ expr: textInBytes(expr), type: 'text', desc });
const instantKey = (expr: AliasableExpression<Date>, desc = false): SortColumn => ({ expr, type: 'timestamptz', desc });
const number = (expr: AliasableExpression<number>, desc = false): SortColumn => ({ expr, type: 'float8', desc });

const eb = expressionBuilder<Database, never>();

/** A value's place in `values` (1 for the first; 0 for none of them). */
const rank = (expr: Expression<string>, values: readonly string[], desc = false): SortColumn => ({
  expr: eb.fn.coalesce(eb.fn<number | null>('array_position', [textArray(values), expr]), eb.lit(0)),
  type: 'int4',
  desc,
});

/**
 * Any element of a JSON array of texts matches the pattern. Said in SQL: the builder cannot name the
 * column of a set-returning function (`item(value)`).
 */
const anyElementLike = (array: Expression<string[]>, pattern: string) =>
  sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(${array}) as item(value) where item.value ilike ${pattern})`;

/**
 * `any(array(<ids>))`, the right side of an `=`: the ids first, as an array (the ARRAY constructor; the
 * builder writes it `array((select ...))`), so that each arm of a search can read an index (a bitmap OR).
 */
const anyOf = (ids: Expression<unknown>) => eb.fn.any(eb.fn<string[]>('array', [ids]));

const paging = (query: { limit?: number; offset?: number; after?: { keys: (string | number)[] } }) => ({
  limit: query.limit,
  offset: query.offset,
  after: query.after?.keys,
});

// ---- assignments

const named = expressionBuilder<Database & AssignmentWithNames, keyof AssignmentWithNames>();

const a = {
  start: named.ref('a.start_date'),
  end: named.ref('a.end_date'),
  id: text(named.ref('a.id')),
  role: named.ref('a.doc', '->>').key('role'),
  allocation: named.cast<number>(named.ref('a.doc', '->>').key('allocationPercentage'), 'float8'),
};

/** `'epoch'::timestamptz`, the constant that fills a term of the order that does not apply. */
const epoch = named.cast<Date>(sql.lit('epoch'), 'timestamptz');

/**
 * Where the day of `at` begins and the next one begins, in the organisation's time zone: a span is on
 * that day when it starts before the next begins and ends (its end read as its last day) no earlier
 * than it begins (domain/capacity/plan-days.ts).
 */
function dayBounds(scope: { at: string; timeZone: string }) {
  const today = todayOf(new Date(scope.at), scope.timeZone);
  return { dayStart: new Date(startOfLocalDay(today, scope.timeZone)), nextDayStart: new Date(startOfLocalDay(today + 1, scope.timeZone)) };
}

function assignmentOrder(sort: SortOrder<AssignmentListQuery['sort']['key']>, scope: { at: string; timeZone: string }): SortColumn[] {
  const { dayStart } = dayBounds(scope);
  const byStart = instantKey(a.start);
  switch (sort.key) {
    case 'current':
      // Active and upcoming (not ended before today) by start; then completed, the latest ended first.
      // The constant fills the term that does not apply, so every term stays non-null.
      return [
        { expr: named.cast<number>(named(a.end, '<', dayStart), 'int4'), type: 'int4' },
        instantKey(named.case().when(a.end, '>=', dayStart).then(a.start).else(epoch).end()),
        instantKey(named.case().when(a.end, '<', dayStart).then(a.end).else(epoch).end(), true),
        a.id,
      ];
    case 'startDate':
      return [instantKey(a.start, sort.desc), a.id];
    case 'endDate':
      return [instantKey(a.end, sort.desc), a.id];
    case 'engineer':
      return [text(named.ref('e.name'), sort.desc), byStart, a.id];
    case 'project':
      return [text(named.ref('p.name'), sort.desc), byStart, a.id];
    case 'role':
      return [text(a.role, sort.desc), byStart, a.id];
    case 'allocation':
      return [number(a.allocation, sort.desc), byStart, a.id];
  }
}

function assignmentFilters(query: AssignmentListQuery, scope: { ownerId?: string; at: string; timeZone: string }): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  const { dayStart, nextDayStart } = dayBounds(scope);
  if (scope.ownerId) where.push(named('a.engineer_id', '=', scope.ownerId));
  if (query.engineerId) where.push(named('a.engineer_id', '=', query.engineerId));
  if (query.projectId) where.push(named('a.project_id', '=', query.projectId));
  if (query.q) {
    const pattern = containing(query.q);
    // Ids first, from the small tables: each arm then reads an index of assignments (a bitmap OR).
    const engineers = named.selectFrom('engineers').select('id').where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
    const projects = named.selectFrom('projects').select('id').where('name', 'ilike', pattern);
    where.push(named.or([
      named('a.engineer_id', '=', anyOf(engineers)),
      named('a.project_id', '=', anyOf(projects)),
      named(a.role, 'ilike', pattern),
    ]));
  }
  if (query.status && query.status.length > 0) {
    const byStatus = {
      upcoming: named(a.start, '>=', nextDayStart),
      active: named.and([named(a.start, '<', nextDayStart), named(a.end, '>=', dayStart)]),
      completed: named(a.end, '<', dayStart),
    };
    where.push(named.or(query.status.map((status) => byStatus[status])));
  }
  // An assignment ending at `from` still works that day (its end is its last day).
  if (query.from) where.push(named(a.end, '>=', instant(query.from)));
  if (query.to) where.push(named(a.start, '<', instant(query.to)));
  return where;
}

/** The day of `at` (in `timeZone`) decides what is upcoming, active and completed; `ownerId` limits an engineer to their own. */
export function assignmentListPage(db: DbOrTrx, query: AssignmentListQuery, scope: { ownerId?: string; at: string; timeZone: string }): Promise<Consistent<ListPage>> {
  const byName = query.sort.key === 'engineer' || query.sort.key === 'project';
  const source: ListSource = {
    from: byName ? assignmentsWithNames : (db) => db.selectFrom('assignments as a'),
    where: assignmentFilters(query, scope),
    order: assignmentOrder(query.sort, scope),
    id: named.ref('a.id'),
    docFrom: (ids) => ids
      .innerJoin('assignments as a', 'a.id', 'ordered.id')
      .innerJoin('engineers as e', 'e.id', 'a.engineer_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id'),
    doc: populatedAssignmentDoc,
  };
  return readListPage(db, source, paging(query));
}

// ---- engineers

const engineer = expressionBuilder<Database & { e: Database['engineers'] }, 'e'>();

function engineerOrder(sort: SortOrder<EngineerListQuery['sort']['key']>): SortColumn[] {
  const byName = text(engineer.ref('e.name'));
  const id = text(engineer.ref('e.id'));
  switch (sort.key) {
    case 'name':
      return [text(engineer.ref('e.name'), sort.desc), id];
    case 'department':
      return [text(engineer.ref('e.doc', '->>').key('department'), sort.desc), byName, id];
    case 'seniority':
      return [rank(engineer.ref('e.doc', '->>').key('seniority'), seniorities, sort.desc), byName, id];
    case 'maxCapacity':
      return [number(engineer.cast<number>(engineer.ref('e.doc', '->>').key('maxCapacity'), 'float8'), sort.desc), byName, id];
  }
}

export function engineerListPage(db: DbOrTrx, query: EngineerListQuery): Promise<Consistent<ListPage>> {
  const where: Expression<SqlBool>[] = [];
  const skills = engineer.ref('e.doc', '->').key('skills');
  if (query.q) {
    const pattern = containing(query.q);
    where.push(engineer.or([engineer('e.name', 'ilike', pattern), engineer('e.email', 'ilike', pattern), anyElementLike(skills, pattern)]));
  }
  if (query.skills && query.skills.length > 0) where.push(engineer(skills, '?|', textArray(query.skills)));
  if (query.department) {
    where.push(engineer(engineer.fn('lower', [engineer.ref('e.doc', '->>').key('department')]), '=', engineer.fn('lower', [engineer.val(query.department)])));
  }
  if (query.seniority && query.seniority.length > 0) where.push(engineer(engineer.ref('e.doc', '->>').key('seniority'), '=', engineer.fn.any(textArray(query.seniority))));
  const source: ListSource = {
    from: (db) => db.selectFrom('engineers as e'),
    where,
    order: engineerOrder(query.sort),
    id: engineer.ref('e.id'),
    docFrom: (ids) => ids.innerJoin('engineers as e', 'e.id', 'ordered.id'),
    doc: engineer.ref('e.doc'),
  };
  return readListPage(db, source, paging(query));
}

// ---- projects

const project = expressionBuilder<Database & { p: Database['projects'] }, 'p'>();

function projectOrder(sort: SortOrder<ProjectListQuery['sort']['key']>): SortColumn[] {
  const byName = text(project.ref('p.name'));
  const id = text(project.ref('p.id'));
  switch (sort.key) {
    case 'startDate':
      return [instantKey(project.ref('p.start_date'), sort.desc), byName, id];
    case 'endDate':
      return [instantKey(project.ref('p.end_date'), sort.desc), byName, id];
    case 'name':
      return [text(project.ref('p.name'), sort.desc), id];
    case 'status':
      return [rank(project.ref('p.status'), projectStatuses, sort.desc), instantKey(project.ref('p.start_date')), byName, id];
    case 'created':
      // Ids are UUIDv7s: their byte order is the order the projects were added in.
      return [text(project.ref('p.id'), sort.desc)];
  }
}

export function projectListPage(db: DbOrTrx, query: ProjectListQuery): Promise<Consistent<ListPage>> {
  const where: Expression<SqlBool>[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    where.push(project.or([
      project('p.name', 'ilike', pattern),
      project(project.ref('p.doc', '->>').key('description'), 'ilike', pattern),
      anyElementLike(project.ref('p.doc', '->').key('requiredSkills'), pattern),
    ]));
  }
  if (query.status && query.status.length > 0) where.push(project('p.status', '=', project.fn.any(textArray(query.status))));
  if (query.tentative !== undefined) {
    where.push(project(project.fn.coalesce(project.cast<boolean>(project.ref('p.doc', '->>').key('tentative'), 'boolean'), project.lit(false)), '=', query.tentative));
  }
  if (query.openRoles !== undefined) {
    const open = project.exists(project.selectFrom('placeholders as ph').select('ph.id').whereRef('ph.project_id', '=', 'p.id'));
    where.push(query.openRoles ? open : project.not(open));
  }
  const source: ListSource = {
    from: (db) => db.selectFrom('projects as p'),
    where,
    order: projectOrder(query.sort),
    id: project.ref('p.id'),
    docFrom: (ids) => ids.innerJoin('projects as p', 'p.id', 'ordered.id'),
    doc: project.ref('p.doc'),
  };
  return readListPage(db, source, paging(query));
}

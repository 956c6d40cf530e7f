import { capacityOverTime, type CapacityFacts, type EngineerCapacity } from './capacity-over-time.ts';
import type { CapacityEngineerRow, CapacityResponse } from './contracts.ts';
import type { CapacityQuery } from './inputs.ts';
import { availableEngineers, compareCapacityRows } from './ranking.ts';

const lower = (text: string) => text.toLocaleLowerCase();

/** Name or any skill contains the text, case-insensitive: the same search the Engineers screen offers. */
export function matchesText(engineer: Pick<CapacityEngineerRow, 'name' | 'skills'>, text: string | undefined): boolean {
  if (!text) return true;
  const needle = lower(text);
  return lower(engineer.name).includes(needle) || engineer.skills.some((skill) => lower(skill).includes(needle));
}

/** The engineers a capacity query is about, before any load figure is computed (cheap filters first). */
export function matchingEngineers<E extends CapacityEngineerRow>(
  engineers: readonly E[],
  query: Pick<CapacityQuery, 'engineerId' | 'q' | 'skills' | 'department' | 'seniority' | 'team'>,
  members?: ReadonlySet<string>,
): E[] {
  const skills = query.skills ?? [];
  // An unknown team has nobody in it.
  const team = query.team ? members ?? new Set<string>() : null;
  const department = query.department ? lower(query.department) : undefined;
  return engineers.filter(
    (e) =>
      (!query.engineerId || e._id === query.engineerId) &&
      matchesText(e, query.q) &&
      (skills.length === 0 || skills.some((skill) => e.skills.includes(skill))) &&
      (!department || lower(e.department) === department) &&
      (!query.seniority || e.seniority === query.seniority) &&
      (!team || team.has(e._id)),
  );
}

/**
 * Answers a capacity query from the facts: filters, "free at least N % on every working day of a range",
 * the load per period, the order, one page, and totals over every engineer that matched (so the
 * totals row does not change when the user pages). `timeZone` is the organisation's.
 */
export function answerCapacityQuery(
  facts: CapacityFacts<CapacityEngineerRow>,
  query: CapacityQuery,
  timeZone: string,
  /** With `query.team`: the team's people today, the teams inside it included (membersOfTeam, resolved by the caller). */
  members?: ReadonlySet<string>,
): CapacityResponse {
  let engineers = matchingEngineers(facts.engineers, query, members);
  if (query.minFree !== undefined) {
    const free = availableEngineers({ ...facts, engineers, timeZone }, {
      from: query.freeFrom ?? query.from,
      to: query.freeTo ?? query.to,
      minFree: query.minFree,
      includeTentative: query.includeTentative,
    });
    // A filter keeps only those with the room on every working day, not those short on some days.
    const kept = new Set(free.filter((row) => row.fit.kind === 'fits').map((row) => row.engineer._id));
    engineers = engineers.filter((e) => kept.has(e._id));
  }
  // Placeholders are nobody's load: a view of one engineer has none in its totals.
  const placeholders = query.engineerId ? [] : facts.placeholders;
  const view = capacityOverTime({ ...facts, engineers, placeholders, timeZone }, query);
  // The view's objects go out as they are: tens of thousands of cells are not worth copying.
  const rows: EngineerCapacity<CapacityEngineerRow>[] = view.engineers.sort(compareCapacityRows(query.sort));
  return {
    from: query.from,
    to: query.to,
    step: query.step,
    includeTentative: query.includeTentative,
    timeZone,
    periods: view.periods,
    rows: rows.slice(query.offset, query.offset + query.limit),
    totals: view.totals,
    total: rows.length,
  };
}

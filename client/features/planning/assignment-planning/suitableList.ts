import { matchesText } from '../../../../domain/capacity/query.ts';
import type { SuitableEngineer } from '../planningApi.ts';

/** How many suitable engineers the form shows: enough to choose from, few enough to draw at once. */
export const SUITABLE_SHOWN = 20;

type Listed = Pick<SuitableEngineer, '_id' | 'name' | 'skills'>;

export type SuitableShown<T extends Listed = SuitableEngineer> = {
  shown: T[];
  /** How many match the search (all of them without one). */
  matching: number;
  total: number;
};

/**
 * The part of the ranked list the form draws: the best `limit` of those whose name or skills match the
 * search, in rank order, plus the one picked if the search or the cut would hide them.
 */
export function suitableShown<T extends Listed>(list: readonly T[], search: string, selectedId: string | null, limit = SUITABLE_SHOWN): SuitableShown<T> {
  const text = search.trim();
  const matches = text ? list.filter((e) => matchesText(e, text)) : list;
  const shown = matches.slice(0, limit);
  const selected = selectedId ? list.find((e) => e._id === selectedId) : undefined;
  if (selected && !shown.includes(selected)) shown.push(selected);
  return { shown, matching: matches.length, total: list.length };
}

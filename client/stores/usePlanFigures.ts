import { useMemo } from 'react';
import type { Assignment, Engineer } from '../../domain/entities.ts';
import { type EngineerWithFigures, withFigures } from '../../domain/figures.ts';
import { useNow } from './useNow.ts';
import { useAssignments } from './assignments.ts';
import { useEngineers } from './engineers.ts';
import { usePastMoment } from './viewMode.ts';

type Figures = EngineerWithFigures<Engineer, Assignment>[];
type Computed = { engineers: readonly Engineer[]; assignments: readonly Assignment[]; now: Date; live: boolean; figures: Figures };

/**
 * The clock only ticks once a minute, so figures computed a moment ago by another screen are as
 * current as any: reused while they are younger than that tick, a screen opened after the dashboard
 * draws without recomputing every engineer's figures (tens of milliseconds at 2,000 engineers).
 */
const SHARED_FOR_MS = 60_000;
let shared: Computed | undefined;

function figuresFor(engineers: readonly Engineer[], assignments: readonly Assignment[], now: Date, live: boolean): Computed {
  const age = shared ? now.getTime() - shared.now.getTime() : Number.NaN;
  const reusable = shared && shared.engineers === engineers && shared.assignments === assignments
    && (age === 0 || (live && shared.live && age > 0 && age < SHARED_FOR_MS));
  if (reusable) return shared!;
  shared = { engineers, assignments, now, live, figures: withFigures(engineers, assignments, now) };
  return shared;
}

/**
 * Engineers with every derived figure of domain/figures.ts (allocation, availability, utilisation,
 * status, work type, active projects...), recomputed when the data or the clock moves. `now` is the
 * moment the figures are for.
 */
export function useEngineerFigures() {
  const engineers = useEngineers();
  const assignments = useAssignments();
  const clock = useNow();
  const live = usePastMoment() === null;
  const { figures, now } = useMemo(
    () => figuresFor(engineers.data, assignments.data, clock, live),
    [engineers.data, assignments.data, clock, live],
  );
  return { figures, now, engineers, assignments };
}

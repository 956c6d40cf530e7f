import { startTransition, useEffect, useMemo, useState } from 'react';
import type { Assignment, Engineer } from '../../domain/entities.ts';
import { assignmentsByEngineer, type EngineerWithFigures, engineerWithFigures, withFigures } from '../../domain/figures.ts';
import { mapInSlices, yieldToMain } from '../lib/slices.ts';
import { useNow } from './useNow.ts';
import { useAssignments } from './assignments.ts';
import { useEngineers } from './engineers.ts';
import { usePastMoment } from './viewMode.ts';
import { orgTimeZone } from '../lib/orgTimeZone.ts';

type Figures = EngineerWithFigures<Engineer, Assignment>[];
type Computed = { engineers: readonly Engineer[]; assignments: readonly Assignment[]; now: Date; live: boolean; figures: Figures };

/**
 * The clock only ticks once a minute, so figures computed a moment ago by another screen are as
 * current as any: reused while they are younger than that tick, a screen opened after the dashboard
 * draws without recomputing every engineer's figures (tens of milliseconds at 2,000 engineers).
 */
const SHARED_FOR_MS = 60_000;
let shared: Computed | undefined;

/**
 * From this many engineers on, the figures are worked out a slice at a time between other tasks
 * instead of inside a render: at 2,000 engineers and 20,000 assignments they take 30 to 40 ms of
 * CPU, which a busy machine stretches past a long task's limit once the rendering is added to it.
 * A small team's figures still come with the render that needs them.
 */
export const SLICED_FROM_ENGINEERS = 300;

function isFor(c: Computed, engineers: readonly Engineer[], assignments: readonly Assignment[], now: Date, live: boolean): boolean {
  const age = now.getTime() - c.now.getTime();
  return c.engineers === engineers && c.assignments === assignments && (age === 0 || (live && c.live && age > 0 && age < SHARED_FOR_MS));
}

function figuresFor(engineers: readonly Engineer[], assignments: readonly Assignment[], now: Date, live: boolean): Computed {
  if (shared && isFor(shared, engineers, assignments, now, live)) return shared;
  shared = { engineers, assignments, now, live, figures: withFigures(engineers, assignments, now, orgTimeZone()) };
  return shared;
}

/** The slicing under way; a newer one makes it stop at its next slice. */
let inFlight: { engineers: readonly Engineer[]; assignments: readonly Assignment[]; now: Date; live: boolean; done: Promise<Computed | null> } | undefined;

function figuresInSlices(engineers: readonly Engineer[], assignments: readonly Assignment[], now: Date, live: boolean): Promise<Computed | null> {
  if (shared && isFor(shared, engineers, assignments, now, live)) return Promise.resolve(shared);
  if (inFlight && inFlight.engineers === engineers && inFlight.assignments === assignments && inFlight.live === live && inFlight.now.getTime() === now.getTime()) {
    return inFlight.done;
  }
  const run = { engineers, assignments, now, live, done: Promise.resolve<Computed | null>(null) };
  inFlight = run;
  const superseded = () => inFlight !== run;
  run.done = (async () => {
    // The data has just arrived in a task of its own (its render included): start in a fresh one.
    await yieldToMain();
    if (superseded()) return null;
    const byEngineer = assignmentsByEngineer(assignments);
    const timeZone = orgTimeZone();
    const figures = await mapInSlices(engineers, (e) => engineerWithFigures(e, byEngineer, now, timeZone), superseded);
    if (!figures || superseded()) return null;
    inFlight = undefined;
    shared = { engineers, assignments, now, live, figures };
    return shared;
  })();
  return run.done;
}

/**
 * Engineers with every derived figure of domain/figures.ts (allocation, availability, utilisation,
 * status, work type, active projects...), recomputed when the data or the clock moves. `now` is the
 * moment the figures are for. For a large organisation they are computed in slices: meanwhile the
 * figures of the data before (when there were some, in the same live or past view) stay, and
 * `computing` says there are none to show yet.
 */
export function useEngineerFigures() {
  const engineers = useEngineers();
  const assignments = useAssignments();
  const clock = useNow();
  const live = usePastMoment() === null;
  const sliced = engineers.data.length >= SLICED_FROM_ENGINEERS;

  const inRender = useMemo(
    () => (sliced ? undefined : figuresFor(engineers.data, assignments.data, clock, live)),
    [sliced, engineers.data, assignments.data, clock, live],
  );
  // Another screen's figures of this very data are taken at once; older ones never (another session's, say).
  const [fromSlices, setFromSlices] = useState<Computed | undefined>(() =>
    shared && isFor(shared, engineers.data, assignments.data, clock, live) ? shared : undefined,
  );
  useEffect(() => {
    if (!sliced) return;
    let mounted = true;
    void figuresInSlices(engineers.data, assignments.data, clock, live).then((computed) => {
      // A transition: the screen's rows render in React's time slices too, not in one long task.
      if (mounted && computed) startTransition(() => setFromSlices(computed));
    });
    return () => {
      mounted = false;
    };
  }, [sliced, engineers.data, assignments.data, clock, live]);

  const fresh = inRender ?? (fromSlices && isFor(fromSlices, engineers.data, assignments.data, clock, live) ? fromSlices : undefined);
  const shown = fresh ?? (fromSlices?.live === live ? fromSlices : undefined);
  return {
    figures: shown?.figures ?? [],
    now: shown?.now ?? clock,
    computing: !shown && engineers.data.length > 0,
    /** The figures shown are of exactly these lists and this moment, not of the lists before. */
    fresh: fresh !== undefined,
    engineers,
    assignments,
  };
}

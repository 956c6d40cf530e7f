import { useMemo } from 'react';
import { withFigures } from '../../domain/figures.ts';
import { useNow } from './useNow.ts';
import { useAssignments } from './assignments.ts';
import { useEngineers } from './engineers.ts';

/**
 * Engineers with every derived figure of domain/figures.ts (allocation, availability, utilisation,
 * status, work type, active projects...), recomputed when the data or the clock moves.
 */
export function useEngineerFigures() {
  const engineers = useEngineers();
  const assignments = useAssignments();
  const now = useNow();
  const figures = useMemo(() => withFigures(engineers.data, assignments.data, now), [engineers.data, assignments.data, now]);
  return { figures, now, engineers, assignments };
}

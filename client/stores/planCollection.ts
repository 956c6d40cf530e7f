import { useSnapshot } from 'valtio/react';
import type { Plan } from '../../domain/plan.ts';
import { createCollection } from './collection.ts';
import { usePastCollection } from './viewMode.ts';

/**
 * One of the plan's lists every screen shares (engineers, projects, assignments), in the plan's shape:
 * loaded live by `load`, and shown as the past plan's list while the app views the past.
 */
export function createPlanCollection<K extends 'assignments' | 'engineers' | 'projects'>(key: K, load: () => Promise<Plan[K]>) {
  const collection = createCollection<Plan[K]>(() => [] as Plan[K], load);
  /** The list the screens show: the live collection, or the past plan's list while viewing the past. */
  function useShown() {
    const live = useSnapshot(collection.state);
    const past = usePastCollection(key);
    return (past ?? live) as typeof live;
  }
  return { ...collection, useShown };
}

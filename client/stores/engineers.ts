import { useSnapshot } from 'valtio/react';
import type { Engineer } from '../../domain/entities.ts';
import { api } from '../lib/api.ts';
import { createCollection } from './collection.ts';
import { usePastCollection } from './viewMode.ts';

/** The engineer directory (GET /api/engineers), in the plan's shape. */
const engineers = createCollection<Engineer[]>(() => [], () => api.engineers());

export const engineersStore = engineers.state;
export const loadEngineers = engineers.load;
export const setEngineers = engineers.set;
export const resetEngineers = engineers.reset;
/** The engineers the screens show: the live collection, or the past plan's list while viewing the past. */
export function useEngineers() {
  const live = useSnapshot(engineersStore);
  const past = usePastCollection('engineers');
  return (past ?? live) as typeof live;
}

import { callsOf } from './calls.ts';
import { createPlanCollection } from './planCollection.ts';

/** The engineer directory (GET /api/engineers), in the plan's shape. */
const engineers = createPlanCollection('engineers', () => callsOf('engineers').list());

export const engineersStore = engineers.state;
export const loadEngineers = engineers.load;
export const setEngineers = engineers.set;
export const resetEngineers = engineers.reset;
/** The engineers the screens show: the live collection, or the past plan's list while viewing the past. */
export const useEngineers = engineers.useShown;

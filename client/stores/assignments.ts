import { callsOf } from './calls.ts';
import { createPlanCollection } from './planCollection.ts';

/** Assignments with engineer and project populated (GET /api/assignments), in the plan's shape. */
const assignments = createPlanCollection('assignments', () => callsOf('assignments').list());

export const assignmentsStore = assignments.state;
export const loadAssignments = assignments.load;
export const setAssignments = assignments.set;
export const resetAssignments = assignments.reset;
/** The assignments the screens show: the live collection, or the past plan's list while viewing the past. */
export const useAssignments = assignments.useShown;

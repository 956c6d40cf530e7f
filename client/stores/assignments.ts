import { useSnapshot } from 'valtio/react';
import type { Assignment } from '../../domain/entities.ts';
import { api } from '../lib/api.ts';
import { createCollection } from './collection.ts';
import { usePastCollection } from './viewMode.ts';

/** Assignments with engineer and project populated (GET /api/assignments), in the plan's shape. */
const assignments = createCollection<Assignment[]>(() => [], () => api.assignments());

export const assignmentsStore = assignments.state;
export const loadAssignments = assignments.load;
export const setAssignments = assignments.set;
export const resetAssignments = assignments.reset;
/** The assignments the screens show: the live collection, or the past plan's list while viewing the past. */
export function useAssignments() {
  const live = useSnapshot(assignmentsStore);
  const past = usePastCollection('assignments');
  return (past ?? live) as typeof live;
}

import type { Assignment } from '../../domain/entities.ts';

/**
 * One object per engineer and per project that the assignments name. The server repeats them in
 * every assignment (20,000 copies of 2,000 engineers and 400 projects), which doubles the heap that
 * every garbage collection walks: pauses that land inside whatever task is running. Within one
 * answer the copies are equal (one snapshot of the plan), so sharing them changes nothing else.
 * The freshly parsed list is changed in place: its position in the event log is keyed on it.
 */
export function shareNamedRecords<T extends Pick<Assignment, 'engineerId' | 'projectId'>>(list: T[]): T[] {
  if (!Array.isArray(list)) return list;
  const engineers = new Map<string, T['engineerId']>();
  const projects = new Map<string, T['projectId']>();
  for (const a of list) {
    if (!a?.engineerId?._id || !a.projectId?._id) continue;
    const engineer = engineers.get(a.engineerId._id);
    if (engineer) a.engineerId = engineer;
    else engineers.set(a.engineerId._id, a.engineerId);
    const project = projects.get(a.projectId._id);
    if (project) a.projectId = project;
    else projects.set(a.projectId._id, a.projectId);
  }
  return list;
}

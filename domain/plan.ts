import type { Assignment, AssignmentRecord, Engineer, Project } from './entities.ts';
import { assertNever, type PlanningEvent } from './events.ts';
import { evolveAssignment, evolveEngineer, evolveProject } from './evolve.ts';

/** The whole plan as the screens see it: the three read models, assignments populated. */
export type Plan = { engineers: Engineer[]; projects: Project[]; assignments: Assignment[] };

export const emptyPlan = (): Plan => ({ engineers: [], projects: [], assignments: [] });

export function populate(record: AssignmentRecord, plan: Pick<Plan, 'engineers' | 'projects'>): Assignment {
  const engineer = plan.engineers.find((e) => e._id === record.engineerId);
  const project = plan.projects.find((p) => p._id === record.projectId);
  return {
    ...record,
    engineerId: { _id: record.engineerId, name: engineer?.name ?? '', email: engineer?.email ?? '' },
    projectId: { _id: record.projectId, name: project?.name ?? '', status: project?.status ?? 'planning' },
  };
}

export const unpopulate = (a: Assignment): AssignmentRecord => ({ ...a, engineerId: a.engineerId._id, projectId: a.projectId._id });

function replace<T extends { _id: string }>(list: T[], id: string, next: T | null): T[] {
  const index = list.findIndex((item) => item._id === id);
  if (next === null) return index === -1 ? list : list.filter((item) => item._id !== id);
  if (index === -1) return [...list, next];
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/**
 * Applies one event to the plan, immutably, with the same stream reducers the projections use.
 * `version` is the event's stream position. Names copied into assignments follow renames.
 */
export function applyToPlan(plan: Plan, event: PlanningEvent, version: number): Plan {
  switch (event.type) {
    case 'ProjectCreated':
    case 'ProjectUpdated':
    case 'ProjectStatusChanged': {
      const id = event.data.projectId;
      const next = evolveProject(plan.projects.find((p) => p._id === id) ?? null, event, version);
      const projects = replace(plan.projects, id, next);
      const assignments = next
        ? plan.assignments.map((a) =>
            a.projectId._id === id ? { ...a, projectId: { _id: id, name: next.name, status: next.status } } : a)
        : plan.assignments;
      return { ...plan, projects, assignments };
    }
    case 'EngineerRegistered':
    case 'EngineerProfileUpdated': {
      const id = event.data.engineerId;
      const next = evolveEngineer(plan.engineers.find((e) => e._id === id) ?? null, event, version);
      const engineers = replace(plan.engineers, id, next);
      const assignments = next
        ? plan.assignments.map((a) =>
            a.engineerId._id === id ? { ...a, engineerId: { _id: id, name: next.name, email: next.email } } : a)
        : plan.assignments;
      return { ...plan, engineers, assignments };
    }
    case 'AssignmentCreated':
    case 'AssignmentUpdated':
    case 'AssignmentRemoved': {
      const id = event.data.assignmentId;
      const existing = plan.assignments.find((a) => a._id === id);
      const next = evolveAssignment(existing ? unpopulate(existing) : null, event, version);
      return { ...plan, assignments: replace(plan.assignments, id, next && populate(next, plan)) };
    }
    default:
      return assertNever(event);
  }
}

import {
  decideConfirmProject, decideCreateAssignment, decideMarkTentative, decideRemoveAssignment, decideUpdateAssignment,
  decideUpdateProject,
} from '../decide.ts';
import { decideAddPlaceholder, decideFillPlaceholder, decideRemovePlaceholder, decideUpdatePlaceholder } from '../decide-placeholders.ts';
import { decideBookTimeOff, decideCancelTimeOff, type TimeOffActor } from '../decide-time-off.ts';
import type { AssignmentRecord, Engineer, Project } from '../entities.ts';
import { streamEntity, streamIds, type PlanningEvent } from '../events.ts';
import type { EngineerTimeOff, ProjectPlan } from '../evolve.ts';
import { applyToPlan, unpopulate, type Plan } from '../plan.ts';
import { assertNoCommand, type DraftedCommand } from './commands.ts';

/** The events one command appends to one stream. */
export type StreamEvents = { streamId: string; events: PlanningEvent[] };

/**
 * Looks entities up in a plan. A scan, not a map: each change replaces a list, and a scan of 20,000
 * assignments costs less than building a map of them again after every change.
 */
export class PlanIndex {
  private byId<T extends { _id: string }>(list: readonly T[], id: string): T | null {
    return list.find((item) => item._id === id) ?? null;
  }

  project = (plan: Plan, id: string): Project | null => this.byId(plan.projects, id);
  engineer = (plan: Plan, id: string): Engineer | null => this.byId(plan.engineers, id);
  assignment = (plan: Plan, id: string): AssignmentRecord | null => {
    const found = this.byId(plan.assignments, id);
    return found && unpopulate(found);
  };

  /** The project stream as its placeholder commands fold it (placeholders closed before are not kept in a plan). */
  projectPlan(plan: Plan, id: string): ProjectPlan | null {
    const project = this.project(plan, id);
    if (!project) return null;
    const placeholders = Object.fromEntries(plan.placeholders.filter((p) => p.projectId === id).map((p) => [p._id, p]));
    return { project, placeholders, closed: {} };
  }

  engineerTimeOff(plan: Plan, id: string): EngineerTimeOff | null {
    const engineer = this.engineer(plan, id);
    if (!engineer) return null;
    return { engineer, timeOff: Object.fromEntries(plan.timeOff.filter((t) => t.engineerId === id).map((t) => [t._id, t])) };
  }

  /** A stream's version in the plan: its entity's version (facts beside an entity move it too), 0 for a new stream. */
  streamVersion(plan: Plan, streamId: string): number {
    const entity = streamEntity(streamId);
    if (!entity) return 0;
    switch (entity.kind) {
      case 'project':
        return this.project(plan, entity.id)?.version ?? 0;
      case 'engineer':
        return this.engineer(plan, entity.id)?.version ?? 0;
      case 'assignment':
        return this.byId(plan.assignments, entity.id)?.version ?? 0;
      case 'calendar':
        return Math.max(0, ...plan.holidays.map((h) => h.version));
      case 'account':
        return 0;
    }
  }
}

/**
 * What a drafted command would append if it ran on this plan: the live decide functions, given the
 * streams' states as the plan holds them. Throws the same DomainError the live route would answer with.
 */
export function decideOnPlan(plan: Plan, command: DraftedCommand, actor: TimeOffActor, index = new PlanIndex()): StreamEvents[] {
  const onProject = (id: string, events: PlanningEvent[]) => [{ streamId: streamIds.project(id), events }];
  switch (command.kind) {
    case 'createAssignment': {
      const events = decideCreateAssignment(index.assignment(plan, command.assignmentId), {
        assignmentId: command.assignmentId,
        input: command.input,
        engineer: index.engineer(plan, command.input.engineerId),
        project: index.project(plan, command.input.projectId),
      });
      return [{ streamId: streamIds.assignment(command.assignmentId), events }];
    }
    case 'updateAssignment': {
      const state = index.assignment(plan, command.assignmentId);
      const events = decideUpdateAssignment(state, { input: command.input, project: state && index.project(plan, state.projectId) });
      return [{ streamId: streamIds.assignment(command.assignmentId), events }];
    }
    case 'removeAssignment':
      return [{ streamId: streamIds.assignment(command.assignmentId), events: decideRemoveAssignment(index.assignment(plan, command.assignmentId)) }];
    case 'updateProject':
      return onProject(command.projectId, decideUpdateProject(index.project(plan, command.projectId), command.input));
    case 'markTentative':
      return onProject(command.projectId, decideMarkTentative(index.project(plan, command.projectId)));
    case 'confirmProject':
      return onProject(command.projectId, decideConfirmProject(index.project(plan, command.projectId)));
    case 'addPlaceholder': {
      const events = decideAddPlaceholder(index.projectPlan(plan, command.projectId), { placeholderId: command.placeholderId, input: command.input });
      return onProject(command.projectId, events);
    }
    case 'updatePlaceholder': {
      const events = decideUpdatePlaceholder(index.projectPlan(plan, command.projectId), { placeholderId: command.placeholderId, input: command.input });
      return onProject(command.projectId, events);
    }
    case 'removePlaceholder':
      return onProject(command.projectId, decideRemovePlaceholder(index.projectPlan(plan, command.projectId), command));
    case 'fillPlaceholder': {
      const decided = decideFillPlaceholder(index.projectPlan(plan, command.projectId), {
        placeholderId: command.placeholderId,
        assignmentId: command.assignmentId,
        engineerId: command.engineerId,
        engineer: index.engineer(plan, command.engineerId),
      });
      return [
        { streamId: streamIds.project(command.projectId), events: decided.project },
        { streamId: streamIds.assignment(command.assignmentId), events: decided.assignment },
      ];
    }
    case 'bookTimeOff': {
      const events = decideBookTimeOff(index.engineerTimeOff(plan, command.engineerId), { timeOffId: command.timeOffId, input: command.input, actor });
      return [{ streamId: streamIds.engineer(command.engineerId), events }];
    }
    case 'cancelTimeOff': {
      const events = decideCancelTimeOff(index.engineerTimeOff(plan, command.engineerId), { timeOffId: command.timeOffId, actor });
      return [{ streamId: streamIds.engineer(command.engineerId), events }];
    }
    default:
      return assertNoCommand(command);
  }
}

/** The plan with those events applied through the projections' reducers, each at its next stream position. */
export function applyStreamEvents(plan: Plan, decided: readonly StreamEvents[], index = new PlanIndex()): Plan {
  let next = plan;
  for (const { streamId, events } of decided) {
    const version = index.streamVersion(next, streamId);
    events.forEach((event, i) => {
      next = applyToPlan(next, event, version + i + 1);
    });
  }
  return next;
}

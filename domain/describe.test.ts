import { describe, expect, it } from 'vitest';
import { describeEvent, describePublished } from './describe.ts';
import type { PlanningEvent } from './events.ts';

const names = { actor: 'Dana Whitfield', engineer: 'Lucas Silva', project: 'Payments' };

const projectCreated: PlanningEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: 'p1', name: 'Payments', description: 'Move payments to the new provider', startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-09-30T00:00:00.000Z', teamSize: 3, requiredSkills: ['Go'], status: 'planning', managerId: 'm1',
  },
};

describe('describeEvent', () => {
  it("reads an allocation change as '<actor> changed <engineer>'s allocation on <project> from 50% to 80%', not as a move", () => {
    const event: PlanningEvent = {
      type: 'AssignmentUpdated',
      data: { assignmentId: 'a1', changes: { allocationPercentage: 80 }, previous: { allocationPercentage: 50 } },
    };
    expect(describeEvent(event, names)).toBe("Dana Whitfield changed Lucas Silva's allocation on Payments from 50% to 80%");
  });

  it('an allocation change recorded without its previous value still reads, without a "from"', () => {
    const event: PlanningEvent = { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { allocationPercentage: 80 } } };
    expect(describeEvent(event, names)).toBe('Dana Whitfield changed Lucas Silva on Payments: allocation to 80%');
  });

  it('both dates moved by the same whole days (a drag): moved, by how much, to when', () => {
    const moved = (startDate: string, endDate: string): PlanningEvent => ({
      type: 'AssignmentUpdated',
      data: { assignmentId: 'a1', changes: { startDate, endDate }, previous: { startDate: '2025-09-01T00:00:00.000Z', endDate: '2025-09-30T00:00:00.000Z' } },
    });
    expect(describeEvent(moved('2025-09-08T00:00:00.000Z', '2025-10-07T00:00:00.000Z'), names)).toBe('Dana Whitfield moved Lucas Silva on Payments 7 days later, to 2025-09-08 - 2025-10-07');
    expect(describeEvent(moved('2025-08-31T00:00:00.000Z', '2025-09-29T00:00:00.000Z'), names)).toBe('Dana Whitfield moved Lucas Silva on Payments 1 day earlier, to 2025-08-31 - 2025-09-29');
    // Resized, not moved: the dates say what changed.
    expect(describeEvent(moved('2025-09-08T00:00:00.000Z', '2025-10-31T00:00:00.000Z'), names)).toMatch(/changed Lucas Silva on Payments: start date from 2025-09-01 to 2025-09-08, end date/);
  });

  it('several assignment fields at once: each with its before and after, dates as days', () => {
    const event: PlanningEvent = {
      type: 'AssignmentUpdated',
      data: {
        assignmentId: 'a1',
        changes: { role: 'Tech Lead', allocationPercentage: 60, endDate: '2025-10-31T00:00:00.000Z' },
        previous: { role: 'Developer', allocationPercentage: 40, endDate: '2025-09-30T00:00:00.000Z' },
      },
    };
    expect(describeEvent(event, names)).toBe(
      'Dana Whitfield changed Lucas Silva on Payments: role from Developer to Tech Lead, allocation from 40% to 60%, end date from 2025-09-30 to 2025-10-31',
    );
  });

  it("a reassignment names both engineers: '<actor> moved <from>'s assignment on <project> to <to>'", () => {
    const event: PlanningEvent = { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { engineerId: 'e2' }, previous: { engineerId: 'e1' } } };
    const engineerName = (id: string) => ({ e1: 'Lucas Silva', e2: 'Priya Patel' })[id];
    expect(describeEvent(event, { ...names, engineerName })).toBe("Dana Whitfield moved Lucas Silva's assignment on Payments to Priya Patel");
  });

  it('a reassignment with other changes says them after the move', () => {
    const event: PlanningEvent = {
      type: 'AssignmentUpdated',
      data: { assignmentId: 'a1', changes: { engineerId: 'e2', allocationPercentage: 40 }, previous: { engineerId: 'e1', allocationPercentage: 60 } },
    };
    const engineerName = (id: string) => ({ e1: 'Lucas Silva', e2: 'Priya Patel' })[id];
    expect(describeEvent(event, { ...names, engineerName })).toBe("Dana Whitfield moved Lucas Silva's assignment on Payments to Priya Patel; allocation from 60% to 40%");
  });

  it('a reassignment whose engineers are unknown still reads', () => {
    const event: PlanningEvent = { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { engineerId: 'e2' }, previous: { engineerId: 'e1' } } };
    expect(describeEvent(event, names)).toBe("Dana Whitfield moved an engineer's assignment on Payments to another engineer");
  });

  it('a created project, with its status', () => {
    expect(describeEvent(projectCreated, names)).toBe('Dana Whitfield created project Payments (planning)');
  });

  it('a project edit names each field in words', () => {
    const event: PlanningEvent = {
      type: 'ProjectUpdated',
      data: {
        projectId: 'p1',
        changes: { name: 'Payments 2', teamSize: 5, requiredSkills: ['Go', 'PostgreSQL'], startDate: '2025-07-15T00:00:00.000Z' },
        previous: { name: 'Payments', teamSize: 3, requiredSkills: ['Go'], startDate: '2025-07-01T00:00:00.000Z' },
      },
    };
    expect(describeEvent(event, { ...names, project: 'Payments 2' })).toBe(
      'Dana Whitfield changed Payments 2: name from Payments to Payments 2, team size from 3 to 5, required skills from Go to Go, PostgreSQL, start date from 2025-07-01 to 2025-07-15',
    );
  });

  it('a status move', () => {
    const event: PlanningEvent = { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'active', to: 'completed' } };
    expect(describeEvent(event, names)).toBe('Dana Whitfield moved Payments from active to completed');
  });

  it('a new assignment, with role, allocation and days', () => {
    const event: PlanningEvent = {
      type: 'AssignmentCreated',
      data: {
        assignmentId: 'a1', engineerId: 'e1', projectId: 'p1', role: 'Backend Engineer', allocationPercentage: 50,
        startDate: '2025-07-01T00:00:00.000Z', endDate: '2025-08-31T00:00:00.000Z',
      },
    };
    expect(describeEvent(event, names)).toBe('Dana Whitfield assigned Lucas Silva to Payments as Backend Engineer at 50% from 2025-07-01 to 2025-08-31');
  });

  it('a removed assignment', () => {
    expect(describeEvent({ type: 'AssignmentRemoved', data: { assignmentId: 'a1' } }, names)).toBe('Dana Whitfield removed Lucas Silva from Payments');
  });

  it('a registered engineer, with seniority and capacity', () => {
    const event: PlanningEvent = {
      type: 'EngineerRegistered',
      data: { engineerId: 'e9', name: 'Mei Chen', email: 'mei@demo.test', department: 'Data', skills: ['Python'], seniority: 'senior', maxCapacity: 50 },
    };
    expect(describeEvent(event, names)).toBe('Dana Whitfield added engineer Mei Chen (senior, 50% capacity)');
  });

  it('an engineer profile edit: capacity as a percentage, skills as a list', () => {
    const event: PlanningEvent = {
      type: 'EngineerProfileUpdated',
      data: { engineerId: 'e1', changes: { maxCapacity: 50, skills: ['Go', 'Rust'] }, previous: { maxCapacity: 100, skills: ['Go'] } },
    };
    expect(describeEvent(event, names)).toBe('Dana Whitfield changed Lucas Silva: max capacity from 100% to 50%, skills from Go to Go, Rust');
  });

  it('falls back to neutral words when an engineer or project name is unknown', () => {
    const event: PlanningEvent = {
      type: 'AssignmentUpdated',
      data: { assignmentId: 'a1', changes: { allocationPercentage: 80 }, previous: { allocationPercentage: 50 } },
    };
    expect(describeEvent(event, { actor: 'System' })).toBe("System changed an engineer's allocation on a project from 50% to 80%");
    expect(describeEvent({ type: 'AssignmentRemoved', data: { assignmentId: 'a1' } }, { actor: 'Dana' })).toBe('Dana removed an engineer from a project');
  });

  it('has a sentence for every event type, each starting with the actor', () => {
    const events: PlanningEvent[] = [
      projectCreated,
      { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { teamSize: 4 }, previous: { teamSize: 3 } } },
      { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } },
      { type: 'AssignmentCreated', data: { assignmentId: 'a1', engineerId: 'e1', projectId: 'p1', role: 'Dev', allocationPercentage: 10, startDate: '2025-01-01', endDate: '2025-02-01' } },
      { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { role: 'Lead' }, previous: { role: 'Dev' } } },
      { type: 'AssignmentRemoved', data: { assignmentId: 'a1' } },
      { type: 'EngineerRegistered', data: { engineerId: 'e1', name: 'X', email: 'x@demo.test', department: 'D', skills: [], seniority: 'junior', maxCapacity: 100 } },
      { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { department: 'Data' }, previous: { department: 'Platform' } } },
    ];
    for (const event of events) {
      const sentence = describeEvent(event, names);
      expect(sentence.startsWith('Dana Whitfield '), event.type).toBe(true);
      expect(sentence, event.type).not.toMatch(/undefined|\[object Object\]/);
    }
  });
});

describe('describePublished', () => {
  const handed: PlanningEvent = {
    type: 'AssignmentUpdated',
    data: { assignmentId: 'a1', changes: { engineerId: 'lucas' }, previous: { engineerId: 'jordan' } },
  };
  const engineerName = (id: string) => ({ lucas: 'Lucas Silva', jordan: 'Jordan Lee' })[id];
  const summary = describeEvent(handed, { ...names, engineer: 'Jordan Lee', engineerName });

  it('says which scenario published the event and who published it', () => {
    expect(describePublished(summary, { scenario: 'Win the pipeline', actor: 'Dana Whitfield' }))
      .toBe(`${summary} (published from scenario Win the pipeline by Dana Whitfield)`);
  });

  it("marks a proposal's change as proposed, with its reason", () => {
    const reason = 'Jordan Lee is at 110 % in W01-W02; Lucas Silva is free then and has React';
    expect(describePublished(summary, { scenario: 'Resolve overloads 2027-01-04 to 2027-01-31', actor: 'Dana Whitfield', proposed: reason }))
      .toBe(`${summary} (published from scenario Resolve overloads 2027-01-04 to 2027-01-31 by Dana Whitfield; proposed: ${reason})`);
  });
});

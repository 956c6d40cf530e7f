/**
 * Small plans written as data, for levelling's tests and the bench: engineers, projects and
 * assignments by id, dates as days (UTC), everything else defaulted.
 */
import { defaultHolidayCalendar } from '../evolve.ts';
import type { Plan } from '../plan.ts';

export type SampleEngineer = { id: string; name?: string; skills?: string[]; capacity?: number };
export type SampleProject = { id: string; name?: string; start: string; end: string; skills?: string[]; tentative?: boolean };
export type SampleAssignment = { id: string; engineer: string; project: string; allocation: number; start: string; end: string };

const instant = (date: string) => `${date}T00:00:00.000Z`;

export function samplePlan(input: {
  engineers: SampleEngineer[];
  projects: SampleProject[];
  assignments: SampleAssignment[];
  locked?: { engineerId: string; week: string }[];
}): Plan {
  const engineers = input.engineers.map((e) => ({
    _id: e.id, name: e.name ?? e.id, email: `${e.id}@example.test`, department: 'Engineering', skills: e.skills ?? [], seniority: 'mid' as const,
    maxCapacity: e.capacity ?? 100, version: 1,
  }));
  const projects = input.projects.map((p) => ({
    _id: p.id, name: p.name ?? p.id, description: '', startDate: instant(p.start), endDate: instant(p.end), teamSize: 3, requiredSkills: p.skills ?? [],
    status: 'active' as const, managerId: 'manager', tentative: p.tentative ?? false, version: 1,
  }));
  const assignments = input.assignments.map((a) => {
    const engineer = engineers.find((e) => e._id === a.engineer)!;
    const project = projects.find((p) => p._id === a.project)!;
    return {
      _id: a.id, engineerId: { _id: engineer._id, name: engineer.name, email: engineer.email },
      projectId: { _id: project._id, name: project.name, status: project.status }, role: 'Developer', allocationPercentage: a.allocation,
      startDate: instant(a.start), endDate: instant(a.end), version: 1,
    };
  });
  const actuals = (input.locked ?? []).map((w) => ({ engineerId: w.engineerId, week: w.week, entries: [], recorded: false, locked: true, version: 1 }));
  return { engineers, projects, assignments, timeOff: [], holidays: [], placeholders: [], holidayCalendars: [defaultHolidayCalendar()], actuals };
}

import type { CapacityEngineerRow, CapacityFacts } from '../../domain/index.ts';
import type { TestApp } from './app.ts';

type Lists = { engineers: (CapacityEngineerRow & { version: number })[]; assignments: { _id: string; engineerId: { _id: string }; projectId: { _id: string }; allocationPercentage: number; startDate: string; endDate: string }[]; projects: { _id: string; tentative?: boolean }[] };

/**
 * The facts of the capacity model as a client sees them: read from the public list endpoints, not
 * from the database, so a test can check /api/capacity against the domain model computed from them.
 */
export async function capacityFactsFromLists(t: Pick<TestApp, 'request'>, token: string): Promise<CapacityFacts<CapacityEngineerRow>> {
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.request({ method: 'GET', url, token });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
  const [engineers, assignments, projects, timeOff, holidays, placeholders] = await Promise.all([
    get<Lists['engineers']>('/api/engineers'),
    get<Lists['assignments']>('/api/assignments'),
    get<Lists['projects']>('/api/projects'),
    get<{ engineerId: string; from: string; to: string }[]>('/api/time-off'),
    get<{ date: string; name: string; calendarId?: string }[]>('/api/holidays'),
    get<{ _id: string; projectId: string; allocationPercentage: number; startDate: string; endDate: string }[]>('/api/placeholders'),
  ]);
  return {
    engineers: engineers.map(({ _id, name, email, department, seniority, skills, maxCapacity, avatar, workWeeks, calendars, startDate, leaveDate, version }) => ({
      _id, name, email, department, seniority, skills, maxCapacity, version, ...(avatar ? { avatar } : {}),
      ...(workWeeks ? { workWeeks } : {}), ...(calendars ? { calendars } : {}), ...(startDate ? { startDate } : {}), ...(leaveDate ? { leaveDate } : {}),
    })),
    assignments: assignments.map((a) => ({
      _id: a._id, engineerId: a.engineerId._id, projectId: a.projectId._id, allocationPercentage: a.allocationPercentage, startDate: a.startDate, endDate: a.endDate,
    })),
    tentativeProjectIds: projects.filter((p) => p.tentative).map((p) => p._id),
    timeOff: timeOff.map(({ engineerId, from, to }) => ({ engineerId, from, to })),
    holidays: holidays.map(({ date, name, calendarId }) => ({ date, name, ...(calendarId ? { calendarId } : {}) })),
    placeholders: placeholders.map(({ _id, projectId, allocationPercentage, startDate, endDate }) => ({ _id, projectId, allocationPercentage, startDate, endDate })),
  };
}

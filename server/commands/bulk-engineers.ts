import {
  bulkEngineerMessages, DEFAULT_CALENDAR_ID, defaultHolidayCalendar, DomainError, engineerDaysMessages, planBulkEngineers,
  type BulkEngineerResult, type BulkEngineersInput, type Engineer, type EventMetadata,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { HttpError } from '../http-error.ts';
import { findHolidayCalendar } from '../read-models/holiday-calendars.ts';
import { changeEngineersDays } from './bulk-planning.ts';
import { teamsMissingMessage, type TeamDirectory } from './engineer-teams.ts';

/**
 * One change to many engineers in the caller's transaction (the Engineers and People & access
 * selections): each engineer is judged by the one decision of their change first, so a refusal names
 * every engineer it is about and nothing is written; then the commands run under the request's one
 * command id (one undo reverses them all) and, for a team, through the teams' door.
 */
export async function bulkChangeEngineers(
  trx: DbOrTrx,
  input: BulkEngineersInput,
  metadata: EventMetadata,
  teams: TeamDirectory | null,
): Promise<{ results: BulkEngineerResult[]; engineers: Engineer[] }> {
  if (input.teamId !== undefined && !teams) throw new HttpError(400, teamsMissingMessage, 'VALIDATION_FAILED');
  const calendar = input.calendarId === undefined ? undefined
    : input.calendarId === DEFAULT_CALENDAR_ID ? defaultHolidayCalendar() : await findHolidayCalendar(trx, input.calendarId);
  if (input.calendarId !== undefined && !calendar) throw new HttpError(404, engineerDaysMessages.calendarNotFound, 'NOT_FOUND');
  const ids = [...new Set(input.ids)];
  const rows = await trx.selectFrom('engineers').select('doc').where('id', 'in', ids).execute();
  const engineers = new Map(rows.map((r) => [r.doc._id, r.doc]));
  const { results, commands } = planBulkEngineers(engineers, input, () => calendar !== undefined);
  const refused = results.filter((r) => r.status === 'refused');
  if (refused.length > 0) {
    const notFound = refused.every((r) => r.message === bulkEngineerMessages.notFound);
    throw new HttpError(notFound ? 404 : 400, `${bulkEngineerMessages.refused(refused.length)} (first: ${refused[0]!.message})`, notFound ? 'NOT_FOUND' : 'VALIDATION_FAILED', { results });
  }
  const calendars = new Map(calendar ? [[calendar._id, { _id: calendar._id, name: calendar.name }]] : []);
  const written = commands.length > 0 ? await changeEngineersDays(trx, commands, metadata, calendars) : [];
  if (input.teamId !== undefined && teams) {
    try {
      await teams.assign(trx, ids.map((engineerId) => ({ engineerId, teamId: input.teamId!, from: input.from })), metadata);
    } catch (error) {
      if (error instanceof DomainError) throw new HttpError(error.kind === 'not-found' ? 404 : 400, error.message, error.kind === 'not-found' ? 'NOT_FOUND' : 'VALIDATION_FAILED', { results });
      throw error;
    }
    for (const result of results) result.status = 'changed';
    // The team is on each engineer's stream after the days' commands: read them as both left them.
    const now = await trx.selectFrom('engineers').select('doc').where('id', 'in', ids).execute();
    return { results, engineers: ids.flatMap((id) => now.find((r) => r.doc._id === id)?.doc ?? []) };
  }
  // Each engineer once, as the last of their commands left them.
  const after = new Map<string, Engineer>();
  for (const w of written) if (w.state) after.set(w.state._id, w.state);
  return { results, engineers: ids.flatMap((id) => after.get(id) ?? engineers.get(id) ?? []) };
}

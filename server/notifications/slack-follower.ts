import { capacityOverTime, dateOfDay, isStaffingEvent, localDayOf, mondayOf, overloadText, type RecordedEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { actorNames } from '../history/actors.ts';
import { describeEvents } from '../history/describe-events.ts';
import { loadCapacityFacts } from '../read-models/capacity-facts.ts';
import { readScenario } from '../scenarios/scenario-store.ts';
import { followLog } from './log-follower.ts';
import type { OutboxMessage } from './outbox.ts';
import { slackMessage } from './slack.ts';
import { staffingSteps } from './staffing-notices.ts';

/** The engineers whose load or capacity an event may have changed. */
function engineersTouched(event: RecordedEvent, assignmentOwner: Map<string, string>): string[] {
  const data = event.data as { engineerId?: string; assignmentId?: string; changes?: { engineerId?: string }; previous?: { engineerId?: string } };
  if (event.streamId.startsWith('engineer-')) return [event.streamId.slice('engineer-'.length)];
  if (!event.streamId.startsWith('assignment-')) return [];
  return [data.engineerId, data.changes?.engineerId, data.previous?.engineerId, assignmentOwner.get(data.assignmentId ?? '')].filter((id): id is string => Boolean(id));
}

/**
 * What channels hear, from the log: an overload that appears in the next 4 weeks (each engineer and
 * week once, ever), a scenario published, an import done, each step of a staffing request: one step of a
 * follower (log-follower.ts).
 * Without channels it only keeps up with the log.
 */
export const followLogForSlack = (db: DbOrTrx, options: { timeZone: string; publicUrl: string }) =>
  followLog(db, 'slack', (trx, events) => channelMessages(trx, events, options), {
    listening: async (trx) => (await trx.selectFrom('slack_channels').select('id').limit(1).execute()).length > 0,
  });

async function channelMessages(trx: DbOrTrx, events: RecordedEvent[], options: { timeZone: string; publicUrl: string }): Promise<OutboxMessage[]> {
  const channels = await trx.selectFrom('slack_channels').select(['id', 'url']).execute();
  if (channels.length === 0) return [];
  const messages: OutboxMessage[] = [];
  const toAll = (key: string, title: string, lines: string[], path = '/') =>
    channels.forEach((c) => messages.push({ channel: 'slack', dedupeKey: `slack ${key} ${c.id}`, target: c.url, payload: slackMessage(title, lines, `${options.publicUrl}${path}`) }));

  // Scenarios published in this batch: their events carry the scenario's id.
  const published = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const id = event.metadata.scenarioId;
    if (id) published.set(id, [...(published.get(id) ?? []), event]);
  }
  const names = await actorNames(trx, [...new Set([...published.values()].map((list) => list[0]!.metadata.actorId))]);
  for (const [id, list] of published) {
    const scenario = await readScenario(trx, id);
    toAll(`scenario ${id}`, `${names.get(list[0]!.metadata.actorId) ?? 'Someone'} published the scenario ${scenario?.name ?? id}`, [`${list.length} changes are now the live plan.`], `/scenarios/${id}`);
  }

  // Each step of a staffing request, in the History's own sentence: both managers' teams hear who asked and who answered.
  // A request names the managers it waits on (a channel is shared: this is how they hear it is theirs); an answer, who asked.
  const staffing = events.filter(isStaffingEvent);
  if (staffing.length > 0) {
    const steps = new Map((await staffingSteps(trx, staffing)).map((step) => [step.event.cursor, step]));
    const people = await actorNames(trx, [...new Set([...steps.values()].flatMap((step) => [...step.answerers, step.request.requestedBy]))]);
    const named = (ids: readonly string[]) => ids.map((id) => people.get(id) ?? 'a manager').join(', ');
    for (const described of await describeEvents(trx, staffing)) {
      const step = steps.get(described.cursor);
      const type = step?.event.type;
      const lines = !step ? []
        : type === 'StaffingRequested' ? (step.answerers.length > 0 ? [`To answer: ${named(step.answerers)}.`] : [])
          : type === 'StaffingWithdrawn' ? [] : [`Asked by ${named([step.request.requestedBy])}.`];
      toAll(`staffing ${described.cursor}`, described.summary, lines, '/staffing');
    }
  }

  // Overloads in the next 4 weeks of the people these events touched.
  const owners = new Map((await trx.selectFrom('assignments').select(['id', 'engineer_id']).execute()).map((a) => [a.id, a.engineer_id]));
  const touched = new Set(events.flatMap((e) => engineersTouched(e, owners)));
  if (touched.size > 0) {
    const monday = mondayOf(localDayOf(Date.now(), options.timeZone));
    const range = { from: dateOfDay(monday), to: dateOfDay(monday + 27) };
    const facts = await loadCapacityFacts(trx, touched.size === 1 ? { ...range, engineerId: [...touched][0]! } : range);
    const { engineers } = capacityOverTime({ ...facts, engineers: facts.engineers.filter((e) => touched.has(e._id)), timeZone: options.timeZone }, { ...range, step: 'week' });
    for (const e of engineers) {
      // Overloaded when some day is, whatever the week's average: the days over and the peak say so.
      for (const week of e.periods.filter((p) => p.status === 'overloaded')) {
        const days = overloadText(week);
        toAll(`overload ${e.engineer._id} ${week.key}`, `${e.engineer.name} is overloaded in ${week.key}`, [`${week.utilization}% of capacity booked in the week of ${week.start}${days ? `, ${days}` : ''}.`], '/capacity');
      }
    }
  }

  // Imports finished since the last look (a day back at most: a channel added later hears no old news).
  const imports = await trx
    .selectFrom('import_jobs')
    .selectAll()
    .where('state', '=', 'done')
    .where('finished_at', '>', new Date(Date.now() - 86_400_000))
    .execute();
  for (const job of imports) toAll(`import ${job.id}`, 'An import finished', [`${job.done} rows imported (${job.kind}).`], '/import');
  return messages;
}

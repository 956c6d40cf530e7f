import type { EventMetadata } from '../../domain/index.ts';
import type { ImportCommandOf, ImportKind, ImportPlan } from '../../domain/import/index.ts';
import {
  changeEngineersDays, createAssignments, createProjects, followCalendars, markProjectsTentative, registerEngineers, updateAssignments, updateEngineers,
  updateProjects,
} from '../commands/bulk-planning.ts';
import { changeAccount, inviteAccount } from '../commands/accounts.ts';
import { teamsMissingMessage, type TeamDirectory } from '../commands/engineer-teams.ts';
import { DomainError } from '../../domain/index.ts';
import { addHolidays, bookTimeOffs, changeOpenRoles } from '../commands/bulk-capacity-facts.ts';
import { createTeam, teamList, updateTeam } from '../commands/teams.ts';
import { recordManyActuals } from '../commands/actuals.ts';
import type { CommandResult } from '../commands/execute.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { JobProgress } from './jobs.ts';

export const BATCH_SIZE = 500;

type Batch<K extends ImportKind> = readonly ImportCommandOf[K][];
type Counts = { created: number; updated: number; unchanged: number };
/** An invitation a batch made: its secret goes out (mail, the job's answer) only once the batch has committed. */
export type MadeInvite = { email: string; name: string; token: string };
/** What a batch may need beyond the plan: the teams, and where its invitations are handed once committed. */
export type BatchContext = { teams: TeamDirectory | null; invited: MadeInvite[] };
type Runner<K extends ImportKind> = (trx: DbOrTrx, batch: Batch<K>, metadata: EventMetadata, context: BatchContext) => Promise<Counts>;

async function engineerOf(trx: DbOrTrx, engineerId: string) {
  const row = await trx.selectFrom('engineers').select('doc').where('id', '=', engineerId).executeTakeFirstOrThrow();
  return { email: row.doc.email, name: row.doc.name };
}

const ofType = <C extends { type: string }, T extends C['type']>(commands: readonly C[], type: T) =>
  commands.filter((c): c is Extract<C, { type: T }> => c.type === type);

/** Creations, and updates of which those that found nothing left to change (someone made it meanwhile) count as unchanged. */
const counted = (created: readonly unknown[], updated: readonly CommandResult<unknown>[]): Counts => {
  const changed = updated.filter((r) => r.events.length > 0).length;
  return { created: created.length, updated: changed, unchanged: updated.length - changed };
};

/** One batch of each kind's commands through the bulk use cases: creates first, then updates (never of the same entity). */
const runners: { [K in ImportKind]: Runner<K> } = {
  // Parents before the teams inside them (the plan's depth); a parent is named, and found by name once written.
  teams: async (trx, batch, metadata) => {
    const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
    // Per manager's account, the teams the file names them for (ids, once written).
    const managed = new Map<string, string[]>();
    const manages = (accountIds: readonly string[] | undefined, teamId: string) => {
      for (const id of accountIds ?? []) managed.set(id, [...(managed.get(id) ?? []), teamId]);
    };
    for (const command of [...batch].sort((a, b) => a.depth - b.depth)) {
      const parentId = async (name: string | null | undefined) => {
        if (name === null || name === undefined) return name;
        const found = (await teamList(trx)).find((t) => t.name.trim().toLowerCase() === name.trim().toLowerCase());
        if (!found) throw new DomainError('not-found', `No team is named '${name}'`, 'parent');
        return found._id;
      };
      if (command.type === 'create') {
        const made = await createTeam(trx, { name: command.name, parentId: await parentId(command.parent) }, metadata);
        manages(command.managers, made._id);
        counts.created += 1;
      } else {
        if (command.name !== undefined || command.parent !== undefined) {
          await updateTeam(trx, command.teamId, {
            ...(command.name !== undefined ? { name: command.name } : {}),
            ...(command.parent !== undefined ? { parentId: await parentId(command.parent) } : {}),
          }, metadata);
        }
        manages(command.managers, command.teamId);
        counts.updated += 1;
      }
    }
    // Each manager's scope comes to include the teams named for them, through the account's own decision
    // (ManagerScopeChanged), in the same transaction as the teams: all of it is written, or none.
    for (const [accountId, teamIds] of managed) {
      const row = await trx.selectFrom('users').select('scope').where('id', '=', accountId).executeTakeFirst();
      const now = (row?.scope ?? 'all') as 'all' | string[];
      await changeAccount(trx, accountId, { scope: [...new Set([...(now === 'all' ? [] : now), ...teamIds])] }, metadata);
    }
    return counts;
  },
  'open-roles': async (trx, batch, metadata) => {
    const results = await changeOpenRoles(trx, batch, metadata);
    const changed = results.filter((r, i) => batch[i]!.type === 'update' && r.events.length > 0).length;
    const updates = ofType(batch, 'update').length;
    return { created: ofType(batch, 'add').length, updated: changed, unchanged: updates - changed };
  },
  // A row's calendar is followed after its engineer is registered or updated, in the same batch.
  engineers: async (trx, batch, metadata, context) => {
    const registering = ofType(batch, 'register');
    const registered = await registerEngineers(trx, registering.map((c) => c.input), metadata);
    const updating = ofType(batch, 'update');
    const updated = await updateEngineers(trx, updating.map(({ engineerId, input }) => ({ engineerId, input })), metadata);
    // Each row's command with the id of its engineer, new or there already.
    const rows = [
      ...registering.map((c, i) => ({ engineerId: (registered[i]!.state as { _id: string })._id, command: c })),
      ...updating.map((c) => ({ engineerId: c.engineerId, command: c })),
    ];
    const follows = rows.flatMap(({ engineerId, command: c }) => (c.follow ? [{ engineerId, ...c.follow }] : []));
    const followed = follows.length > 0 ? await followCalendars(trx, follows, metadata) : [];
    const days = rows.flatMap(({ engineerId, command: c }) => [
      ...(c.workWeek ? [{ kind: 'changeWorkWeek' as const, engineerId, input: c.workWeek }] : []),
      ...(c.employment ? [{ kind: 'setEmployment' as const, engineerId, input: c.employment }] : []),
    ]);
    const changedDays = days.length > 0 ? await changeEngineersDays(trx, days, metadata) : [];
    const moves = rows.flatMap(({ engineerId, command: c }) => (c.team ? [{ engineerId, ...c.team }] : []));
    if (moves.length > 0) {
      if (!context.teams) throw new DomainError('invalid', teamsMissingMessage, 'team');
      await context.teams.assign(trx, moves, metadata);
    }
    const inviting = rows.filter(({ command: c }) => c.invite);
    for (const { command: c } of inviting) {
      const email = c.type === 'register' ? c.input.email : undefined;
      const person = email ? { email, name: (c as { input: { name: string } }).input.name } : await engineerOf(trx, (c as { engineerId: string }).engineerId);
      const { account, token } = await inviteAccount(trx, { email: person.email, name: person.name, role: 'engineer', admin: false }, metadata);
      context.invited.push({ email: account.email, name: account.name, token });
    }
    // An engineer whose only changes are beside the profile (calendar, days, team, invitation) counts as updated.
    const besides = new Set([
      ...followed.flatMap((r, i) => (r.events.length > 0 ? [follows[i]!.engineerId] : [])),
      ...changedDays.flatMap((r, i) => (r.events.length > 0 ? [days[i]!.engineerId] : [])),
      ...moves.map((m) => m.engineerId),
      ...inviting.map((r) => r.engineerId),
    ]);
    const counts = counted(registered, updated);
    const extra = updated.filter((r, i) => r.events.length === 0 && besides.has(updating[i]!.engineerId)).length;
    return { ...counts, updated: counts.updated + extra, unchanged: counts.unchanged - extra };
  },
  projects: async (trx, batch, metadata) => {
    const creating = ofType(batch, 'create');
    const created = await createProjects(trx, creating.map((c) => c.input), metadata);
    const updating = ofType(batch, 'update');
    const updated = await updateProjects(trx, updating, metadata);
    const marks = [
      ...creating.flatMap((c, i) => (c.tentative !== undefined ? [{ projectId: (created[i]!.state as { _id: string })._id, tentative: c.tentative }] : [])),
      ...updating.flatMap((c) => (c.tentative !== undefined ? [{ projectId: c.projectId, tentative: c.tentative }] : [])),
    ];
    const marked = marks.length > 0 ? await markProjectsTentative(trx, marks, metadata) : [];
    const onlyMarked = new Set(marked.flatMap((r, i) => (r.events.length > 0 ? [marks[i]!.projectId] : [])));
    const counts = counted(created, updated);
    const extra = updated.filter((r, i) => r.events.length === 0 && onlyMarked.has(updating[i]!.projectId)).length;
    return { ...counts, updated: counts.updated + extra, unchanged: counts.unchanged - extra };
  },
  assignments: async (trx, batch, metadata) => counted(
    await createAssignments(trx, ofType(batch, 'create').map((c) => c.input), metadata),
    await updateAssignments(trx, ofType(batch, 'update'), metadata),
  ),
  // A rebooking and a renaming always append (a cancel, then a booking), so each counts as updated.
  'time-off': async (trx, batch, metadata) => {
    await bookTimeOffs(trx, batch.map((c) => ({ engineerId: c.engineerId, input: c.input, replaces: c.type === 'rebook' ? c.timeOffId : undefined })), metadata);
    return { created: ofType(batch, 'book').length, updated: ofType(batch, 'rebook').length, unchanged: 0 };
  },
  actuals: async (trx, batch, metadata) => {
    const results = await recordManyActuals(trx, batch, metadata);
    const changed = results.filter((r) => r.events.length > 0);
    // A week recorded for the first time carries no `previous` entries.
    const created = changed.filter((r) => r.events.some((e) => e.type === 'ActualsRecorded' && e.data.previous === undefined)).length;
    return { created, updated: changed.length - created, unchanged: results.length - changed.length };
  },
  holidays: async (trx, batch, metadata) => {
    await addHolidays(trx, batch.map((c) => ({ input: c.input, replaces: c.type === 'rename' ? c.holidayId : undefined })), metadata);
    return { created: ofType(batch, 'add').length, updated: ofType(batch, 'rename').length, unchanged: 0 };
  },
};

/**
 * Two batches in flight: while PostgreSQL writes one, the next one is decided and hashed. Only where
 * no two batches share a stream: several bookings of one engineer live on that engineer's stream, and
 * every holiday on the calendar's, so two batches at once would refuse each other's append. An
 * engineer's weeks of actuals share their stream too, but are kept in one batch (`streamKeys`).
 */
const batchesInFlight: Record<ImportKind, number> = { teams: 1, 'open-roles': 2, engineers: 2, projects: 2, assignments: 2, 'time-off': 1, holidays: 1, actuals: 2 };

/** The stream each command writes, for the kinds whose batches keep every stream's commands together. */
const streamKeys: { [K in ImportKind]?: (command: ImportCommandOf[K]) => string } = {
  actuals: (command) => command.engineerId,
  // A project's open roles live on its stream.
  'open-roles': (command) => command.projectId,
  // Every team in one batch: a team's parent may be one the same file creates (teams are tens, not thousands).
  teams: () => 'teams',
};

/**
 * The commands cut into batches of `BATCH_SIZE`. With `streamOf`, a stream's commands all go into one
 * batch, in their order, so no two batches write one stream: streams are taken in the order they
 * first appear and a batch closes before a stream that would take it past `BATCH_SIZE` (a stream with
 * more commands than that makes one larger batch of its own).
 */
export function batchesOf<C>(commands: readonly C[], streamOf?: (command: C) => string): C[][] {
  if (!streamOf) return Array.from({ length: Math.ceil(commands.length / BATCH_SIZE) }, (_, i) => commands.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE));
  const byStream = new Map<string, C[]>();
  for (const command of commands) {
    const key = streamOf(command);
    const group = byStream.get(key);
    if (group) group.push(command);
    else byStream.set(key, [command]);
  }
  const batches: C[][] = [];
  let batch: C[] = [];
  for (const group of byStream.values()) {
    if (batch.length > 0 && batch.length + group.length > BATCH_SIZE) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...group);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Runs a plan's commands in batches (`batchesOf`), one transaction each, so readers (the live feed,
 * history) see the import arrive batch by batch instead of waiting behind one long transaction. `record` runs in
 * each batch's transaction with what that batch did, so a progress record commits with its rows.
 * After a batch fails no new one starts; the error is thrown once those running have ended.
 */
export async function applyPlan<K extends ImportKind>(
  run: <T>(work: (trx: DbOrTrx) => Promise<T>) => Promise<T>,
  plan: ImportPlan<K>,
  options: {
    metadata: EventMetadata;
    record: (trx: DbOrTrx, batch: JobProgress) => Promise<void>;
    onProgress?: (totals: JobProgress) => void;
    teams?: TeamDirectory | null;
    /** A batch's invitations, once it has committed. */
    onInvited?: (invites: MadeInvite[]) => void;
  },
): Promise<JobProgress> {
  const commands = plan.rows.flatMap((row) => (row.command ? [row.command] : []));
  const batches = batchesOf(commands, streamKeys[plan.kind] as ((command: ImportCommandOf[K]) => string) | undefined);
  const totals: JobProgress = { done: 0, created: 0, updated: 0, unchanged: plan.counts.unchanged };
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < batches.length) {
      const batch = batches[next++]!;
      try {
        const context: BatchContext = { teams: options.teams ?? null, invited: [] };
        const done = await run(async (trx) => {
          context.invited = [];
          const counts = await (runners[plan.kind] as Runner<K>)(trx, batch, options.metadata, context);
          const progress = { done: batch.length, ...counts };
          await options.record(trx, progress);
          return progress;
        });
        if (context.invited.length > 0) options.onInvited?.(context.invited);
        for (const key of Object.keys(totals) as (keyof JobProgress)[]) totals[key] += done[key];
        options.onProgress?.({ ...totals });
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: batchesInFlight[plan.kind] }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return totals;
}

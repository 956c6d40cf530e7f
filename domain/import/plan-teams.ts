import type { Role } from '../entities.ts';
import { createTeamInput } from '../teams/inputs.ts';
import { listCell, listText } from './cells.ts';
import { teamMessages } from '../teams/messages.ts';
import { errorRow, repeatedKeys, updateRow } from './plan-rows.ts';
import { validateRow, type RowValues } from './rows.ts';
import type { FieldChange, PlannedRow, RowIssue } from './types.ts';

/**
 * A team to create, or one there already to rename (its spelling) or move. `parent` names the team it
 * sits inside by name (null: at the top), resolved when it is written, since it may be one the same file
 * creates. `depth` is its depth in the teams as the file leaves them: written parents first, so no
 * team ever sits inside itself on the way. `managers`: the accounts (ids) of the managers the file names
 * for it, whose scopes come to include it (a manager org-wide until then manages the teams the file names
 * them for, and no longer all of them).
 */
export type TeamCommand =
  | { type: 'create'; name: string; parent: string | null; depth: number; managers?: string[] }
  | { type: 'update'; teamId: string; name?: string; parent?: string | null; depth: number; managers?: string[] };

/** An account as far as the managers column reads it: who it is and, for a manager, the teams they manage. */
export type TeamsFileAccount = { _id: string; email: string; role: Role; scope: 'all' | readonly string[] };

export type TeamsFileNow = {
  teams: readonly { _id: string; name: string; parentId: string | null }[];
  /** The accounts the managers column may name (left out: none). */
  accounts?: readonly TeamsFileAccount[];
  /** Whether whoever imports may choose who manages a team: admins, as for an account's scope. */
  canChangeScopes?: boolean;
};

export const teamImportMessages = {
  onlyOrgWide: 'Only admins and org-wide managers change teams: ask one to import this file',
  parentUnknown: (name: string) => `No team is named '${name}', here or in the file`,
  cycle: teamMessages.cycle,
  managersAdminsOnly: 'Only admins choose who manages a team: leave the managers column empty, or ask an admin to import this file',
  managerUnknown: (email: string) => `No account has the e-mail '${email}'`,
  notAManager: (email: string, role: string) => `'${email}' is an ${role}'s account, not a manager's: only managers manage teams`,
} as const;

const keyOf = (name: string) => name.trim().toLowerCase();

/**
 * Per row: create the team, rename or move the one of that name (without regard to case), or nothing
 * to do. A parent may be a team there already (by name or id) or one the file names on any line; a
 * file that would put a team inside itself is refused on each row of the loop.
 */
export function planTeams(rows: readonly RowValues[], now: TeamsFileNow): PlannedRow<TeamCommand>[] {
  const byKey = new Map(now.teams.map((t) => [keyOf(t.name), t]));
  const byId = new Map(now.teams.map((t) => [t._id, t]));
  const repeated = repeatedKeys();
  const accounts = new Map((now.accounts ?? []).map((a) => [a.email.trim().toLowerCase(), a]));

  /** The accounts a managers cell names (one per e-mail, in the file's order), or why it cannot be read. */
  const managersOf = (line: number, cell: string): { ids: string[]; emails: string[]; errors: RowIssue[] } => {
    const emails = [...new Set(listCell(cell).map((email) => email.toLowerCase()))];
    if (emails.length === 0) return { ids: [], emails, errors: [] };
    if (!now.canChangeScopes) return { ids: [], emails, errors: [{ line, column: 'managers', message: teamImportMessages.managersAdminsOnly }] };
    const errors: RowIssue[] = [];
    const ids: string[] = [];
    for (const email of emails) {
      const account = accounts.get(email);
      if (!account) errors.push({ line, column: 'managers', message: teamImportMessages.managerUnknown(email) });
      else if (account.role !== 'manager') errors.push({ line, column: 'managers', message: teamImportMessages.notAManager(email, account.role) });
      else ids.push(account._id);
    }
    return { ids, emails, errors };
  };
  /** How the preview names a manager the file adds: one org-wide until now then manages only the teams named for them. */
  const added = (email: string) => (accounts.get(email)?.scope === 'all' ? `${email} (org-wide until now)` : email);
  /** The managers who manage a team there now by name (those org-wide manage every team, and are not named). */
  const managingNow = (teamId: string) =>
    (now.accounts ?? []).filter((a) => a.role === 'manager' && a.scope !== 'all' && a.scope.includes(teamId)).map((a) => a.email.toLowerCase());

  // Each row read first: the parents a file names may come on later lines.
  const read = rows.map((row) => {
    const { value, errors } = validateRow(createTeamInput.pick({ name: true }), { name: row.values.name }, row.line);
    const name = value?.name ?? (row.values.name ?? '').trim();
    const parentCell = (row.values.parent ?? '').trim();
    const managers = managersOf(row.line, row.values.managers ?? '');
    const all: RowIssue[] = [...errors, ...(value ? repeated(row.line, keyOf(name), 'team') : []), ...managers.errors];
    return { row, name, parentCell, managers, errors: all };
  });
  const inFile = new Map(read.filter((r) => r.errors.length === 0).map((r) => [keyOf(r.name), r]));

  /** The key of the team a parent cell names: the file's teams and those there are by name, then those there are by id. */
  const parentKey = (cell: string): string | null => {
    if (inFile.has(keyOf(cell)) || byKey.has(keyOf(cell))) return keyOf(cell);
    const found = byId.get(cell);
    return found ? keyOf(found.name) : null;
  };
  // Where each team sits once the file is imported: the file's parent where it names one, else where it is.
  const finalParent = new Map<string, string | null>();
  for (const t of now.teams) finalParent.set(keyOf(t.name), t.parentId ? keyOf(byId.get(t.parentId)?.name ?? '') || null : null);
  for (const r of read) {
    if (r.errors.length > 0) continue;
    const key = keyOf(r.name);
    if (r.parentCell) finalParent.set(key, parentKey(r.parentCell));
    else if (!finalParent.has(key)) finalParent.set(key, null);
  }
  const limit = finalParent.size + 1;
  /** Its depth at the end (0 at the top), or null when walking up comes back to it. */
  const depthOf = (key: string): number | null => {
    let depth = 0;
    for (let at = finalParent.get(key) ?? null; at !== null; at = finalParent.get(at) ?? null) {
      if (at === key || depth > limit) return null;
      depth += 1;
    }
    return depth;
  };

  return read.map(({ row, name, parentCell, managers, errors }): PlannedRow<TeamCommand> => {
    if (errors.length > 0) return errorRow(row.line, name, errors);
    const key = keyOf(name);
    const parent = parentCell ? parentKey(parentCell) : undefined;
    if (parent === null) return errorRow(row.line, name, [{ line: row.line, column: 'parent', message: teamImportMessages.parentUnknown(parentCell) }]);
    const depth = depthOf(key);
    if (depth === null) return errorRow(row.line, name, [{ line: row.line, column: 'parent', message: teamImportMessages.cycle }]);
    // The parent as it will be spelled once written: the file's spelling for a team it names, else the team's own.
    const parentName = parent === undefined ? undefined : (inFile.get(parent)?.name ?? byKey.get(parent)!.name);
    const team = byKey.get(key);
    if (!team) {
      const command: TeamCommand = { type: 'create', name, parent: parentName ?? null, depth };
      if (managers.ids.length === 0) return { line: row.line, key: name, action: 'create', changes: [], errors: [], command };
      const diff = [{ field: 'managers', from: '', to: listText(managers.emails.map(added)) }];
      return { line: row.line, key: name, action: 'create', changes: ['managers'], diff, errors: [], command: { ...command, managers: managers.ids } };
    }

    const diff: FieldChange[] = [];
    const renamed = team.name !== name;
    if (renamed) diff.push({ field: 'name', from: team.name, to: name });
    const currentParent = team.parentId ? byId.get(team.parentId) ?? null : null;
    const moved = parentName !== undefined && keyOf(currentParent?.name ?? '') !== keyOf(parentName);
    if (moved) diff.push({ field: 'parent', from: currentParent?.name ?? '', to: parentName });
    // Managers are added, never taken away: a file that names some of them leaves the others as they are.
    const before = managingNow(team._id);
    const newcomers = managers.emails.filter((email) => !before.includes(email));
    if (newcomers.length > 0) diff.push({ field: 'managers', from: listText(before), to: listText([...before, ...newcomers.map(added)]) });
    if (diff.length === 0) return { line: row.line, key: name, action: 'unchanged', changes: [], errors: [] };
    return updateRow(row.line, name, diff, {
      type: 'update', teamId: team._id, ...(renamed ? { name } : {}), ...(moved ? { parent: parentName } : {}), depth,
      ...(newcomers.length > 0 ? { managers: managers.ids } : {}),
    });
  });
}

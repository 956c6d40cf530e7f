import { decideUpdateEngineer } from '../decide.ts';
import type { Engineer } from '../entities.ts';
import type { UpdateEngineerInput } from '../inputs.ts';
import { engineerMessages } from '../messages.ts';
import { decideRow, errorRow, fieldChanges, repeatedKeys, updateRow } from './plan-rows.ts';
import { engineerRowInput, type EngineerRowInput, type RowValues } from './rows.ts';
import type { PlannedRow } from './types.ts';

export type EngineerCommand =
  | { type: 'register'; input: EngineerRowInput }
  | { type: 'update'; engineerId: string; input: UpdateEngineerInput };

export type EngineersNow = {
  engineers: readonly Engineer[];
  /** Emails of accounts that are not engineers (managers, auditors): an engineer cannot take one. */
  otherAccountEmails: readonly string[];
};

// Imports run as a manager: the only role that may change every planning field.
const importer = { id: 'import', role: 'manager' };

/** Per row: register a new engineer, update the one with that email, or nothing to do. */
export function planEngineers(rows: readonly RowValues[], now: EngineersNow): PlannedRow<EngineerCommand>[] {
  const byEmail = new Map(now.engineers.map((e) => [e.email.toLowerCase(), e]));
  const taken = new Set(now.otherAccountEmails.map((email) => email.toLowerCase()));
  const repeated = repeatedKeys();
  return rows.map((row): PlannedRow<EngineerCommand> => {
    const { value, errors } = engineerRowInput(row);
    const key = (value?.email ?? row.values.email ?? '').trim().toLowerCase();
    if (!value) return errorRow(row.line, key, errors);
    const repeats = repeated(row.line, key, 'email');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const engineer = byEmail.get(key);
    if (!engineer) {
      if (taken.has(key)) return errorRow(row.line, key, [{ line: row.line, column: 'email', message: engineerMessages.emailTaken }]);
      return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'register', input: value } };
    }
    const { email: _key, ...fields } = value;
    const input = Object.fromEntries(Object.entries(fields).filter(([column]) => Object.hasOwn(row.values, column))) as UpdateEngineerInput;
    const decided = decideRow(row.line, () => decideUpdateEngineer(engineer, { input, actor: importer }));
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    const event = decided.value[0];
    if (!event) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    const diff = event.type === 'EngineerProfileUpdated' ? fieldChanges(event.data.changes, event.data.previous) : [];
    return updateRow(row.line, key, diff, { type: 'update', engineerId: engineer._id, input });
  });
}

import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Proof that the event table is checked by the compiler: in a scratch copy of the product code, add a
 * new event type the way a developer would (to a stream's union and to the table of types) without
 * handling it anywhere, and run the real type checker. Every place that must handle each type has to
 * fail to compile; none may pass silently.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
let scratch: string;

const fakeEvent = `export type AssignmentTentativeMarked = { type: 'AssignmentTentativeMarked'; data: { assignmentId: string } };\n`;

async function typeErrorsAfter(edit: (source: string) => string, source = 'domain/events.ts'): Promise<string[]> {
  const file = path.join(scratch, source);
  const original = await readFile(path.join(root, source), 'utf8');
  await writeFile(file, edit(original));
  try {
    await run(path.join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: scratch });
    return [];
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? '');
    return [...new Set(output.split('\n').map((line) => /^([\w/.-]+\.tsx?)\(/.exec(line)?.[1]).filter((f): f is string => !!f))].sort();
  } finally {
    await writeFile(file, original);
  }
}

const addToUnion = (s: string) =>
  s.replace('export type AssignmentEvent = ', `${fakeEvent}export type AssignmentEvent = AssignmentTentativeMarked | `);
const addToTable = (s: string) => s.replace("'AssignmentRemoved',\n", "'AssignmentRemoved', 'AssignmentTentativeMarked',\n");

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'event-table-'));
  for (const dir of ['domain', 'server', 'client']) await cp(path.join(root, dir), path.join(scratch, dir), { recursive: true });
  await symlink(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
  const config = JSON.parse(await readFile(path.join(root, 'tsconfig.json'), 'utf8'));
  config.include = ['domain', 'server', 'client'];
  config.exclude = ['**/*.test.ts', '**/*.test.tsx'];
  await writeFile(path.join(scratch, 'tsconfig.json'), JSON.stringify(config));
}, 60_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('a new event type that nobody handles', () => {
  it('the scratch copy compiles as it is', async () => {
    expect(await typeErrorsAfter((s) => s)).toEqual([]);
  }, 60_000);

  it('is a compile error in every place that must handle it', async () => {
    const files = await typeErrorsAfter((s) => addToTable(addToUnion(s)));
    expect(files).toEqual(expect.arrayContaining([
      'domain/describe.ts', // the history sentence
      'domain/evolve.ts', // the stream's reducer
      'domain/history.ts', // time travel and the rebuild fold
      'domain/plan.ts', // the client's live fold
      'server/live/owners.ts', // which engineer an assignment event belongs to
      'server/live/visibility.ts', // who may see it live
    ]));
  }, 60_000);

  it('is a compile error when it is added to the union of events but not to the table of types', async () => {
    const files = await typeErrorsAfter(addToUnion);
    expect(files).toContain('domain/events.ts');
  }, 60_000);
});

/**
 * The same proof for commands: a planning command added to the union (as a developer would, with its
 * schema) but not to the command table fails to compile in the table, the one place that dispatches
 * commands by kind for the live routes, a scenario's preview and its publish alike.
 */
describe('a new planning command that nobody handles', () => {
  const addCommand = (s: string) =>
    s.replace("  z.object({ kind: z.literal('removeHolidayCalendar'), calendarId: id('Calendar') }),\n", "  z.object({ kind: z.literal('removeHolidayCalendar'), calendarId: id('Calendar') }),\n  z.object({ kind: z.literal('archiveProject'), projectId: id('Project') }),\n");

  it('is a compile error in the command table, and only there', async () => {
    const original = await readFile(path.join(root, 'domain/commands/planning-commands.ts'), 'utf8');
    expect(addCommand(original)).not.toBe(original);
    expect(await typeErrorsAfter(addCommand, 'domain/commands/planning-commands.ts')).toEqual(['domain/commands/table.ts']);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import type { Engineer, Project } from '../entities.ts';
import { planImport, type ImportSnapshot } from './plan.ts';
import { guessKind } from './kinds.ts';

const sam = { _id: 'sam', name: 'Sam Rivera', email: 'sam@demo.test', department: 'Web', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 } as Engineer;
const portal = { _id: 'portal', name: 'Portal', version: 1 } as Project;
const billing = { _id: 'billing', name: 'Billing', version: 1 } as Project;
const now = (actuals: ImportSnapshot['actuals'] = []): ImportSnapshot =>
  ({ engineers: [sam], projects: [portal, billing], assignments: [], otherAccountEmails: [], timeOff: [], holidays: [], actuals });

describe('importing a time tracker export', () => {
  it("reads Toggl's columns (Start date, Duration, Email) and sums rows per engineer, project and ISO week", () => {
    const records = [
      ['User', 'Email', 'Client', 'Project', 'Description', 'Start date', 'Start time', 'Duration'],
      ['Sam', 'SAM@demo.test', 'Acme', 'Portal', 'x', '2026-11-23', '09:00:00', '07:30:00'],
      ['Sam', 'sam@demo.test', 'Acme', 'portal', 'x', '2026-11-24', '09:00:00', '08:00:00'],
      ['Sam', 'sam@demo.test', 'Acme', 'Billing', 'x', '2026-11-29', '09:00:00', '01:15:00'],
      ['Sam', 'sam@demo.test', 'Acme', 'Portal', 'x', '2026-11-30', '09:00:00', '02:00:00'],
    ];
    expect(guessKind(records[0]!)).toBe('actuals');
    const plan = planImport('actuals', records, now());
    expect(plan.fileErrors).toEqual([]);
    expect(plan.rows.map((r) => [r.line, r.action, r.command ? `${r.command.week} ${JSON.stringify(r.command.input.entries)}` : null])).toEqual([
      [2, 'create', '2026-W48 [{"projectId":"portal","hours":15.5},{"projectId":"billing","hours":1.25}]'],
      [3, 'create', null],
      [4, 'create', null],
      [5, 'create', '2026-W49 [{"projectId":"portal","hours":2}]'],
    ]);
  });

  it("reads Harvest's columns (Date M/D/YYYY, Hours, First name, Last name) and names an unknown engineer or project by its line", () => {
    const records = [
      ['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'First name', 'Last name'],
      ['11/23/2026', 'Acme', 'Portal', 'Dev', '', '6.5', 'Sam', 'Rivera'],
      ['11/24/2026', 'Acme', 'Nowhere', 'Dev', '', '2', 'Sam', 'Rivera'],
      ['11/24/2026', 'Acme', 'Portal', 'Dev', '', '2', 'Ann', 'Nobody'],
      ['11/25/2026', 'Acme', 'Portal', 'Dev', '', 'lots', 'Sam', 'Rivera'],
    ];
    const plan = planImport('actuals', records, now());
    expect(plan.rows.flatMap((r) => r.errors)).toEqual([
      { line: 3, column: 'project', message: 'Project not found: Nowhere' },
      { line: 4, column: 'firstName', message: 'Engineer not found: Ann Nobody' },
      { line: 5, column: 'hours', message: 'Hours must be 0 to 24, as 7.5 or 07:30:00' },
    ]);
    expect(plan.counts).toMatchObject({ create: 1, error: 3 });
  });

  it("reads Jira/Tempo's columns (Work date, Project Name, Author email); the same file again changes nothing; a locked week is refused", () => {
    const records = [['Work date', 'Author email', 'Project Name', 'Hours'], ['2026-11-23', 'sam@demo.test', 'Portal', '8']];
    const recorded = { engineerId: 'sam', week: '2026-W48', entries: [{ projectId: 'portal', hours: 8 }, { projectId: 'billing', hours: 2 }], recorded: true, locked: false, version: 3 };
    // Billing, typed in by hand, stays; Portal is the file's.
    expect(planImport('actuals', records, now([recorded])).rows[0]).toMatchObject({ action: 'unchanged' });
    expect(planImport('actuals', [records[0]!, ['2026-11-23', 'sam@demo.test', 'Portal', '9']], now([recorded])).rows[0]!.command!.input.entries)
      .toEqual([{ projectId: 'portal', hours: 9 }, { projectId: 'billing', hours: 2 }]);
    expect(planImport('actuals', [records[0]!, ['2026-11-23', 'sam@demo.test', 'Portal', '9']], now([{ ...recorded, locked: true }])).rows[0]!.errors)
      .toEqual([{ line: 2, column: 'reason', message: 'A reason is required to change a locked week' }]);
  });

  it('names every error of a row in column order, the same cells again on other rows giving the same answers', () => {
    const header = ['Date', 'Email', 'Project', 'Hours'];
    const bad = ['23/11/2026', 'ann@demo.test', 'Nowhere', '25'];
    const good = ['2026-11-23', ' SAM@demo.test ', 'portal', '1,5'];
    const plan = planImport('actuals', [header, bad, good, bad, good, ['2026-11-23', '', 'Portal', '1']], now());
    const errors = [
      { column: 'date', message: 'Date must be a date such as 2026-11-23 or 11/23/2026' },
      { column: 'hours', message: 'Hours must be 0 to 24, as 7.5 or 07:30:00' },
      { column: 'email', message: 'Engineer not found: ann@demo.test' },
      { column: 'project', message: 'Project not found: Nowhere' },
    ];
    expect(plan.rows.map((r) => r.errors)).toEqual([
      errors.map((e) => ({ line: 2, ...e })),
      [],
      errors.map((e) => ({ line: 4, ...e })),
      [],
      [{ line: 6, column: 'firstName', message: 'Email is required' }],
    ]);
    expect(plan.rows[1]!.command!.input.entries).toEqual([{ projectId: 'portal', hours: 3 }]);
    expect(plan.rows[3]).toMatchObject({ action: 'create', key: 'sam@demo.test Portal 2026-W48' });
  });
});

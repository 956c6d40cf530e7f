import { describe, expect, it } from 'vitest';
import { guardCell, listCell, momentText, numberCell, unguardCell } from './cells.ts';
import { guessKind, mappingFor, readHeader, unknownFields } from './kinds.ts';
import { numberRecords } from './lines.ts';

describe('numberRecords', () => {
  it('numbers rows by the line they start on, past blank lines and line breaks inside quoted cells', () => {
    const records = [['name', 'email'], ['Ann', 'a@x.test'], ['multi\r\nline', 'b@x.test'], [''], ['Cy', 'c@x.test'], ['two\nbreaks\nhere', 'd'], ['Di', 'e']];
    const { header, rows } = numberRecords(records);
    expect(header).toEqual({ line: 1, cells: ['name', 'email'] });
    expect(rows.map((r) => [r.line, r.cells[0]])).toEqual([[2, 'Ann'], [3, 'multi\r\nline'], [6, 'Cy'], [7, 'two\nbreaks\nhere'], [10, 'Di']]);
  });

  it('takes the first non-blank record as the header and has none for an empty file', () => {
    expect(numberRecords([[''], [' ', ''], ['a', 'b']]).header).toEqual({ line: 3, cells: ['a', 'b'] });
    expect(numberRecords([])).toEqual({ header: null, rows: [] });
  });
});

describe('cells', () => {
  it('reads numbers strictly: empty is not given, anything but a decimal is NaN', () => {
    expect(numberCell(' 50 ')).toBe(50);
    expect(numberCell('12.5')).toBe(12.5);
    expect(numberCell('')).toBeUndefined();
    expect(numberCell('  ')).toBeUndefined();
    expect(numberCell('0x10')).toBeNaN();
    expect(numberCell('50%')).toBeNaN();
  });

  it("splits lists on ';', trims and drops empty items; writes them back joined", () => {
    expect(listCell(' React ;TypeScript;; Go ')).toEqual(['React', 'TypeScript', 'Go']);
    expect(listCell('')).toEqual([]);
  });

  it('writes a midnight-UTC moment as a plain date and any other as the full time', () => {
    expect(momentText('2026-03-01T00:00:00.000Z')).toBe('2026-03-01');
    expect(momentText('2026-03-01T09:30:00.000Z')).toBe('2026-03-01T09:30:00.000Z');
  });

  it('keeps spreadsheet formulas inert on export and restores them on import', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)']) {
      expect(guardCell(text)).toBe(`'${text}`);
      expect(unguardCell(guardCell(text))).toBe(text);
    }
    expect(guardCell('Plain text')).toBe('Plain text');
    expect(unguardCell("'quoted on purpose")).toBe("'quoted on purpose");
  });
});

describe('header', () => {
  it('guesses the kind from the columns, preferring the kind that matches most of them', () => {
    expect(guessKind(['name', 'email', 'seniority', 'maxCapacity'])).toBe('engineers');
    expect(guessKind(['Name', 'Description', 'StartDate', 'endDate', 'teamSize', 'requiredSkills', 'status'])).toBe('projects');
    expect(guessKind(['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'])).toBe('assignments');
    expect(guessKind(['what', 'ever'])).toBeNull();
  });

  it('maps columns whatever their case and spacing, and refuses repeated and missing ones on line 1', () => {
    expect(readHeader('engineers', [' NAME ', 'email', 'seniority', 'maxcapacity'])).toEqual({
      columns: ['name', 'email', 'seniority', 'maxCapacity'], errors: [], warnings: [],
    });
    const { errors, warnings } = readHeader('engineers', ['name', 'emial', 'name', 'seniority']);
    expect(errors).toEqual([
      { line: 1, column: 'name', message: "Column 'name' appears twice" },
      { line: 1, column: 'email', message: "Missing column 'email'" },
    ]);
    expect(warnings).toEqual([
      { line: 1, column: 'emial', message: "Unknown column 'emial': it is ignored (the engineers columns are name, email, department, seniority, maxCapacity, skills, calendar, firstName, lastName, jobTitle, workWeek, startDate, leaveDate, invite, team)" },
    ]);
  });

  it('reads Float\'s and Runn\'s column names, and a new engineer may leave out seniority and capacity', () => {
    expect(mappingFor('engineers', ['Name', 'Email', 'Job Title', 'Department', 'Tags', 'Start Date', 'End Date', 'Type'])).toEqual({
      Name: 'name', Email: 'email', 'Job Title': 'jobTitle', Department: 'department', Tags: 'skills', 'Start Date': 'startDate', 'End Date': 'leaveDate', Type: null,
    });
    expect(readHeader('engineers', ['First Name', 'Last Name', 'Email', 'Role', 'Team']).errors).toEqual([]);
    expect(readHeader('engineers', ['First Name', 'Email']).errors).toEqual([{ line: 1, column: 'name', message: "Missing column 'name'" }]);
    expect(guessKind(['Name', 'Email', 'Job Title', 'Department'])).toBe('engineers');
  });

  it('reads each column as chosen, else as saved, else by its name; two columns read as one field refuse the file', () => {
    const header = ['Team', 'Email', 'Full Name', 'Notes'];
    const mapping = mappingFor('engineers', header, { Team: 'department' }, { Team: 'team', Notes: 'skills', 'Full Name': 'retired' });
    expect(mapping).toEqual({ Team: 'department', Email: 'email', 'Full Name': 'name', Notes: 'skills' });
    expect(readHeader('engineers', header, 1, mapping).columns).toEqual(['department', 'email', 'name', 'skills']);
    const twice = readHeader('engineers', header, 1, { ...mapping, Notes: 'email' });
    expect(twice.errors).toEqual([{ line: 1, column: 'email', message: "Column 'Notes' is read as 'email', which another column is read as already" }]);
    const ignored = readHeader('engineers', header, 1, { ...mapping, Notes: null, Team: null });
    expect(ignored.columns).toEqual(['', 'email', 'name', '']);
    expect(ignored.warnings.map((w) => w.message.split(':')[0])).toEqual(["Column 'Team' is not imported", "Unknown column 'Notes'"]);
    expect(unknownFields('engineers', { Team: 'squad', Email: 'email', X: null })).toEqual(['squad']);
  });

  it('ignores a column the kind does not have, with a warning, and reads the rest', () => {
    expect(readHeader('engineers', ['name', 'email', 'Notes', 'seniority', 'maxCapacity', ''])).toEqual({
      columns: ['name', 'email', '', 'seniority', 'maxCapacity', ''],
      errors: [],
      warnings: [
        { line: 1, column: 'Notes', message: "Unknown column 'Notes': it is ignored (the engineers columns are name, email, department, seniority, maxCapacity, skills, calendar, firstName, lastName, jobTitle, workWeek, startDate, leaveDate, invite, team)" },
        { line: 1, column: '', message: 'Column 6 has no name: it is ignored (the engineers columns are name, email, department, seniority, maxCapacity, skills, calendar, firstName, lastName, jobTitle, workWeek, startDate, leaveDate, invite, team)' },
      ],
    });
  });
});

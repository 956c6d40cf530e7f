import { describe, expect, it } from 'vitest';
import { changeLines, errorLines, errorsFirst, percentDone, type PreviewRow } from './previewRows.ts';

const row = (line: number, action: PreviewRow['action'], errors: PreviewRow['errors'] = []): PreviewRow => ({ line, key: `k${line}`, action, changes: [], diff: [], errors });

describe('import preview rows', () => {
  it('puts rows with errors first, each group by line', () => {
    const rows = [row(2, 'create'), row(5, 'error'), row(3, 'unchanged'), row(4, 'error')];
    expect(errorsFirst(rows).map((r) => r.line)).toEqual([4, 5, 2, 3]);
  });
  it('names the column of each error', () => {
    expect(errorLines(row(2, 'error', [{ line: 2, column: 'email', message: 'A valid email is required' }, { line: 2, column: null, message: 'Repeats line 1' }])))
      .toEqual(['email: A valid email is required', 'Repeats line 1']);
  });
  it('says each change of an update from old to new', () => {
    const update = { ...row(3, 'update'), changes: ['maxCapacity', 'department'], diff: [{ field: 'maxCapacity', from: '80', to: '100' }, { field: 'department', from: '', to: 'Data' }] };
    expect(changeLines(update)).toEqual(['maxCapacity: 80 → 100', 'department: (empty) → Data']);
  });
  it('counts an import with nothing to write as complete', () => {
    expect(percentDone(0, 0)).toBe(100);
    expect(percentDone(250, 1000)).toBe(25);
  });
});

import { describe, expect, it } from 'vitest';
import { changedKeys, conflictRows, mergeMine, pick, sameValue } from './conflict.ts';

const base = { role: 'Dev', allocationPercentage: 50, skills: ['Go', 'SQL'], endDate: '2026-06-01T00:00:00.000Z' };

describe('conflict helpers', () => {
  it('compares values as the API sees them', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue(['a'], 'a')).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(50, 50)).toBe(true);
    expect(sameValue(50, '50')).toBe(false);
  });

  it('lists the fields the form changed', () => {
    expect(changedKeys(base, { ...base })).toEqual([]);
    expect(changedKeys(base, { ...base, role: 'Lead', skills: ['Go'] })).toEqual(['role', 'skills']);
  });

  it('re-applies only what this user changed on top of the latest version', () => {
    const mine = { ...base, role: 'Lead' };
    const latest = { ...base, allocationPercentage: 80 };
    expect(mergeMine(base, mine, latest)).toEqual({ ...base, role: 'Lead', allocationPercentage: 80 });
    // Both changed the allocation: this user's value wins, and the rows say it clashes.
    expect(mergeMine(base, { ...base, allocationPercentage: 60 }, latest).allocationPercentage).toBe(60);
  });

  it('shows one row per field either side changed, formatted, with who changed it', () => {
    const fields = [
      { key: 'role', label: 'Role' },
      { key: 'allocationPercentage', label: 'Allocation', format: (v: unknown) => `${v}%` },
      { key: 'skills', label: 'Skills' },
      { key: 'endDate', label: 'End date' },
    ];
    const rows = conflictRows(fields, base, { ...base, role: 'Lead', allocationPercentage: 60 }, { ...base, allocationPercentage: 80, skills: [] });
    expect(rows).toEqual([
      { key: 'role', label: 'Role', before: 'Dev', latest: 'Dev', mine: 'Lead', changedByOther: false, changedByMe: true, clash: false },
      { key: 'allocationPercentage', label: 'Allocation', before: '50%', latest: '80%', mine: '60%', changedByOther: true, changedByMe: true, clash: true },
      { key: 'skills', label: 'Skills', before: 'Go, SQL', latest: '—', mine: 'Go, SQL', changedByOther: true, changedByMe: false, clash: false },
    ]);
  });

  it('without the latest version (removed) shows only what this user changed', () => {
    const rows = conflictRows([{ key: 'role', label: 'Role' }, { key: 'skills', label: 'Skills' }], base, { ...base, role: 'Lead' }, null);
    expect(rows).toEqual([{ key: 'role', label: 'Role', before: 'Dev', latest: '—', mine: 'Lead', changedByOther: false, changedByMe: true, clash: false }]);
  });

  it('picks keys', () => {
    expect(pick(base, ['role', 'missing'])).toEqual({ role: 'Dev' });
  });
});

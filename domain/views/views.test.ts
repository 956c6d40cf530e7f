import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { decideRemoveView, decideSaveView } from './decide.ts';
import { evolveView, mayReadView, type SavedView } from './events.ts';
import { saveViewInput } from './inputs.ts';

const owner = 'owner-1';
const saved = (shared: boolean): SavedView => {
  const [event] = decideSaveView(null, 'v1', saveViewInput.parse({ name: 'Next quarter', path: '/report?from=2027-01-01', shared }), owner);
  return evolveView(null, event!, 1)!;
};

describe('saved views', () => {
  it('saves a view for its owner, private unless shared', () => {
    expect(saved(false)).toEqual({ _id: 'v1', version: 1, name: 'Next quarter', path: '/report?from=2027-01-01', shared: false, ownerId: owner });
    expect(saveViewInput.parse({ name: 'x', path: '/capacity' }).shared).toBe(false);
  });

  it('lets only the owner remove one; someone else\'s private view is not found', () => {
    expect(decideRemoveView(saved(true), owner)).toEqual([{ type: 'ViewRemoved', data: { viewId: 'v1', name: 'Next quarter', path: '/report?from=2027-01-01', shared: true, ownerId: owner } }]);
    expect(() => decideRemoveView(saved(true), 'someone')).toThrow(expect.objectContaining({ kind: 'forbidden' }) as DomainError);
    expect(() => decideRemoveView(saved(false), 'someone')).toThrow(expect.objectContaining({ kind: 'not-found' }) as DomainError);
    expect(() => decideRemoveView(null, owner)).toThrow(expect.objectContaining({ kind: 'not-found' }) as DomainError);
    expect(evolveView(saved(true), decideRemoveView(saved(true), owner)[0]!, 2)).toBeNull();
  });

  it('is read by its owner, and by everyone once shared', () => {
    expect(mayReadView(saved(false), 'someone')).toBe(false);
    expect(mayReadView(saved(false), owner)).toBe(true);
    expect(mayReadView(saved(true), 'someone')).toBe(true);
  });

  it('takes only the app\'s own addresses', () => {
    for (const path of ['https://evil.test/', '//evil.test', '/\\evil.test', 'capacity', '/a b', '']) {
      expect(saveViewInput.safeParse({ name: 'x', path }).success, path).toBe(false);
    }
    expect(saveViewInput.safeParse({ name: 'x', path: '/projects/plan?project=a%20b&from=2026-12-01' }).success).toBe(true);
  });
});

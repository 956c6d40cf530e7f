// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Assignment, Engineer, Project } from '../../domain/entities.ts';
import { emptyPlan } from '../../domain/plan.ts';
import { useNow } from './useNow.ts';
import { setAssignments, useAssignments } from './assignments.ts';
import { setEngineers, useEngineers } from './engineers.ts';
import { resetAll } from './plan.ts';
import { setProjects, useProjects } from './projects.ts';
import { saidOfWrite, showLive, showPast, showScenario, useIsViewingPast } from './viewMode.ts';

const engineer = (id: string): Engineer => ({ _id: id, name: id, email: `${id}@x`, department: 'D', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 });
const project = (id: string): Project => ({
  _id: id, name: id, description: 'd', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-02-01T00:00:00.000Z', teamSize: 1, requiredSkills: [], status: 'active', managerId: 'm', tentative: false, version: 1,
});

afterEach(async () => {
  cleanup();
  await act(async () => showLive());
  resetAll();
});

const useAll = () => ({ engineers: useEngineers(), projects: useProjects(), assignments: useAssignments(), now: useNow(), past: useIsViewingPast() });

describe('read hooks while viewing the past', () => {
  it('show the live collections, then the past plan as loaded lists, then live again at once', async () => {
    setEngineers([engineer('live-e')]);
    setProjects([project('live-p'), project('new-p')]);
    setAssignments([]);
    const { result } = renderHook(useAll);
    expect(result.current.projects.data.map((p) => p._id)).toEqual(['live-p', 'new-p']);
    expect(result.current.past).toBe(false);

    const at = '2026-01-15T10:00:00.000Z';
    await act(async () => showPast(at, { ...emptyPlan(), engineers: [engineer('old-e')], projects: [project('live-p')], assignments: [] as Assignment[] }));
    expect(result.current.past).toBe(true);
    expect(result.current.projects).toEqual({ data: [project('live-p')], loading: false, error: null, loaded: true });
    expect(result.current.engineers.data.map((e) => e._id)).toEqual(['old-e']);
    expect(result.current.assignments.data).toEqual([]);
    expect(result.current.now.toISOString()).toBe(at);

    // The live collections keep following events underneath; the screens go on showing the past.
    const before = result.current.projects;
    await act(async () => setProjects([project('live-p'), project('new-p'), project('newer-p')]));
    expect(result.current.projects).toBe(before);

    await act(async () => showLive());
    expect(result.current.past).toBe(false);
    expect(result.current.projects.data.map((p) => p._id)).toEqual(['live-p', 'new-p', 'newer-p']);
    expect(Math.abs(result.current.now.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('keeps the same past list object between renders', async () => {
    const { result, rerender } = renderHook(useAll);
    await act(async () => showPast('2026-01-15T10:00:00.000Z', { ...emptyPlan(), projects: [project('p')] }));
    const first = result.current.projects;
    const now = result.current.now;
    rerender();
    expect(result.current.projects).toBe(first);
    expect(result.current.now).toBe(now);
  });
});

describe('what a write says', () => {
  it('says it was drafted, not live, while its owner works in a scenario (it said "Assignment updated")', () => {
    showScenario({ id: 's1', name: 'Win the mobile deal', editable: true }, emptyPlan(), new Date());
    expect(saidOfWrite('Assignment updated')).toBe('Drafted in “Win the mobile deal”, not live yet: Assignment updated');
  });

  it('says it as it is on the live plan, and while only looking at someone else\'s scenario', () => {
    expect(saidOfWrite('Assignment updated')).toBe('Assignment updated');
    showScenario({ id: 's2', name: 'Theirs', editable: false }, emptyPlan(), new Date());
    expect(saidOfWrite('Assignment updated')).toBe('Assignment updated');
  });
});

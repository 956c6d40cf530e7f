// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import { resetAll } from '../../stores/plan.ts';
import { SLICED_FROM_ENGINEERS } from '../../stores/usePlanFigures.ts';
import ManagerDashboardPage from './ManagerDashboardPage.tsx';

/** Every answer is held back: the screen as it is before its lists have come. */
const released: (() => void)[] = [];
beforeEach(() => {
  resetAll();
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => released.push(() => resolve(new Response('[]', { status: 200 }))))));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  released.length = 0;
});

const cardValue = (testId: string) => screen.getByTestId(testId);
const showsSkeleton = (testId: string) => cardValue(testId).querySelector('.ant-skeleton') !== null;

describe('the Manager Dashboard before its lists have come', () => {
  it('draws its cards loading on the first paint, never "Current Running 0" (it did beside a 186 % load)', () => {
    // The first render as painted: a browser paints it before the screen's effects ask for the lists,
    // so nothing is loading yet and nothing has come. Rendered to a string, no effect runs.
    document.body.innerHTML = renderToString(<MemoryRouter><ManagerDashboardPage /></MemoryRouter>);
    for (const card of ['card-current-running', 'card-assignments', 'card-total-engineers', 'card-total-projects']) {
      expect(showsSkeleton(card), card).toBe(true);
    }
  });

  it('keeps them loading while the lists are on their way', async () => {
    render(<MemoryRouter><ManagerDashboardPage /></MemoryRouter>);
    await act(async () => {});
    for (const card of ['card-current-running', 'card-assignments', 'card-total-engineers', 'card-total-projects']) {
      expect(showsSkeleton(card), card).toBe(true);
    }
  });
});

/**
 * A large organisation (its figures are worked out in slices, client/stores/usePlanFigures.ts): the
 * engineers come first, the assignments, the projects and this week's load later. The figures of the
 * engineers alone (everyone without work) were on screen between the two answers. Here the server's
 * sums of everyone's current load fail, so the figures can only come from the lists.
 */
describe('the Manager Dashboard while its lists come one by one', () => {
  const day = 86_400_000;
  const iso = (offset: number) => new Date(Date.now() + offset * day).toISOString();
  const people: Engineer[] = Array.from({ length: SLICED_FROM_ENGINEERS + 20 }, (_, i) => ({
    _id: `e${i}`, name: `Person ${String(i).padStart(3, '0')}`, email: `p${i}@x.test`, department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100, version: 1,
  }));
  // Seven people with current work (one of them twice), two with work that has ended.
  const work: Assignment[] = [0, 1, 2, 3, 4, 5, 6, 6, 7, 8].map((n, i) => ({
    _id: `a${i}`, engineerId: { _id: `e${n}`, name: `Person ${n}`, email: `p${n}@x.test` }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' },
    role: 'Dev', allocationPercentage: 60, startDate: iso(n >= 7 ? -40 : -10), endDate: iso(n >= 7 ? -20 : 20), version: 1,
  }));
  const running = 7;
  const held = new Map<string, () => void>();
  const hold = (path: string) => held.set(path, () => {});
  const release = (path: string) => held.get(path)!();

  beforeEach(() => {
    held.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0]!;
        const lists: Record<string, unknown> = { '/api/engineers': people, '/api/assignments': work, '/api/projects': [{ _id: 'p1', name: 'Atlas', status: 'active', version: 1 }] };
        if (held.has(path)) await new Promise<void>((resolve) => held.set(path, resolve));
        if (path === '/api/capacity') return new Promise<Response>(() => {}); // this week's load never comes here
        // The server's sums of everyone's current load do not come here: the figures wait for the lists.
        if (path === '/api/engineers/current-load') return new Response(JSON.stringify({ message: 'Unavailable' }), { status: 503 });
        const body = lists[path] ?? (path === '/api/auth/profile' ? { _id: 'm', name: 'M', email: 'm@x', role: 'manager', department: 'D' } : []);
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
  });

  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const tableRows = () => screen.getByTestId('team-utilization').querySelectorAll('tbody tr.ant-table-row').length;

  it('with the engineers in and the assignments pending, shows no figure that needs them, in the cards or the table', async () => {
    hold('/api/assignments');
    hold('/api/projects');
    render(<MemoryRouter><ManagerDashboardPage /></MemoryRouter>);
    // The engineers' own count is true as soon as they are in.
    await waitFor(() => expect(cardValue('card-total-engineers').querySelector('[data-role=value]')!.textContent).toBe(String(people.length)), { timeout: 5_000 });
    // The figures of the engineers alone have had time to be worked out.
    await settle();
    for (const card of ['card-current-running', 'card-assignments', 'card-total-projects']) {
      expect(showsSkeleton(card), card).toBe(true);
      expect(cardValue(card).querySelector('[data-role=value]')!.textContent, card).toBe('');
    }
    // No row says "0 projects" of someone whose assignments have not come.
    expect(tableRows()).toBe(0);
    expect(screen.getByTestId('team-utilization').textContent).not.toMatch(/\d+ projects?/);
  });

  it('once the assignments come, Current Running shows no number until it is the count of them (never the 0 of the engineers alone)', async () => {
    hold('/api/assignments');
    render(<MemoryRouter><ManagerDashboardPage /></MemoryRouter>);
    await waitFor(() => expect(cardValue('card-total-engineers').querySelector('[data-role=value]')!.textContent).toBe(String(people.length)), { timeout: 5_000 });
    await settle();
    // Every number the card shows from here on.
    const value = cardValue('card-current-running').querySelector('[data-role=value]')!;
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      if (value.textContent) shown.push(value.textContent);
    });
    observer.observe(value, { childList: true, subtree: true, characterData: true });
    await act(async () => release('/api/assignments'));
    await waitFor(() => expect(value.textContent).toBe(String(running)), { timeout: 5_000 });
    observer.disconnect();
    expect(new Set(shown)).toEqual(new Set([String(running)]));
    expect(cardValue('card-assignments').querySelector('[data-role=value]')!.textContent).toBe(String(work.length));
    await waitFor(() => expect(tableRows()).toBeGreaterThan(0));
  });
});

/**
 * The same organisation with the server's sums of everyone's current load (GET /api/engineers/current-load):
 * the rows and Current Running come from them and the directory, before the whole assignments list is
 * asked for; the figures the list gives later are the same.
 */
describe('the Manager Dashboard drawn from everyone\'s current load', () => {
  const day = 86_400_000;
  const iso = (offset: number) => new Date(Date.now() + offset * day).toISOString();
  const people: Engineer[] = Array.from({ length: SLICED_FROM_ENGINEERS + 20 }, (_, i) => ({
    _id: `e${i}`, name: `Person ${String(i).padStart(3, '0')}`, email: `p${i}@x.test`, department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100, version: 1,
  }));
  // Seven people with current work (one of them twice), two with work that has ended.
  const work: Assignment[] = [0, 1, 2, 3, 4, 5, 6, 6, 7, 8].map((n, i) => ({
    _id: `a${i}`, engineerId: { _id: `e${n}`, name: `Person ${n}`, email: `p${n}@x.test` }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' },
    role: 'Dev', allocationPercentage: 60, startDate: iso(n >= 7 ? -40 : -10), endDate: iso(n >= 7 ? -20 : 20), version: 1,
  }));
  const loads = [0, 1, 2, 3, 4, 5, 6].map((n) => ({ engineerId: `e${n}`, allocation: n === 6 ? 120 : 60, assignments: n === 6 ? 2 : 1, earliestEnd: iso(20) }));
  let releaseAssignments: () => void = () => {};
  const asked: string[] = [];

  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0]!;
        asked.push(path);
        if (path === '/api/assignments') await new Promise<void>((resolve) => (releaseAssignments = resolve));
        if (path === '/api/capacity') return new Promise<Response>(() => {});
        const answers: Record<string, unknown> = {
          '/api/engineers': people,
          '/api/assignments': work,
          '/api/projects': [{ _id: 'p1', name: 'Atlas', status: 'active', version: 1 }],
          '/api/engineers/current-load': { at: new Date().toISOString(), loads },
          '/api/auth/profile': { _id: 'm', name: 'M', email: 'm@x', role: 'manager', department: 'D' },
        };
        return new Response(JSON.stringify(answers[path] ?? []), { status: 200 });
      }),
    );
  });

  const tableRows = () => screen.getByTestId('team-utilization').querySelectorAll('tbody tr.ant-table-row');
  const runningValue = () => cardValue('card-current-running').querySelector('[data-role=value]')!;

  it('shows the rows and Current Running before the assignments have come, and the same count once they have', async () => {
    render(<MemoryRouter><ManagerDashboardPage /></MemoryRouter>);
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0), { timeout: 5_000 });
    expect(runningValue().textContent).toBe('7');
    // Person 006 has two current assignments: their row says so from the sums alone.
    expect(screen.getByTestId('team-utilization').textContent).toContain('2 projects');
    // Every number the card shows from here on.
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      if (runningValue().textContent) shown.push(runningValue().textContent!);
    });
    observer.observe(cardValue('card-current-running'), { childList: true, subtree: true, characterData: true });
    // Then the whole list is asked for.
    await waitFor(() => expect(asked).toContain('/api/assignments'), { timeout: 5_000 });
    expect(showsSkeleton('card-assignments')).toBe(true);
    await act(async () => releaseAssignments());
    await waitFor(() => expect(cardValue('card-assignments').querySelector('[data-role=value]')!.textContent).toBe(String(work.length)), { timeout: 5_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    observer.disconnect();
    expect(shown.every((text) => text === '7')).toBe(true);
    expect(runningValue().textContent).toBe('7');
    expect(tableRows().length).toBeGreaterThan(0);
  });
});

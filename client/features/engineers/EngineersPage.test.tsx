// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import { resetAll } from '../../stores/plan.ts';
import EngineersPage from './EngineersPage.tsx';
import { MemoryRouter } from 'react-router';

const day = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset * day).toISOString();
const engineers: Engineer[] = [
  { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', department: 'Platform', skills: ['Go', 'Kubernetes', 'AWS', 'Terraform'], seniority: 'senior', maxCapacity: 100, version: 1 },
  { _id: 'e2', name: 'Ben Ode', email: 'ben@x.test', department: 'Data', skills: ['Python'], seniority: 'junior', maxCapacity: 50, version: 1 },
];
const assignments: Assignment[] = [
  {
    _id: 'a1', engineerId: { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test' }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' },
    role: 'Lead', allocationPercentage: 120, startDate: iso(-10), endDate: iso(20), version: 1,
  },
];

/** Ana's current load in sums, as GET /api/engineers/current-load says it (Ben has none). */
const currentLoad = { at: new Date().toISOString(), loads: [{ engineerId: 'e1', allocation: 120, assignments: 1, earliestEnd: iso(20) }] };

/** Answers by path; `held` paths answer only once released, `failing` ones with a 500. */
function stubApi({ held = new Map<string, () => void>(), failing = [] as string[] } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      const lists: Record<string, unknown> = {
        '/api/engineers': engineers, '/api/assignments': assignments, '/api/projects': [], '/api/time-off': [], '/api/holidays': [],
        '/api/engineers/available': [{ ...engineers[1], lowestFree: 100 }], '/api/engineers/current-load': currentLoad,
      };
      if (failing.includes(path)) return new Response(JSON.stringify({ message: 'Down', code: 'INTERNAL' }), { status: 500 });
      if (held.has(path)) await new Promise<void>((release) => held.set(path, release));
      const body = lists[path] ?? { _id: 'm', name: 'M', email: 'm@x', role: 'manager', department: 'D' };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}
// The first rows wait for two answers, a render and the table's turn: on a busy machine, more than
// the default second of the first test's cold antd.
const FIRST_ROWS = { timeout: 5_000 };
const asked = (path: string) => vi.mocked(fetch).mock.calls.some(([url]) => String(url).split('?')[0] === path);

beforeEach(() => {
  resetAll();
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Engineers screen', () => {
  it('shows the cards, the planning helper and the directory with every column', async () => {
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    await screen.findByText('ana@x.test', undefined, FIRST_ROWS);
    const directory = screen.getByTestId('engineers-directory');
    for (const title of ['Engineer', 'Skills', 'Seniority', 'Work Type', 'Capacity', 'Status', 'Available Capacity']) {
      expect(within(directory).getByText(title, { selector: 'th, th *' })).toBeTruthy();
    }
    expect(within(directory).getByText('Showing 2 engineers')).toBeTruthy();
    expect(within(directory).getByText('AL')).toBeTruthy(); // initials fallback
    expect(within(directory).getByText('+1')).toBeTruthy(); // 4 skills: 3 badges then +1
    expect(within(directory).getByText('20% over capacity')).toBeTruthy();
    expect(within(directory).getByText('50% available')).toBeTruthy();
    expect(within(directory).getByText('Overloaded')).toBeTruthy();
    expect(screen.getByTestId('card-showing-engineers').textContent).toContain('of 2 total');
    expect(screen.getByTestId('available-immediately').textContent).toContain('Ben Ode');
    expect(screen.getByTestId('available-soon').textContent).toContain('All engineers have ongoing commitments');
    // Free over a range: the server's answer for the next two weeks at 50 %.
    await within(screen.getByTestId('free-over-range')).findByText('Ben Ode');
    expect(screen.getByTestId('free-count').textContent).toMatch(/^1 engineer is at least 50% free in every week from/);
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/engineers/available'))!;
    expect(new URLSearchParams(asked.split('?')[1]).get('minFree')).toBe('50');
  });

  it('narrows the directory to those free over the range on request', async () => {
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    await screen.findByText('ana@x.test', undefined, FIRST_ROWS);
    await within(screen.getByTestId('free-over-range')).findByText('Ben Ode');
    fireEvent.click(screen.getByTestId('only-free'));
    await act(async () => {});
    expect(screen.getByTestId('engineers-directory').textContent).toContain('Showing 1 engineer');
    expect(screen.queryByText('ana@x.test')).toBeNull();
  });

  it('filters through the panel, counts active filters and clears them', async () => {
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    await screen.findByText('ana@x.test', undefined, FIRST_ROWS);
    expect(screen.queryByTestId('filter-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('filters-toggle'));
    const panel = screen.getByTestId('filter-panel');
    expect(within(panel).getByText('Search & Filter Engineers')).toBeTruthy();
    expect(within(panel).getByText('Find engineers by name, skills')).toBeTruthy();
    fireEvent.click(within(panel).getByText('Python'));
    expect(screen.getByTestId('filters-toggle').closest('.ant-badge')!.textContent).toContain('1');
    await act(async () => {});
    expect(screen.getByTestId('engineers-directory').textContent).toContain('Showing 1 engineer');
    fireEvent.change(within(panel).getByPlaceholderText('Search by name or skills...'), { target: { value: 'nobody' } });
    await act(async () => {});
    expect(screen.getByText('No engineers match your current filters')).toBeTruthy();
    expect(screen.getByText('No engineers found')).toBeTruthy();
    fireEvent.click(screen.getByText('Clear Filters'));
    await act(async () => {});
    expect(screen.getByText('Showing 2 engineers')).toBeTruthy();
  });

  it('draws its rows from the current loads, and asks for the whole assignments list only once they are shown', async () => {
    const held = new Map<string, () => void>([['/api/assignments', () => undefined]]);
    stubApi({ held });
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    const directory = await screen.findByTestId('engineers-directory');
    await within(directory).findByText('20% over capacity', undefined, FIRST_ROWS);
    expect(within(directory).getByText('50% available')).toBeTruthy();
    expect(within(directory).getByText('Overloaded')).toBeTruthy();
    expect(screen.getByTestId('card-overloaded').textContent).toContain('1');
    // The rows did not wait for it; it is asked for after they were drawn, and stays pending here.
    await vi.waitFor(() => expect(asked('/api/assignments')).toBe(true));
    expect(asked('/api/projects')).toBe(true);
    expect(within(directory).getByText('20% over capacity')).toBeTruthy();
    await act(async () => held.get('/api/assignments')!());
  });

  it('works the figures out from the lists when the current loads cannot be had', async () => {
    stubApi({ failing: ['/api/engineers/current-load'] });
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    const directory = await screen.findByTestId('engineers-directory');
    await within(directory).findByText('20% over capacity', undefined, FIRST_ROWS);
    expect(within(directory).getByText('Overloaded')).toBeTruthy();
    expect(screen.queryByText('Down')).toBeNull();
  });
});

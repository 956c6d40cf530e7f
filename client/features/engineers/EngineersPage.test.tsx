// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import { emptyPlan } from '../../../domain/plan.ts';
import { resetAll } from '../../stores/plan.ts';
import { showLive, showPast } from '../../stores/viewMode.ts';
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
function stubApi({ held = new Map<string, () => void>(), failing = [] as string[], plan = { assignments, currentLoad }, teams = [] as unknown[] } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      const lists: Record<string, unknown> = {
        '/api/engineers': engineers, '/api/assignments': plan.assignments, '/api/projects': [], '/api/time-off': [], '/api/holidays': [],
        '/api/engineers/available': [{ ...engineers[1], lowestFree: 100, fit: { kind: 'fits', short: [], workingDays: 10, lowestFree: 100 } }], '/api/engineers/current-load': plan.currentLoad,
        '/api/holiday-calendars': [{ _id: 'default', name: 'Default', version: 0, holidays: [] }, { _id: 'de', name: 'Germany', version: 2, holidays: [] }],
        '/api/engineers/follow-calendar': { engineers, changed: 2 }, '/api/teams': teams,
        '/api/engineers/bulk': { results: engineers.map((e) => ({ id: e._id, status: 'changed' })), engineers },
        '/api/undo/cmd-bulk': { commandId: 'cmd-undo', reversed: 2 },
      };
      if (failing.includes(path)) return new Response(JSON.stringify({ message: 'Down', code: 'INTERNAL' }), { status: 500 });
      if (held.has(path)) await new Promise<void>((release) => held.set(path, release));
      const body = lists[path] ?? { _id: 'm', name: 'M', email: 'm@x', role: 'manager', department: 'D' };
      const commandId = path === '/api/engineers/bulk' ? { 'x-command-id': 'cmd-bulk' } : undefined;
      return new Response(JSON.stringify(body), { status: 200, headers: commandId });
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
    // Ben is free now, so the list of those freeing up soon does not say everyone is committed.
    expect(screen.getByTestId('available-soon').textContent).toContain('Nobody else becomes available soon');
    expect(screen.getByTestId('available-soon').textContent).not.toContain('All engineers have ongoing commitments');
    // Free over a range: the server's answer for the next two weeks at 50 %.
    await within(screen.getByTestId('free-over-range')).findByText('Ben Ode');
    expect(screen.getByTestId('free-count').textContent).toMatch(/^1 engineer is at least 50% free on every working day from/);
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
    fireEvent.click(screen.getByText('Clear filters'));
    await act(async () => {});
    expect(screen.getByText('Showing 2 engineers')).toBeTruthy();
  });

  it('at a past moment before anyone was added, says nobody was there yet, and blames no filter', async () => {
    showPast('2026-10-12T09:30:00.000Z', emptyPlan());
    try {
      render(<MemoryRouter><EngineersPage /></MemoryRouter>);
      const empty = await screen.findByTestId('empty-state', undefined, FIRST_ROWS);
      expect(empty.textContent).toMatch(/^No engineers yet on Oct 12, 2026/);
      expect(screen.getByTestId('engineers-directory').textContent).not.toMatch(/match|filter/i);
      expect(screen.queryByTestId('empty-clear-filters')).toBeNull();
    } finally {
      showLive();
    }
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

  it('shows a part-timer\'s load against their own capacity, from the first rows and from the lists, with the allocation labelled', async () => {
    // Ben works half time with 60 % booked: 120 %, as the dashboard, the schedule and the Report say.
    const ben: Assignment = { ...assignments[0]!, _id: 'a2', engineerId: { _id: 'e2', name: 'Ben Ode', email: 'ben@x.test' }, allocationPercentage: 60 };
    const plan = { assignments: [ben], currentLoad: { at: currentLoad.at, loads: [{ engineerId: 'e2', allocation: 60, assignments: 1, earliestEnd: iso(20) }] } };
    for (const failing of [[], ['/api/engineers/current-load']]) {
      cleanup();
      resetAll();
      stubApi({ plan, failing });
      render(<MemoryRouter><EngineersPage /></MemoryRouter>);
      const directory = await screen.findByTestId('engineers-directory');
      await within(directory).findByText('20% over capacity', undefined, FIRST_ROWS);
      const row = within(directory).getByText('ben@x.test').closest('tr')!;
      expect(within(row).getByTestId('engineer-load').textContent).toBe('120% load');
      expect(within(row).getByTestId('engineer-allocation').textContent).toBe('60% allocated of 50%');
      expect(row.textContent).not.toContain('10% over capacity');
      expect(within(row).getByText('Overloaded')).toBeTruthy();
    }
  });

  it('works the figures out from the lists when the current loads cannot be had', async () => {
    stubApi({ failing: ['/api/engineers/current-load'] });
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    const directory = await screen.findByTestId('engineers-directory');
    await within(directory).findByText('20% over capacity', undefined, FIRST_ROWS);
    expect(within(directory).getByText('Overloaded')).toBeTruthy();
    expect(screen.queryByText('Down')).toBeNull();
  });

  it('follows a calendar for the engineers selected, in one write naming them all', async () => {
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    await screen.findByText('ana@x.test', undefined, FIRST_ROWS);
    const button = screen.getByTestId('engineers-follow-calendar') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const directory = screen.getByTestId('engineers-directory');
    const boxes = within(directory).getAllByRole('checkbox');
    // The header's box chooses every row shown.
    fireEvent.click(boxes[0]!);
    expect(button.textContent).toBe('Follow calendar (2)');
    fireEvent.click(button);
    const dialog = await screen.findByTestId('follow-calendar-dialog');
    fireEvent.mouseDown(within(dialog).getByTestId('follow-calendar-select').querySelector('.ant-select-selector, .ant-select-content') ?? within(dialog).getByTestId('follow-calendar-select'));
    const germany = await screen.findByText('Germany', { selector: '.ant-select-item-option-content' });
    fireEvent.click(germany);
    fireEvent.change(within(dialog).getByTestId('follow-calendar-from'), { target: { value: '2027-01-01' } });
    await act(async () => fireEvent.click(screen.getByTestId('follow-calendar-submit')));
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).split('?')[0] === '/api/engineers/follow-calendar');
    expect(sent).toBeDefined();
    expect(JSON.parse(String((sent![1] as RequestInit).body))).toEqual({ engineerIds: ['e1', 'e2'], calendarId: 'de', from: '2027-01-01' });
    expect((sent![1] as RequestInit).method).toBe('POST');
  });

  it('sets the team of every engineer chosen in one request, after a confirm step naming how many, and offers one Undo', async () => {
    stubApi({ teams: [{ _id: 'web', name: 'Web', parentId: null, version: 1, members: [], managers: [] }] });
    render(<MemoryRouter><EngineersPage /></MemoryRouter>);
    await screen.findByText('ana@x.test', undefined, FIRST_ROWS);
    const setTeam = screen.getByTestId('bulk-set-team') as HTMLButtonElement;
    expect(setTeam.disabled).toBe(true);
    expect(screen.getByTestId('bulk-selected').textContent).toBe('Choose engineers to change them together');
    // One row chosen by its box; then "select all" takes every engineer the filter matches.
    const directory = screen.getByTestId('engineers-directory');
    fireEvent.click(within(directory).getAllByRole('checkbox')[1]!);
    expect(screen.getByTestId('bulk-selected').textContent).toBe('1 engineer chosen');
    fireEvent.click(screen.getByTestId('bulk-select-all'));
    expect(screen.getByTestId('bulk-selected').textContent).toBe('2 engineers chosen');
    expect(screen.queryByTestId('bulk-select-all')).toBeNull();
    fireEvent.click(setTeam);
    const dialog = await screen.findByTestId('bulk-dialog');
    expect(within(document.body).getByText('Set the team of 2 engineers')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByTestId('bulk-team').querySelector('.ant-select-selector, .ant-select-content') ?? within(dialog).getByTestId('bulk-team'));
    fireEvent.click(await screen.findByText('Web', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByTestId('bulk-from'), { target: { value: '2027-01-04' } });
    const confirm = screen.getByTestId('bulk-confirm');
    expect(confirm.textContent).toBe('Set team for 2 engineers');
    await act(async () => fireEvent.click(confirm));
    const sent = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).split('?')[0] === '/api/engineers/bulk');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String((sent[0]![1] as RequestInit).body))).toEqual({ ids: ['e1', 'e2'], teamId: 'web', from: '2027-01-04' });
    const done = await screen.findByTestId('bulk-done');
    expect(done.textContent).toContain('2 engineers moved to Web from 2027-01-04');
    expect(screen.getByTestId('bulk-selected').textContent).toBe('Choose engineers to change them together');
    await act(async () => fireEvent.click(within(done).getByTestId('bulk-undo')));
    expect(asked('/api/undo/cmd-bulk')).toBe(true);
    expect((await screen.findByTestId('bulk-undone')).textContent).toBe('Undone: 2 engineers moved to Web from 2027-01-04');
  });
});

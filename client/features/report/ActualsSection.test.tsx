// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { weekBefore } from '../../../domain/actuals/weeks.ts';
import dayjs from 'dayjs';
import { addDays, mondayOfDate, todayDate } from '../../lib/weeks.ts';
import { resetAll } from '../../stores/plan.ts';
import { ActualsSection } from './ActualsSection.tsx';

const lastWeek = weekBefore(todayDate(new Date()));
/** An organisation that has not started recording: everyone is missing last week. */
const missing = Array.from({ length: 120 }, (_, i) => ({ engineerId: `e${i}`, name: `Person ${String(i).padStart(3, '0')}`, week: lastWeek }));

/** The periods the mocked answer counted; a test may set them. */
let answeredPeriods: { key: string; start: string; end: string; toDate: boolean }[] = [];

beforeEach(() => {
  resetAll();
  answeredPeriods = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/actuals?')) return new Response(JSON.stringify({ periods: answeredPeriods, rows: [], missing, hoursPerDay: 8 }), { status: 200 });
      return new Response(JSON.stringify({ _id: 'm', name: 'M', email: 'm@x.test', role: 'manager', department: 'D' }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('who has not filled last week', () => {
  it('names the first 30 of 120 with their count, and the rest on request', async () => {
    render(<ActualsSection />);
    const list = await screen.findByTestId('actuals-missing', {}, { timeout: 5_000 });
    expect(screen.getByText(`Not filled for last week (${lastWeek}): 120`)).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Person/ })).toHaveLength(30);
    fireEvent.click(within(list).getByTestId('show-all'));
    expect(within(list).getAllByRole('button', { name: /^Person/ })).toHaveLength(120);
    expect(within(list).getByTestId('show-all').textContent).toBe('Show fewer');
  });
});

describe('the range of Actuals vs plan', () => {
  it('its presets say their dates, a preset picked is the range asked for, and the answer says which days it counted', async () => {
    answeredPeriods = [
      { key: '2026-W44', start: '2026-11-01', end: '2026-11-01', toDate: false },
      { key: '2026-W49', start: '2026-11-30', end: '2026-12-05', toDate: true },
    ];
    render(<ActualsSection />);
    expect((await screen.findByTestId('actuals-counted', {}, { timeout: 5_000 })).textContent).toBe('Counts Nov 01 - Dec 05, 2026; 2026-W49 is not over yet: to date');
    // Open the picker: its quick ranges name their dates.
    const first = screen.getAllByTestId('actuals-range')[0]!;
    const input = first.tagName === 'INPUT' ? first : first.querySelector('input')!;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.click(input);
    const lastWeek = await screen.findByText(/^Last week: [A-Z][a-z]{2} \d{2} - [A-Z][a-z]{2} \d{2}$/, {}, { timeout: 5_000 });
    for (const name of ['Last 4 weeks', 'Last month', 'This month to date']) {
      expect(screen.getByText(new RegExp(`^${name}: [A-Z][a-z]{2} \\d{2} - [A-Z][a-z]{2} \\d{2}$`))).toBeTruthy();
    }
    fireEvent.click(lastWeek);
    const monday = mondayOfDate(todayDate(new Date()));
    await vi.waitFor(() => {
      const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/actuals?')).at(-1)!;
      const query = new URLSearchParams(asked.split('?')[1]);
      expect([query.get('from'), query.get('to')]).toEqual([addDays(monday, -7), addDays(monday, -1)]);
    });
    expect(lastWeek.textContent).toBe(`Last week: ${dayjs(addDays(monday, -7)).format('MMM DD')} - ${dayjs(addDays(monday, -1)).format('MMM DD')}`);
  });
});

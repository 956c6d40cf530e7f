// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { weekBefore } from '../../../domain/actuals/weeks.ts';
import { todayDate } from '../../lib/weeks.ts';
import { resetAll } from '../../stores/plan.ts';
import { ActualsSection } from './ActualsSection.tsx';

const lastWeek = weekBefore(todayDate(new Date()));
/** An organisation that has not started recording: everyone is missing last week. */
const missing = Array.from({ length: 120 }, (_, i) => ({ engineerId: `e${i}`, name: `Person ${String(i).padStart(3, '0')}`, week: lastWeek }));

beforeEach(() => {
  resetAll();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/actuals?')) return new Response(JSON.stringify({ periods: [], rows: [], missing, hoursPerDay: 8 }), { status: 200 });
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

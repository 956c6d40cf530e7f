// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engineer } from '../../../domain/entities.ts';
import { resetAll } from '../../stores/plan.ts';
import CalendarsPage, { followersOf } from './CalendarsPage.tsx';

const engineers: Engineer[] = [
  { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', department: 'D', skills: [], seniority: 'senior', maxCapacity: 100, version: 1 },
  {
    _id: 'e2', name: 'Ben Ode', email: 'ben@x.test', department: 'D', skills: [], seniority: 'junior', maxCapacity: 100, version: 2,
    calendars: [{ from: '2026-12-01', calendarId: 'de' }],
  },
];
const calendars = [
  { _id: 'default', name: 'Default', version: 2, holidays: [{ _id: 'h1', date: '2026-12-25', name: 'Christmas Day' }] },
  { _id: 'de', name: 'Germany', country: 'DE', version: 3, holidays: [{ _id: 'd1', date: '2026-10-03', name: 'Tag der Deutschen Einheit' }] },
  { _id: 'office', name: 'Office', version: 1, holidays: [] },
];
/** As GET /api/holiday-calendars/countries names them: regions in English and, where it differs, their own language. */
const countries = [
  { code: 'AT', name: 'Austria', regions: [{ code: '9', name: 'Vienna', localName: 'Wien' }] },
  {
    code: 'DE', name: 'Germany',
    regions: [{ code: 'BE', name: 'Berlin' }, { code: 'BY', name: 'Bavaria', localName: 'Bayern' }, { code: 'NI', name: 'Lower Saxony', localName: 'Niedersachsen' }],
  },
];
/** More engineers on the default calendar, for the test that needs a crowd. */
let crowd: Engineer[] = [];
const holidays = [
  { _id: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day', version: 2 },
  { _id: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Tag der Deutschen Einheit', version: 3 },
];

beforeEach(() => {
  resetAll();
  crowd = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      const lists: Record<string, unknown> = {
        '/api/engineers': [...engineers, ...crowd], '/api/holidays': holidays, '/api/holiday-calendars': structuredClone(calendars), '/api/holiday-calendars/countries': countries,
      };
      const body = lists[path] ?? { _id: 'm', name: 'M', email: 'm@x', role: 'manager', department: 'D' };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Calendars screen', () => {
  it('lists each calendar with its holidays and who follows it, and an empty calendar says so', async () => {
    render(<MemoryRouter><CalendarsPage /></MemoryRouter>);
    const germany = await screen.findByTestId('calendar-de');
    expect(within(germany).getByText('Tag der Deutschen Einheit')).toBeTruthy();
    expect(within(germany).getByText('DE')).toBeTruthy();
    expect(within(germany).getAllByTestId('calendar-follower').map((e) => e.textContent)).toEqual(['Ben Ode']);
    const standard = screen.getByTestId('calendar-default');
    expect(within(standard).getByText('Christmas Day')).toBeTruthy();
    expect(within(standard).getAllByTestId('calendar-follower').map((e) => e.textContent)).toEqual(['Ana Lopez']);
    const office = screen.getByTestId('calendar-office');
    expect(within(office).getByText('No holidays in this calendar')).toBeTruthy();
    expect(within(office).getByText('Nobody follows this calendar')).toBeTruthy();
  });

  it('finds the followers of a calendar by the calendars an engineer names, by name', () => {
    expect(followersOf('de', engineers).map((e) => e.name)).toEqual(['Ben Ode']);
    expect(followersOf('default', engineers).map((e) => e.name)).toEqual(['Ana Lopez']);
    expect(followersOf('office', engineers)).toEqual([]);
    expect(followersOf('default', [{ ...engineers[0]!, _id: 'z', name: 'Zoe' }, ...engineers]).map((e) => e.name)).toEqual(['Ana Lopez', 'Zoe']);
  });

  it('a calendar the whole organisation follows: its holidays first, then the count and the first 12 names, the rest on request', async () => {
    crowd = Array.from({ length: 2_007 }, (_, i) => ({ ...engineers[0]!, _id: `c${i}`, name: `Crowd ${String(i).padStart(4, '0')}`, email: `c${i}@x.test` }));
    render(<MemoryRouter><CalendarsPage /></MemoryRouter>);
    const standard = await screen.findByTestId('calendar-default');
    const count = await within(standard).findByTestId('calendar-followers-count');
    expect(count.textContent).toBe('Followed by 2,008 engineers');
    const holidaysList = within(standard).getByTestId('calendar-holidays');
    const followers = within(standard).getByTestId('calendar-followers');
    expect(holidaysList.compareDocumentPosition(followers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(followers).getAllByTestId('calendar-follower').map((e) => e.textContent)).toEqual([
      'Ana Lopez', ...Array.from({ length: 11 }, (_, i) => `Crowd ${String(i).padStart(4, '0')}`),
    ]);
    expect(within(followers).getByText('Showing 12 of 2,008, by name')).toBeTruthy();
    expect(within(followers).getByText('Show all (2,008)')).toBeTruthy();
  });

  it('finds a region by its English or its own name: "Bav" finds Bavaria (Bayern), "Nieder" Lower Saxony', async () => {
    render(<MemoryRouter><CalendarsPage /></MemoryRouter>);
    fireEvent.click(await screen.findByTestId('calendar-create'));
    const dialog = await screen.findByTestId('calendar-create-dialog');
    const open = (testId: string) => fireEvent.mouseDown(within(dialog).getByTestId(testId).querySelector('.ant-select-selector, .ant-select-content') ?? within(dialog).getByTestId(testId));
    const search = (testId: string, text: string) => fireEvent.change(within(dialog).getByTestId(testId).querySelector('input')!, { target: { value: text } });
    // The options of the list opened last (each select's list is put at the end of the page when it first opens).
    const shown = () => [...([...document.querySelectorAll('.ant-select-dropdown')].at(-1)?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.textContent);
    await waitFor(() => expect(within(dialog).getByTestId('calendar-country').querySelector('input')).toBeTruthy());
    open('calendar-country');
    search('calendar-country', 'Germ');
    await waitFor(() => expect(shown()).toContain('Germany (DE)'));
    fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'Germany (DE)')!);
    await waitFor(() => expect(within(dialog).getByTestId('calendar-region').querySelector('input')!.disabled).toBe(false));
    open('calendar-region');
    search('calendar-region', 'Bav');
    await waitFor(() => expect(shown()).toEqual(['Bavaria · Bayern (BY)']));
    search('calendar-region', 'Bayern');
    await waitFor(() => expect(shown()).toEqual(['Bavaria · Bayern (BY)']));
    search('calendar-region', 'Nieder');
    await waitFor(() => expect(shown()).toEqual(['Lower Saxony · Niedersachsen (NI)']));
  });

  it('a calendar made from a country for one year offers "Every year", which sets its rule at its version; one with a rule does not', async () => {
    calendars.push({ _id: 'at', name: 'Austria', country: 'AT', rule: { country: 'AT' }, version: 2, holidays: [] } as (typeof calendars)[number]);
    try {
      render(<MemoryRouter><CalendarsPage /></MemoryRouter>);
      const germany = await screen.findByTestId('calendar-de');
      expect(within(await screen.findByTestId('calendar-at')).queryByTestId('calendar-every-year')).toBeNull();
      expect(within(screen.getByTestId('calendar-office')).queryByTestId('calendar-every-year')).toBeNull();
      fireEvent.click(within(germany).getByTestId('calendar-every-year'));
      await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === '/api/holiday-calendars/de/rule')).toBe(true));
      const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url) === '/api/holiday-calendars/de/rule')!;
      expect((init as RequestInit).method).toBe('PUT');
      expect(JSON.parse(String((init as RequestInit).body))).toEqual({ country: 'DE', version: 3 });
    } finally {
      calendars.pop();
    }
  });
});

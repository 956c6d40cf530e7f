import { describe, expect, it } from 'vitest';
import { defaultScheduleView, filterCount, gridViewOf, hasFilters, normalizeView, searchOfView, spansFor, viewFromSearch } from './scheduleView.ts';

const roundTrip = (search: string) => searchOfView(viewFromSearch(new URLSearchParams(search))).toString();

describe('the schedule view in the URL', () => {
  it('leaves the default view out of the URL', () => {
    expect(searchOfView(defaultScheduleView).toString()).toBe('');
    expect(viewFromSearch(new URLSearchParams())).toEqual(defaultScheduleView);
  });

  it('reads back every field it writes', () => {
    const view = {
      ...defaultScheduleView,
      from: '2026-03-16',
      weeks: 26 as const,
      step: 'month' as const,
      q: 'ann lee',
      skills: ['React', 'Node.js'],
      department: 'Product Engineering',
      team: 't-web',
      seniority: 'senior' as const,
      minFree: 50,
      freeFrom: '2026-03-23',
      freeTo: '2026-03-27',
      includeTentative: true,
      sort: 'peak' as const,
      show: 'actual' as const,
    };
    const search = searchOfView(view);
    expect(search.toString()).toBe(
      'from=2026-03-16&weeks=26&step=month&q=ann+lee&skills=React%2CNode.js&department=Product+Engineering&team=t-web&seniority=senior' +
        '&minFree=50&freeFrom=2026-03-23&freeTo=2026-03-27&includeTentative=true&sort=peak&show=actual',
    );
    expect(viewFromSearch(search)).toEqual(view);
  });

  it('opens an old or edited link with what it can read, the rest as default', () => {
    expect(roundTrip('from=2026-02-30&weeks=7&step=year&seniority=lead&sort=age&minFree=abc&includeTentative=yes')).toBe('');
    expect(roundTrip('minFree=150&skills=,React,,React')).toBe('skills=React&minFree=100');
    expect(roundTrip('minFree=-5')).toBe('minFree=0');
  });

  it('puts free dates in order and keeps a day zoom to eight weeks', () => {
    expect(roundTrip('freeFrom=2026-05-10&freeTo=2026-05-01')).toBe('freeFrom=2026-05-01&freeTo=2026-05-10');
    expect(roundTrip('step=day&weeks=52')).toBe('weeks=8&step=day');
    expect(spansFor('day')).toEqual([4, 8]);
    expect(spansFor('week')).toEqual([4, 8, 12, 26, 52]);
  });

  it('keeps the actuals mode in the URL, never in the day zoom, and apart from the grid it asks for', () => {
    expect(roundTrip('show=actual')).toBe('show=actual');
    expect(roundTrip('show=plan')).toBe('');
    expect(roundTrip('show=hours')).toBe('');
    expect(roundTrip('step=month&show=actual')).toBe('step=month&show=actual');
    // Actuals are kept per week: a day zoom shows the plan, and its link says nothing of actuals.
    expect(roundTrip('step=day&weeks=4&show=actual')).toBe('weeks=4&step=day');
    const actual = viewFromSearch(new URLSearchParams('weeks=4&show=actual'));
    expect(searchOfView(gridViewOf(actual)).toString()).toBe('weeks=4');
  });

  it('names one person by id beside their name, as the Report\'s person link does', () => {
    expect(roundTrip('q=Ada+Ito&engineer=e-7')).toBe('q=Ada+Ito&engineer=e-7');
    expect(viewFromSearch(new URLSearchParams('engineer=e-7')).engineer).toBe('e-7');
    expect(roundTrip('engineer=+')).toBe('');
    // The person and their name are one filter.
    expect(filterCount({ ...defaultScheduleView, q: 'Ada Ito', engineer: 'e-7' })).toBe(1);
  });

  it('counts the engineer filters, not the window or the order', () => {
    expect(hasFilters(normalizeView({ ...defaultScheduleView, from: '2026-01-05', sort: 'free', weeks: 4 }))).toBe(false);
    expect(hasFilters({ ...defaultScheduleView, q: 'x' })).toBe(true);
    expect(hasFilters({ ...defaultScheduleView, minFree: 0 })).toBe(true);
    expect(filterCount({ ...defaultScheduleView, q: 'x', skills: ['Go', 'Rust'], minFree: 10 })).toBe(4);
  });
});

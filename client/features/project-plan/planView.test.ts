import { describe, expect, it } from 'vitest';
import { defaultPlanView, planQuery, planViewFromSearch, searchOfPlanView } from './planView.ts';

describe("the project plan's view in the URL", () => {
  it('given the default view, then the URL says nothing', () => {
    expect(searchOfPlanView(defaultPlanView).toString()).toBe('');
  });

  it('given a view with a window, filters and an order, then it reads back from its URL as it was', () => {
    const view = { ...defaultPlanView, from: '2025-06-02', weeks: 26 as const, step: 'month' as const, q: 'portal', status: 'active' as const, team: 't-data', includeTentative: true, sort: 'demand' as const };
    expect(planViewFromSearch(searchOfPlanView(view))).toEqual(view);
  });

  it('given an edited link, then unknown values fall back to the default', () => {
    expect(planViewFromSearch(new URLSearchParams('status=won&sort=peak&step=year&weeks=7'))).toEqual(defaultPlanView);
  });

  it("asks the server for the window's dates, the step, the order and the filters", () => {
    const query = planQuery({ ...defaultPlanView, weeks: 4, q: ' app ', status: 'planning', team: 't-data' }, '2025-06-04');
    expect(Object.fromEntries(query)).toEqual({ from: '2025-06-02', to: '2025-06-29', step: 'week', sort: 'name', q: 'app', status: 'planning', team: 't-data' });
  });
});

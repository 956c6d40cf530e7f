import { describe, expect, it } from 'vitest';
import { planCellLines, planCellLook, planSummary } from './planLook.ts';

describe("the project plan's cells", () => {
  it('given nothing on, then the cell is idle and empty', () => {
    expect(planCellLook({ staffed: 0, tentative: 0, demand: 0 }, false)).toEqual({ label: '', tone: 'idle', bars: [] });
  });

  it('given open roles beside staffed work, then it is short, and the bars share what is asked', () => {
    const look = planCellLook({ staffed: 300, tentative: 0, demand: 100 }, false);
    expect(look.tone).toBe('short');
    expect(look.label).toBe('3d');
    expect(look.bars.map((b) => b.percent)).toEqual([75, 0, 25]);
  });

  it('given tentative work included in staffed, then it is drawn once, inside staffed', () => {
    expect(planCellLook({ staffed: 200, tentative: 200, demand: 0 }, true).bars.map((b) => b.percent)).toEqual([100, 0, 0]);
    expect(planCellLook({ staffed: 0, tentative: 200, demand: 0 }, false).bars.map((b) => b.percent)).toEqual([0, 100, 0]);
  });

  it('names the people on hover, someone away for the whole period as away', () => {
    const lines = planCellLines({ staffed: 250, tentative: 0, demand: 100, people: [{ _id: 'a', name: 'Ada', load: 250 }, { _id: 'b', name: 'Bo', load: 0 }] }, false);
    expect(lines).toEqual(['Staffed 2.5d', 'Open roles 1d', 'Ada: 2.5d', 'Bo: away']);
  });

  it('sums the window in the title', () => {
    expect(planSummary({ total: 2, totals: [{ key: 'w', staffed: 500, tentative: 0, demand: 250 }] })).toBe('2 projects · staffed 5d · open roles 2.5d');
  });

  it('separates thousands in every figure: cells, tooltips and the title', () => {
    const big = { staffed: 1_085_710, tentative: 0, demand: 280_330 };
    expect(planCellLook(big, false).label).toBe('10,857.1d');
    expect(planCellLines({ ...big, people: [] }, false)).toEqual(['Staffed 10,857.1d', 'Open roles 2,803.3d']);
    expect(planSummary({ total: 406, totals: [big, big] })).toBe('406 projects · staffed 21,714.2d · open roles 5,606.6d');
  });
});

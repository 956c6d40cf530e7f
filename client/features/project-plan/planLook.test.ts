import { describe, expect, it } from 'vitest';
import { planCellLines, planCellLook, planRowSummary, planSummary } from './planLook.ts';

describe("the project plan's cells", () => {
  it('given nothing on, then the cell is idle and empty', () => {
    expect(planCellLook({ staffed: 0, tentative: 0, demand: 0 }, false)).toMatchObject({ label: '', tone: 'idle', bars: [] });
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

  describe('tentative work: counted as staffed only when the view includes it, by one rule for cell, row, totals and title', () => {
    // A pipeline project's month (its work is all tentative), and the totals of a month beside a confirmed one.
    const pipeline = [{ staffed: 0, tentative: 21_300, demand: 1_400 }, { staffed: 0, tentative: 35_380, demand: 0 }];
    const totals = [{ key: 'jan', staffed: 4_385_180, tentative: 21_300, demand: 1_400 }, { key: 'feb', staffed: 100_000, tentative: 35_380, demand: 0 }];

    it('left out: the cell and the row say the tentative work apart, as tentative; the totals and the title count none of it', () => {
      expect(pipeline.map((cell) => planCellLook(cell, false)).map(({ label, kind }) => [label, kind])).toEqual([['213d', 'tentative'], ['353.8d', 'tentative']]);
      expect(planRowSummary(pipeline, false)).toMatchObject({ label: '566.8d', kind: 'tentative' });
      expect(planRowSummary(pipeline, false).tip).toBe('Over the window: staffed 0d · tentative 566.8d (not counted) · open roles 14d');
      expect(planCellLook(totals[0]!, false)).toMatchObject({ label: '43,851.8d', kind: 'staffed' });
      expect(planSummary({ total: 2, includeTentative: false, totals })).toBe('2 projects · staffed 44,851.8d · open roles 14d · tentative 566.8d not counted');
      expect(planCellLines({ ...pipeline[0]!, people: [] }, false)).toEqual(['Staffed 0d', 'Tentative 213d (not counted)', 'Open roles 14d']);
    });

    it('included: the same work is staffed everywhere (the answer carries it inside staffed)', () => {
      const included = pipeline.map((cell) => ({ ...cell, staffed: cell.tentative }));
      expect(included.map((cell) => planCellLook(cell, true)).map(({ label, kind }) => [label, kind])).toEqual([['213d', 'staffed'], ['353.8d', 'staffed']]);
      expect(planRowSummary(included, true)).toMatchObject({ label: '566.8d', kind: 'staffed' });
      const totalsIncluded = totals.map((t) => ({ ...t, staffed: t.staffed + t.tentative }));
      expect(planSummary({ total: 2, includeTentative: true, totals: totalsIncluded })).toBe('2 projects · staffed 45,418.6d · open roles 14d');
    });
  });

  it('names the people on hover, someone away for the whole period as away', () => {
    const lines = planCellLines({ staffed: 250, tentative: 0, demand: 100, people: [{ _id: 'a', name: 'Ada', load: 250 }, { _id: 'b', name: 'Bo', load: 0 }] }, false);
    expect(lines).toEqual(['Staffed 2.5d', 'Open roles 1d', 'Ada: 2.5d', 'Bo: away']);
  });

  it('sums the window in the title', () => {
    expect(planSummary({ total: 2, includeTentative: false, totals: [{ key: 'w', staffed: 500, tentative: 0, demand: 250 }] })).toBe('2 projects · staffed 5d · open roles 2.5d');
  });

  it('separates thousands in every figure: cells, tooltips and the title', () => {
    const big = { staffed: 1_085_710, tentative: 0, demand: 280_330 };
    expect(planCellLook(big, false).label).toBe('10,857.1d');
    expect(planCellLines({ ...big, people: [] }, false)).toEqual(['Staffed 10,857.1d', 'Open roles 2,803.3d']);
    expect(planSummary({ total: 406, includeTentative: false, totals: [{ key: 'a', ...big }, { key: 'b', ...big }] })).toBe('406 projects · staffed 21,714.2d · open roles 5,606.6d');
  });
});

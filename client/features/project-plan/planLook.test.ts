import { describe, expect, it } from 'vitest';
import { fittedDays, planCellLines, planCellLook, planRowSummary, planSummary, textWidth } from './planLook.ts';

describe("the project plan's cells", () => {
  it('given nothing on, then the cell is idle and empty', () => {
    expect(planCellLook({ staffed: 0, tentative: 0, demand: 0 }, false)).toEqual({ lines: [], tone: 'idle', bars: [] });
  });

  it('given open roles beside staffed work, then it is short, and the bars share what is asked', () => {
    const look = planCellLook({ staffed: 300, tentative: 0, demand: 100 }, false);
    expect(look.tone).toBe('short');
    expect(look.lines).toEqual([{ kind: 'staffed', text: '3d' }, { kind: 'open', text: '1d open' }]);
    expect(look.bars.map((b) => b.percent)).toEqual([75, 0, 25]);
  });

  it("given open roles in the Totals row, then it is no warning (there are open roles somewhere in every organisation): only the open figure says it", () => {
    const look = planCellLook({ staffed: 4_385_180, tentative: 0, demand: 280_330 }, false, 280, true);
    expect(look.tone).toBe('staffed');
    expect(look.lines).toEqual([{ kind: 'staffed', text: '43,851.8d' }, { kind: 'open', text: '2,803.3d open' }]);
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
      expect(pipeline.map((cell) => planCellLook(cell, false).lines[0])).toEqual([{ kind: 'tentative', text: '213d tentative' }, { kind: 'tentative', text: '353.8d tentative' }]);
      expect(planRowSummary(pipeline, false).lines).toEqual([{ kind: 'tentative', text: '566.8d' }, { kind: 'open', text: '14d open' }]);
      expect(planRowSummary(pipeline, false).tip).toBe('Over the window: staffed 0d · tentative 566.8d (not counted) · open roles 14d');
      expect(planCellLook(totals[0]!, false).lines[0]).toEqual({ kind: 'staffed', text: '43,851.8d' });
      expect(planSummary({ total: 2, includeTentative: false, totals })).toBe('2 projects · staffed 44,851.8d · open roles 14d · tentative 566.8d not counted');
      expect(planCellLines({ ...pipeline[0]!, people: [] }, false)).toEqual(['Staffed 0d', 'Tentative 213d (not counted)', 'Open roles 14d']);
    });

    it('included: the same work is staffed everywhere (the answer carries it inside staffed)', () => {
      const included = pipeline.map((cell) => ({ ...cell, staffed: cell.tentative }));
      expect(included.map((cell) => planCellLook(cell, true).lines[0])).toEqual([{ kind: 'staffed', text: '213d' }, { kind: 'staffed', text: '353.8d' }]);
      expect(planRowSummary(included, true).lines[0]).toEqual({ kind: 'staffed', text: '566.8d' });
      const totalsIncluded = totals.map((t) => ({ ...t, staffed: t.staffed + t.tentative }));
      expect(planSummary({ total: 2, includeTentative: true, totals: totalsIncluded })).toBe('2 projects · staffed 45,418.6d · open roles 14d');
    });
  });

  describe('open roles read as a figure, in the cell and beside the name', () => {
    it('given a project short of people, then the cell says by how much under its staffed figure, and the row sums it over the window', () => {
      const cells = [{ staffed: 30_570, tentative: 0, demand: 1_400 }, { staffed: 20_350, tentative: 0, demand: 0 }, { staffed: 6_460, tentative: 0, demand: 2_150 }];
      expect(cells.map((cell) => planCellLook(cell, false, 280).lines.map((line) => `${line.kind}: ${line.text}`))).toEqual([
        ['staffed: 305.7d', 'open: 14d open'],
        ['staffed: 203.5d'],
        ['staffed: 64.6d', 'open: 21.5d open'],
      ]);
      expect(planRowSummary(cells, false).lines).toEqual([{ kind: 'staffed', text: '573.8d' }, { kind: 'open', text: '35.5d open' }]);
      expect(planRowSummary(cells, false).tip).toBe('Over the window: staffed 573.8d · open roles 35.5d');
    });

    it('given no staffed work yet, then the open roles still show, under a staffed 0d', () => {
      expect(planCellLook({ staffed: 0, tentative: 0, demand: 250 }, false).lines).toEqual([{ kind: 'staffed', text: '0d' }, { kind: 'open', text: '2.5d open' }]);
    });
  });

  describe("figures fit their column: the fullest form that fits, never clipped (the tooltip has them in full)", () => {
    it('keeps the word, then drops the tenth (from ten days), the word, the unit (whole days only), then counts thousands', () => {
      const open = 285_050; // 2,850.5 days
      expect([300, 70, 60, 40, 30, 25].map((room) => fittedDays(open, room, 11, 'open'))).toEqual([
        '2,850.5d open', '2,851d open', '2,850.5d', '2,851d', '2,851', '2.9K',
      ]);
      expect(fittedDays(45, 10, 12, 'open')).toBe('0.5d');
      expect(fittedDays(1_720, 33, 12)).toBe('17.2d');
      expect(fittedDays(1_720, 30, 12)).toBe('17d');
    });

    it("the day zoom's narrowest column (40 px) holds a project's day and the organisation's day", () => {
      const room = 40 - 10;
      for (const line of [...planCellLook({ staffed: 1_720, tentative: 0, demand: 50 }, false, room).lines, ...planCellLook({ staffed: 217_850, tentative: 0, demand: 5_000 }, false, room, true).lines]) {
        expect(textWidth(line.text, line.kind === 'open' ? 11 : 12), line.text).toBeLessThanOrEqual(room);
      }
    });

    it('a week (60 px) keeps every figure of the large organisation whole', () => {
      expect(planCellLook({ staffed: 1_085_710, tentative: 0, demand: 23_000 }, false, 50, true).lines.map((line) => line.text)).toEqual(['10,857d', '230d']);
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
    expect(planCellLook(big, false).lines.map((line) => line.text)).toEqual(['10,857.1d', '2,803.3d open']);
    expect(planCellLines({ ...big, people: [] }, false)).toEqual(['Staffed 10,857.1d', 'Open roles 2,803.3d']);
    expect(planSummary({ total: 406, includeTentative: false, totals: [{ key: 'a', ...big }, { key: 'b', ...big }] })).toBe('406 projects · staffed 21,714.2d · open roles 5,606.6d');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { packCapacity } from '../../domain/capacity/columns.ts';
import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { FIRST_PAINT_ID, FIRST_SCHEDULE_ID } from '../../domain/page-hints.ts';
import { dismissFirstPaint, readFirstSchedule } from './firstSchedule.ts';
import { sampleGrid } from '../../tests/support/sample-grid.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const carry = (text: string) => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_SCHEDULE_ID;
  element.textContent = text;
  document.body.append(element);
};

describe('the first grid in the page', () => {
  it('is read back as the rows of cells the screens read, with the window\'s open roles', () => {
    const grid: CapacityResponse = sampleGrid(3);
    carry(JSON.stringify({ grid: packCapacity(grid), openRoles: { count: 4, projects: 2 } }));
    const first = readFirstSchedule();
    expect(first?.openRoles).toEqual({ count: 4, projects: 2 });
    expect(first?.grid.rows).toEqual(grid.rows);
    expect(first?.grid.totals).toEqual(grid.totals);
  });

  it('is none when the page holds none, or holds something unreadable', () => {
    expect(readFirstSchedule()).toBeNull();
    carry('{"grid": nonsense');
    expect(readFirstSchedule()).toBeNull();
  });

  it('is taken away by dismissFirstPaint, which does nothing once it is gone', () => {
    const frame = document.createElement('div');
    frame.id = FIRST_PAINT_ID;
    document.body.append(frame);
    dismissFirstPaint();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(() => dismissFirstPaint()).not.toThrow();
  });
});

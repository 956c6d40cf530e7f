// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPlan } from '../../domain/plan.ts';
import { dateTime } from '../lib/format.ts';
import { showLive, showPast, showScenario } from '../stores/viewMode.ts';
import { emptyListWording, ListEmptyState } from './ListEmptyState.tsx';

const AT = '2026-10-12T09:30:00.000Z';

afterEach(() => {
  cleanup();
  showLive();
});

describe('a list empty state says why the list is empty', () => {
  it('at a past moment with no filter set: nothing existed yet then, and no filter to clear', () => {
    showPast(AT, emptyPlan());
    render(<ListEmptyState icon={null} things="engineers" filtered={false} filteredHint="Try another window or fewer filters" onClear={() => undefined} />);
    const shown = screen.getByTestId('empty-state').textContent!;
    expect(shown).toContain(`No engineers yet on ${dateTime(AT)}`);
    expect(shown).toContain('Nothing of the kind had been planned by then');
    expect(shown).not.toMatch(/match|filter/i);
    expect(screen.queryByTestId('empty-clear-filters')).toBeNull();
  });

  it('with a filter set, live or past: the filters hide every row, and they can be cleared', () => {
    const onClear = vi.fn();
    for (const past of [false, true]) {
      if (past) showPast(AT, emptyPlan());
      render(<ListEmptyState icon={null} things="engineers" filtered onClear={onClear} filteredHint="Try another window or fewer filters" />);
      expect(screen.getByTestId('empty-state').textContent).toContain('No engineers match');
      fireEvent.click(screen.getByTestId('empty-clear-filters'));
      cleanup();
    }
    expect(onClear).toHaveBeenCalledTimes(2);
  });

  it('live, or in a scenario (its clock is now), with no filter: none yet, and what to do about it', () => {
    render(<ListEmptyState icon={null} things="projects" filtered={false} noneHint="Create your first project with Add Project" />);
    expect(screen.getByTestId('empty-state').textContent).toBe('No projects yetCreate your first project with Add Project');
    cleanup();
    showScenario({ id: 's1', name: 'Win the bid', editable: true }, emptyPlan(), new Date(AT));
    render(<ListEmptyState icon={null} things="projects" filtered={false} />);
    expect(screen.getByTestId('empty-state').textContent).toBe('No projects yet');
  });

  it('words the three cases in one place', () => {
    expect(emptyListWording('assignments', { filtered: true, pastAt: AT, filteredTitle: 'No assignments found' })).toMatchObject({ title: 'No assignments found', clear: true });
    expect(emptyListWording('assignments', { filtered: false, pastAt: AT })).toMatchObject({ title: `No assignments yet on ${dateTime(AT)}`, clear: false });
    expect(emptyListWording('assignments', { filtered: false, pastAt: null })).toEqual({ title: 'No assignments yet', hint: '', clear: false });
  });
});

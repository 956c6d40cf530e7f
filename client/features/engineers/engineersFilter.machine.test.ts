import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { activeFilterCount, engineersFilterMachine, hasActiveFilters } from './engineersFilter.machine.ts';

const start = () => createActor(engineersFilterMachine).start();

describe('engineers filter machine', () => {
  it('starts with the panel hidden and no filter', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ search: '', skills: [] });
  });

  it('toggles the panel open and closed', () => {
    const actor = start();
    actor.send({ type: 'TOGGLE_PANEL' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'TOGGLE_PANEL' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'OPEN_PANEL' });
    actor.send({ type: 'OPEN_PANEL' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'CLOSE_PANEL' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('keeps the filter while the panel is closed', () => {
    const actor = start();
    actor.send({ type: 'TOGGLE_PANEL' });
    actor.send({ type: 'SEARCH', text: 'react' });
    actor.send({ type: 'TOGGLE_PANEL' });
    expect(actor.getSnapshot().context.search).toBe('react');
  });

  it('toggles skills on and off', () => {
    const actor = start();
    actor.send({ type: 'TOGGLE_SKILL', skill: 'React' });
    actor.send({ type: 'TOGGLE_SKILL', skill: 'Go' });
    expect(actor.getSnapshot().context.skills).toEqual(['React', 'Go']);
    actor.send({ type: 'TOGGLE_SKILL', skill: 'React' });
    expect(actor.getSnapshot().context.skills).toEqual(['Go']);
  });

  it('clears search and skills at once, leaving the panel as it was', () => {
    const actor = start();
    actor.send({ type: 'TOGGLE_PANEL' });
    actor.send({ type: 'SEARCH', text: 'ana' });
    actor.send({ type: 'TOGGLE_SKILL', skill: 'Go' });
    actor.send({ type: 'CLEAR_ALL' });
    expect(actor.getSnapshot().context).toEqual({ search: '', skills: [] });
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('counts active filters for the badge', () => {
    expect(activeFilterCount({ search: '', skills: [] })).toBe(0);
    expect(activeFilterCount({ search: '  ', skills: [] })).toBe(0);
    expect(activeFilterCount({ search: 'go', skills: ['Go', 'Rust'] })).toBe(3);
    expect(hasActiveFilters({ search: '', skills: ['Go'] })).toBe(true);
    expect(hasActiveFilters({ search: '', skills: [] })).toBe(false);
  });
});

import { assign, setup } from 'xstate';
import type { EngineerFilter } from '../../../domain/figures.ts';

/**
 * The Engineers screen's filter: the panel open or closed (hidden by default, toggled by
 * the Filters button), the search text, the selected skills (each chip toggles) and Clear All.
 * Matching itself is the domain's `matchesEngineerFilter`.
 */
export type EngineersFilterContext = { search: string; skills: string[] };

export type EngineersFilterEvent =
  | { type: 'TOGGLE_PANEL' }
  | { type: 'OPEN_PANEL' }
  | { type: 'CLOSE_PANEL' }
  | { type: 'SEARCH'; text: string }
  | { type: 'TOGGLE_SKILL'; skill: string }
  | { type: 'CLEAR_ALL' };

/** The Filters button's count badge: one for a search, one per selected skill. */
export const activeFilterCount = (filter: EngineersFilterContext) => (filter.search.trim() ? 1 : 0) + filter.skills.length;

/** 'Clear All' shows when any filter is active. */
export const hasActiveFilters = (filter: EngineersFilterContext) => activeFilterCount(filter) > 0;

export const toEngineerFilter = (filter: EngineersFilterContext): EngineerFilter => ({ search: filter.search, skills: filter.skills });

export const engineersFilterMachine = setup({
  types: {
    context: {} as EngineersFilterContext,
    events: {} as EngineersFilterEvent,
  },
  actions: {
    setSearch: assign({ search: ({ event }) => (event.type === 'SEARCH' ? event.text : '') }),
    toggleSkill: assign({
      skills: ({ context, event }) => {
        if (event.type !== 'TOGGLE_SKILL') return context.skills;
        return context.skills.includes(event.skill)
          ? context.skills.filter((s) => s !== event.skill)
          : [...context.skills, event.skill];
      },
    }),
    clearAll: assign({ search: '', skills: [] }),
  },
}).createMachine({
  id: 'engineersFilter',
  context: { search: '', skills: [] },
  initial: 'closed',
  on: {
    SEARCH: { actions: 'setSearch' },
    TOGGLE_SKILL: { actions: 'toggleSkill' },
    CLEAR_ALL: { actions: 'clearAll' },
  },
  states: {
    closed: {
      on: { TOGGLE_PANEL: 'open', OPEN_PANEL: 'open' },
    },
    open: {
      on: { TOGGLE_PANEL: 'closed', CLOSE_PANEL: 'closed' },
    },
  },
});

import { assign, setup } from 'xstate';
import { typedSkill } from '../lib/skills.ts';

/**
 * Typing a skill that is not among the chips yet (a new organisation's engineers may have none, and a
 * project needs at least one): the text typed so far, and why the last one could not be added.
 *
 *   TYPE -> the text changes, its message goes
 *   ADD  -> a readable skill: `added` with it (the screen selects it) and the box empties
 *        -> too long: the domain's message under the box, the text kept to be fixed
 *        -> nothing typed: nothing happens
 */

export type SkillEntryContext = { text: string; error: string | null };

export type SkillEntryEvent =
  | { type: 'TYPE'; text: string }
  /** `known`: every skill on show and selected, so one typed in another case is not added twice. */
  | { type: 'ADD'; known: readonly string[] };

export const skillEntryMachine = setup({
  types: {
    context: {} as SkillEntryContext,
    events: {} as SkillEntryEvent,
  },
  guards: {
    nothingTyped: ({ context }) => context.text.trim() === '',
    readable: ({ context, event }) => event.type === 'ADD' && typedSkill(context.text, event.known).ok,
  },
  actions: {
    /** The screen selects the skill; provided by the screen. */
    added: (_, _params: { skill: string }) => {},
    type: assign(({ event }) => (event.type === 'TYPE' ? { text: event.text, error: null } : {})),
    clear: assign({ text: '', error: null }),
    refuse: assign(({ context, event }) => {
      const result = typedSkill(context.text, event.type === 'ADD' ? event.known : []);
      return { error: result.ok ? null : result.message };
    }),
  },
}).createMachine({
  id: 'skillEntry',
  context: { text: '', error: null },
  on: {
    TYPE: { actions: 'type' },
    ADD: [
      { guard: 'nothingTyped' },
      {
        guard: 'readable',
        actions: [
          {
            type: 'added',
            params: ({ context, event }) => {
              const result = typedSkill(context.text, event.known);
              return { skill: result.ok ? result.skill : '' };
            },
          },
          'clear',
        ],
      },
      { actions: 'refuse' },
    ],
  },
});

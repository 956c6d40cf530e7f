import type { TeamEvent } from './events.ts';

export type Team = { _id: string; name: string; parentId: string | null; version: number };

/** The team folded from its stream; null before it was created and once removed. */
export function evolveTeam(state: Team | null, event: TeamEvent, version: number): Team | null {
  switch (event.type) {
    case 'TeamCreated':
      return { _id: event.data.teamId, name: event.data.name, parentId: event.data.parentId, version };
    case 'TeamRenamed':
      return state && { ...state, name: event.data.name, version };
    case 'TeamMoved':
      return state && { ...state, parentId: event.data.parentId, version };
    case 'TeamRemoved':
      return null;
  }
}

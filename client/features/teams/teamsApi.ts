import { request } from '../../lib/http.ts';
import { listTeams, type TeamView } from '../../stores/teams.ts';

/** Teams and engineers' teams (the server's contract for them); the list is the teams store's (stores/teams.ts). */
export type { TeamView };

const path = (value: string) => encodeURIComponent(value);

export const teamsApi = {
  list: listTeams,
  create: (name: string, parentId: string | null) => request<TeamView>('POST', '/api/teams', { body: { name, parentId } }),
  change: (id: string, version: number, change: { name?: string; parentId?: string | null }) =>
    request<TeamView>('PATCH', `/api/teams/${path(id)}`, { body: change, headers: { 'If-Match': `"${version}"` } }),
  remove: (id: string) => request<null>('DELETE', `/api/teams/${path(id)}`),
  setEngineerTeam: (engineerId: string, teamId: string, from: string) => request<unknown>('PUT', `/api/engineers/${path(engineerId)}/team`, { body: { teamId, from } }),
};

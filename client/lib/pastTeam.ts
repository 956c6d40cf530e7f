import type { Plan } from '../../domain/plan.ts';
import { membersOfTeam } from '../../domain/teams/scope.ts';

/**
 * A Team filter on a past moment: the past plan holds each person's team from a date but not how the
 * teams nested, so it keeps the people in that very team on the window's first day.
 */
export const pastTeamMembers = (plan: Pick<Plan, 'engineers'>, team: string | undefined, day: string) =>
  team ? membersOfTeam(team, plan.engineers, new Map(), day) : undefined;


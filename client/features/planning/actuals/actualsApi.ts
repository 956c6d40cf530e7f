import type { ActualsVariance, ActualsWeekAnswer } from '../../../../domain/actuals/contracts.ts';
import { request } from '../../../lib/http.ts';

const enc = encodeURIComponent;

/** One engineer's week of actuals, with the plan beside it and the engineer's version. */
export const fetchActualsWeek = (engineerId: string, week: string) => request<ActualsWeekAnswer>('GET', `/api/engineers/${enc(engineerId)}/actuals/${enc(week)}`);

/** The ISO weeks locked for an engineer: their plan there never changes. */
export const fetchLockedWeeks = (engineerId: string) => request<{ weeks: string[] }>('GET', `/api/engineers/${enc(engineerId)}/actuals/locked`).then((a) => a.weeks);

export type ActualsWeekSave = { entries: { projectId: string; hours: number }[]; note?: string; reason?: string };

export const saveActualsWeek = (engineerId: string, week: string, body: ActualsWeekSave, version: number) =>
  request<ActualsWeekAnswer>('PUT', `/api/engineers/${enc(engineerId)}/actuals/${enc(week)}`, { body, headers: { 'If-Match': `"${version}"` } });

export const lockActualsWeek = (week: string) => request<null>('POST', `/api/actuals/weeks/${enc(week)}/lock`, { body: {} });
export const unlockActualsWeek = (week: string, reason: string) => request<null>('POST', `/api/actuals/weeks/${enc(week)}/unlock`, { body: { reason } });

export const fetchActualsVariance = (query: { from: string; to: string; by: 'engineer' | 'project'; step: 'week' | 'month'; engineerId?: string }, signal?: AbortSignal) =>
  request<ActualsVariance>('GET', `/api/actuals?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][])}`, { signal });

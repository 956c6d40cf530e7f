import type { UtilisationReport } from '../../../domain/reports/utilisation.ts';
import type { ReportGrouping, ReportStep } from '../../../domain/reports/inputs.ts';
import { request } from '../../lib/http.ts';

export type UtilisationAsk = {
  from: string;
  to: string;
  step: ReportStep;
  groupBy: ReportGrouping;
  team?: string;
  role?: string;
  skills?: string;
  seniority?: string;
};

const search = (ask: UtilisationAsk) => new URLSearchParams(Object.entries(ask).filter(([, v]) => v !== undefined && v !== '') as [string, string][]);

/** Utilisation per group and period (GET /api/reports/utilisation): the table, the charts and the CSV of the Report. */
export const fetchUtilisation = (ask: UtilisationAsk, signal?: AbortSignal) => request<UtilisationReport>('GET', `/api/reports/utilisation?${search(ask)}`, { signal });

/** The same answer as CSV, as the server writes it. */
export const fetchUtilisationCsv = (ask: UtilisationAsk) => request<string>('GET', `/api/reports/utilisation?${search(ask)}&format=csv`);

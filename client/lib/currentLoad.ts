import type { CurrentLoad } from '../../domain/figures.ts';

/**
 * Today's load of everyone in sums (GET /api/engineers/current-load, managers and auditors): what the
 * Engineers directory's and the Manager Dashboard's first rows are drawn from, read ahead as the app
 * boots on them. Nothing here may import React, antd or zod.
 */
export const CURRENT_LOAD_PATH = '/api/engineers/current-load';

export type CurrentLoadAnswer = { at: string; loads: CurrentLoad[] };

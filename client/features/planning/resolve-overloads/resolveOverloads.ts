import type { DescribedChange } from '../../../../domain/scenarios/index.ts';
import { request } from '../../../lib/http.ts';

/** What a proposal leaves: a person's days still over capacity, their peak, and the rule that blocks it. */
export type LeftOverload = { engineerId: string; days: string[]; peak: number; blockedBy: string };

/** POST /api/scenarios/resolve's answer as the screens that ask for a proposal read it: the new draft scenario and what it leaves. */
export type ResolvedProposal = { _id: string; name: string; changes: DescribedChange[]; left: LeftOverload[] };

/** POST /api/scenarios/resolve (the body as resolveBody makes it). */
export const resolveOverloads = <T extends ResolvedProposal = ResolvedProposal>(body: object) => request<T>('POST', '/api/scenarios/resolve', { body });

import type { CapacityResponse } from '../../../../domain/capacity/contracts.ts';
import { type LiveQuerySource, useLiveQuery } from '../../../stores/useLiveQuery.ts';
import { type CapacityParams, fetchCapacity, pastCapacity } from './capacityApi.ts';

const capacitySource: LiveQuerySource<CapacityParams, CapacityResponse> = { live: fetchCapacity, past: pastCapacity };

/** GET /api/capacity for `params`, live or as it was. */
export const useCapacity = (params: CapacityParams | null) => useLiveQuery(capacitySource, params);

import { z } from 'zod';
import { planningEventTypes } from '../events.ts';

/** Every event (`['*']`) or the types named. */
export type EventFilter = readonly string[];

export const ALL_EVENTS = '*';

/** Whether an endpoint with this filter is sent an event of this type. */
export function wantsEvent(filter: EventFilter, type: string): boolean {
  return filter.includes(ALL_EVENTS) || filter.includes(type);
}

const knownTypes = new Set<string>(planningEventTypes);

/** `['*']` alone, or one or more known event types, each once. */
export const eventFilterInput = z
  .array(z.string().max(100))
  .min(1, 'events must name at least one event type, or be ["*"] for all')
  .max(planningEventTypes.length)
  .superRefine((types, ctx) => {
    if (types.includes(ALL_EVENTS) && types.length > 1) {
      ctx.addIssue({ code: 'custom', message: '"*" already means every event: send it alone' });
    }
    types.forEach((type, index) => {
      if (type !== ALL_EVENTS && !knownTypes.has(type)) ctx.addIssue({ code: 'custom', path: [index], message: `${type} is not an event type` });
      if (types.indexOf(type) !== index) ctx.addIssue({ code: 'custom', path: [index], message: `${type} is named twice` });
    });
  });

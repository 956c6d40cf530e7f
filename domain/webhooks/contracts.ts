import { z } from 'zod';
import { parseCursor } from '../cursor.ts';
import type { RecordedEvent } from '../events.ts';
import { eventFilterInput } from './filter.ts';
import { isStandardSecret } from './signature.ts';

export const webhookMessages = {
  url: 'url must be an http or https address such as https://hooks.example.com/planner',
  secret: 'secret must be 16 to 200 characters',
  standardSecret: 'a secret starting with whsec_ must be base64 after the prefix (as Standard Webhooks secrets are)',
  cursor: 'after must be a cursor such as "1234:56"',
  notFound: 'Webhook endpoint not found',
} as const;

const url = z.url({ protocol: /^https?$/, error: webhookMessages.url }).max(2000, webhookMessages.url);
const secret = z.string({ error: webhookMessages.secret }).min(16, webhookMessages.secret).max(200, webhookMessages.secret)
  .refine(isStandardSecret, webhookMessages.standardSecret);

export const webhookInput = z.object({
  url,
  events: eventFilterInput,
  secret,
  active: z.boolean().optional(),
}).strict();

/** Any of the fields; `active: false` pauses, `active: true` resumes (and forgets the failures). */
export const webhookChangeInput = z.object({
  url: url.optional(),
  events: eventFilterInput.optional(),
  secret: secret.optional(),
  active: z.boolean().optional(),
  version: z.number().int().min(0).optional(),
}).strict();

export const replayInput = z.object({
  after: z.string().refine((value) => parseCursor(value) !== null, webhookMessages.cursor),
}).strict();

/** An endpoint as admins read it: never its secret. */
export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** The last event delivered (or skipped by the filter): delivery goes on after it. */
  cursor: z.string(),
  version: z.number(),
  createdAt: z.string(),
  /** The first failure since the last success; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /** Why the endpoint was paused: by an admin, or after failing for the give-up time. */
  pausedReason: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const deliverySchema = z.object({
  eventId: z.string(),
  /** The delivered event's cursor; null for a test event, which is not in the log. */
  cursor: z.string().nullable(),
  type: z.string(),
  attempt: z.number(),
  /** The receiver's HTTP status; null when there was no answer (refused, timed out). */
  status: z.number().nullable(),
  error: z.string().optional(),
  at: z.string(),
  ms: z.number(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** What a receiver gets: the event as the log holds it, with its id and cursor. */
export type WebhookPayload = {
  eventId: string;
  cursor: string | null;
  type: string;
  streamId: string;
  streamPosition: number;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
};

export function webhookPayload(event: RecordedEvent, eventId: string): WebhookPayload {
  return {
    eventId,
    cursor: event.cursor,
    type: event.type,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
  };
}

export const TEST_EVENT_TYPE = 'WebhookTest';

/** "Send a test event": the shape of a real one, out of the log (no cursor), so nothing is skipped or repeated. */
export function testPayload(eventId: string, webhookId: string, now: Date, actorId: string): WebhookPayload {
  return {
    eventId,
    cursor: null,
    type: TEST_EVENT_TYPE,
    streamId: `webhook-${webhookId}`,
    streamPosition: 0,
    data: { message: 'A test event from the Capacity Planner: your endpoint is reachable and checks signatures.' },
    metadata: { actorId },
    recordedAt: now.toISOString(),
  };
}

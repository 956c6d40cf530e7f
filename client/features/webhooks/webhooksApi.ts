import type { Delivery, Webhook } from '../../../domain/webhooks/contracts.ts';
import { request } from '../../lib/http.ts';

/** Outbound webhooks (design §14, admins). */
export type WebhookValues = { url: string; events: string[]; secret?: string };

const path = (value: string) => encodeURIComponent(value);

export const webhooksApi = {
  list: () => request<Webhook[]>('GET', '/api/webhooks'),
  add: (values: WebhookValues & { secret: string }) => request<Webhook>('POST', '/api/webhooks', { body: values }),
  change: (id: string, version: number, change: Partial<WebhookValues> & { active?: boolean }) =>
    request<Webhook>('PATCH', `/api/webhooks/${path(id)}`, { body: change, headers: { 'If-Match': `"${version}"` } }),
  remove: (id: string) => request<null>('DELETE', `/api/webhooks/${path(id)}`),
  deliveries: (id: string, limit = 10) => request<Delivery[]>('GET', `/api/webhooks/${path(id)}/deliveries?limit=${limit}`),
  replay: (id: string, after: string) => request<Webhook>('POST', `/api/webhooks/${path(id)}/replay`, { body: { after } }),
  test: (id: string) => request<Delivery>('POST', `/api/webhooks/${path(id)}/test`),
};

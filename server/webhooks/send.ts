import { signatureHeader, standardWebhookHeaders, type WebhookPayload } from '../../domain/index.ts';

export type SendResult = { ok: boolean; status: number | null; error?: string; ms: number };

/**
 * One POST of one event to one endpoint, signed over the exact bytes sent, both ways (X-Signature for
 * existing receivers, the Standard Webhooks headers for that scheme's libraries, the event's id as the
 * message id and this attempt's time as its timestamp). Only a 2xx counts: a redirect
 * is not followed (the endpoint's address is what the admin registered) and counts as a failure.
 */
export async function sendPayload(url: string, secret: string, payload: WebhookPayload, timeoutMs: number): Promise<SendResult> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'CapacityPlanner-Webhooks/1',
    'x-signature': await signatureHeader(secret, body),
    ...(await standardWebhookHeaders(secret, payload.eventId, new Date(), body)),
    'x-event-id': payload.eventId,
    'x-event-type': payload.type,
  };
  if (payload.cursor) headers['x-cursor'] = payload.cursor;
  const started = performance.now();
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // The answer's body is not ours to read; dropping it frees the connection for the next delivery.
    await response.body?.cancel().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status < 300;
    return ok ? { ok, status: response.status, ms } : { ok, status: response.status, error: `HTTP ${response.status}`, ms };
  } catch (error) {
    return { ok: false, status: null, error: describeFailure(error, timeoutMs), ms: Math.round(performance.now() - started) };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `No answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`.slice(0, 300);
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { afterFailure, backoffMs } from './schedule.ts';
import { eventFilterInput, wantsEvent } from './filter.ts';
import { Webhook } from 'standardwebhooks';
import { isStandardSecret, signatureHeader, standardWebhookHeaders, verifySignature } from './signature.ts';
import { replayInput, webhookInput } from './contracts.ts';

const timings = { baseMs: 1_000, maxMs: 60_000, giveUpMs: 24 * 3_600_000 };

describe('backoff schedule', () => {
  it('doubles from the base and stops growing at the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n, timings))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(backoffMs(10_000, timings)).toBe(60_000);
    expect(backoffMs(0, timings)).toBe(0);
  });

  it('retries until the endpoint has failed for the give-up time, counted from its first failure, then pauses', () => {
    const first = afterFailure({ failingSince: null, failures: 0 }, 5_000, timings);
    expect(first).toEqual({ kind: 'retry', failingSince: 5_000, failures: 1, nextAttemptAt: 6_000 });
    const later = afterFailure({ failingSince: 5_000, failures: 40 }, 5_000 + timings.giveUpMs - 1, timings);
    expect(later.kind).toBe('retry');
    expect(afterFailure({ failingSince: 5_000, failures: 41 }, 5_000 + timings.giveUpMs, timings)).toEqual({ kind: 'pause', failingSince: 5_000, failures: 42 });
  });
});

describe('event filter', () => {
  it('"*" takes every event; a list only its types', () => {
    expect(wantsEvent(['*'], 'AssignmentCreated')).toBe(true);
    expect(wantsEvent(['AssignmentCreated'], 'AssignmentCreated')).toBe(true);
    expect(wantsEvent(['AssignmentCreated'], 'ProjectCreated')).toBe(false);
  });

  it('refuses an empty list, unknown types, repeats, and "*" beside types', () => {
    expect(eventFilterInput.safeParse(['*']).success).toBe(true);
    expect(eventFilterInput.safeParse(['AssignmentCreated', 'TimeOffBooked']).success).toBe(true);
    for (const bad of [[], ['Nope'], ['AssignmentCreated', 'AssignmentCreated'], ['*', 'AssignmentCreated'], 'AssignmentCreated']) {
      expect(eventFilterInput.safeParse(bad).success).toBe(false);
    }
  });
});

describe('signature', () => {
  it('is HMAC-SHA256 of the exact body, as any receiver computes it, and verifies', async () => {
    const body = JSON.stringify({ type: 'ProjectCreated', data: { name: 'Zürich' } });
    const header = await signatureHeader('a-secret-of-16-chars', body);
    expect(header).toBe(`sha256=${createHmac('sha256', 'a-secret-of-16-chars').update(body).digest('hex')}`);
    expect(await verifySignature('a-secret-of-16-chars', body, header)).toBe(true);
    expect(await verifySignature('another-secret-16-chars', body, header)).toBe(false);
    expect(await verifySignature('a-secret-of-16-chars', `${body} `, header)).toBe(false);
    expect(await verifySignature('a-secret-of-16-chars', body, 'sha256=zz')).toBe(false);
    expect(await verifySignature('a-secret-of-16-chars', body, undefined)).toBe(false);
  });
});

describe('Standard Webhooks headers', () => {
  const body = JSON.stringify({ type: 'ProjectCreated', data: { name: 'Zürich' } });
  const sentAt = new Date();

  it('verify with the scheme\'s own library: a whsec_ secret as it comes, any other in its raw format', async () => {
    const whsec = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const headers = await standardWebhookHeaders(whsec, 'evt-1', sentAt, body);
    expect(new Webhook(whsec).verify(body, headers)).toEqual(JSON.parse(body));
    const plain = 'a-secret-of-16-chars';
    expect(new Webhook(plain, { format: 'raw' }).verify(body, await standardWebhookHeaders(plain, 'evt-1', sentAt, body))).toEqual(JSON.parse(body));
  });

  it('sign "id.timestamp.body" with HMAC-SHA256 as base64 after v1, the timestamp in whole seconds', async () => {
    const headers = await standardWebhookHeaders('a-secret-of-16-chars', 'evt-2', new Date('2026-12-07T10:00:00.900Z'), body);
    expect(headers['webhook-id']).toBe('evt-2');
    expect(headers['webhook-timestamp']).toBe('1796637600');
    const mac = createHmac('sha256', 'a-secret-of-16-chars').update(`evt-2.1796637600.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);
  });

  it('fail verification on another body, id or secret', async () => {
    const whsec = `whsec_${Buffer.from('another key of 24 bytes!').toString('base64')}`;
    const headers = await standardWebhookHeaders(whsec, 'evt-3', sentAt, body);
    expect(() => new Webhook(whsec).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(whsec).verify(body, { ...headers, 'webhook-id': 'evt-4' })).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.from('a different key of 24 b!').toString('base64')}`).verify(body, headers)).toThrow();
  });

  it('a whsec_ secret must be base64 after its prefix; other secrets are taken as they are', () => {
    expect(isStandardSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(true);
    expect(isStandardSecret('whsec_not base64 at all!')).toBe(false);
    expect(isStandardSecret('whsec_abc')).toBe(false);
    expect(isStandardSecret('whsec_')).toBe(false);
    expect(isStandardSecret('plain-secret-with-no-prefix')).toBe(true);
    const ok = { url: 'https://hooks.example.com/x', events: ['*'] };
    expect(webhookInput.safeParse({ ...ok, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }).success).toBe(true);
    expect(webhookInput.safeParse({ ...ok, secret: 'whsec_this is not base64!!' }).error?.issues[0]?.message).toMatch(/whsec_ must be base64/);
  });
});

describe('inputs', () => {
  it('takes http(s) URLs only, a long enough secret, and a cursor to replay after', () => {
    const ok = { url: 'https://hooks.example.com/x', events: ['*'], secret: 'sixteen-chars-ok' };
    expect(webhookInput.safeParse(ok).success).toBe(true);
    expect(webhookInput.safeParse({ ...ok, url: 'http://127.0.0.1:9999/in' }).success).toBe(true);
    for (const url of ['ftp://x.example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
      expect(webhookInput.safeParse({ ...ok, url }).success).toBe(false);
    }
    expect(webhookInput.safeParse({ ...ok, secret: 'short' }).success).toBe(false);
    expect(replayInput.safeParse({ after: '123:45' }).success).toBe(true);
    expect(replayInput.safeParse({ after: 'yesterday' }).success).toBe(false);
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { afterFailure, backoffMs } from './schedule.ts';
import { eventFilterInput, wantsEvent } from './filter.ts';
import { signatureHeader, verifySignature } from './signature.ts';
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

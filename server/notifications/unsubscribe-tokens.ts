import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { noticeKinds, type NoticeKind } from '../../domain/index.ts';

/**
 * The one-click unsubscribe link's token: who and which kind, signed, so the link works without
 * signing in and cannot be made for someone else. Nothing is stored: the signature is the proof.
 */
export const unsubscribeKey = (jwtSecret: string) => createHash('sha256').update(`unsubscribe:${jwtSecret}`).digest();

/** 128 bits of the HMAC: unguessable, and short enough for a path segment (the router takes 100 characters). */
const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16).toString('base64url');

export function unsubscribeToken(key: Buffer, userId: string, kind: NoticeKind): string {
  const body = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${body}.${signature(key, body)}`;
}

/** Who and which kind, when the token is one this server signed; null otherwise. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; kind: NoticeKind } | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = Buffer.from(signature(key, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(body, 'base64url').toString().split('\n');
  return userId && (noticeKinds as readonly string[]).includes(kind ?? '') ? { userId, kind: kind as NoticeKind } : null;
}

/**
 * Webhook signatures, two schemes over the exact bytes sent:
 * - `X-Signature: sha256=<hex HMAC-SHA256(secret, body)>`, this app's own, kept for existing receivers;
 * - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256(key,
 *   "id.timestamp.body")>`), which receivers check with that scheme's libraries. A `whsec_` secret is that
 *   scheme's own: the key is the base64 after the prefix. Any other secret is its UTF-8 bytes (those
 *   libraries' "raw" format).
 * Built on Web Crypto, which the browser and Node both have as a global, so receivers written against
 * domain/ (and the tests) check a body exactly as the sender signed it. Deterministic: the same secret,
 * body (and id and time), the same header.
 */
const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

async function hmacKey(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** The X-Signature header value for `body` (the exact bytes sent). */
export async function signatureHeader(secret: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(encoder.encode(secret)), encoder.encode(body));
  return `sha256=${hex(mac)}`;
}

/** Whether a received X-Signature matches `body`; `verify` compares in constant time. */
export async function verifySignature(secret: string, body: string, header: string | undefined | null): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const mac = new Uint8Array(match[1]!.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify('HMAC', await hmacKey(encoder.encode(secret)), mac, encoder.encode(body));
}

export const STANDARD_SECRET_PREFIX = 'whsec_';

/** Standard base64 with its padding, as the Standard Webhooks libraries decode a `whsec_` secret. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether `secret` is usable as a Standard Webhooks key: any secret, but a `whsec_` one must be base64 after the prefix. */
export function isStandardSecret(secret: string): boolean {
  if (!secret.startsWith(STANDARD_SECRET_PREFIX)) return true;
  const encoded = secret.slice(STANDARD_SECRET_PREFIX.length);
  return encoded.length > 0 && BASE64.test(encoded);
}

function standardKey(secret: string): Uint8Array<ArrayBuffer> {
  if (!secret.startsWith(STANDARD_SECRET_PREFIX)) return encoder.encode(secret);
  return Uint8Array.from(atob(secret.slice(STANDARD_SECRET_PREFIX.length)), (c) => c.charCodeAt(0));
}

export type StandardWebhookHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };

/**
 * The Standard Webhooks headers for one attempt: `id` stays the same on every attempt of a message (the
 * receiver's key for "seen it"), `sentAt` is when this attempt goes out (receivers refuse old ones).
 */
export async function standardWebhookHeaders(secret: string, id: string, sentAt: Date, body: string): Promise<StandardWebhookHeaders> {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(standardKey(secret)), encoder.encode(`${id}.${timestamp}.${body}`));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${toBase64(mac)}` };
}

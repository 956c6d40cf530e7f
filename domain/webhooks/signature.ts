/**
 * Webhook signatures: `X-Signature: sha256=<hex HMAC-SHA256(secret, body)>`. Built on Web Crypto, which
 * the browser and Node both have as a global, so receivers written against domain/ (and the tests)
 * check a body exactly as the sender signed it. Deterministic: the same secret and body, the same header.
 */
const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** The X-Signature header value for `body` (the exact bytes sent). */
export async function signatureHeader(secret: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body));
  return `sha256=${hex(mac)}`;
}

/** Whether a received X-Signature matches `body`; `verify` compares in constant time. */
export async function verifySignature(secret: string, body: string, header: string | undefined | null): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const mac = new Uint8Array(match[1]!.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify('HMAC', await hmacKey(secret), mac, encoder.encode(body));
}

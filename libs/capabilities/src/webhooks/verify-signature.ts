/**
 * Webhook signatures: HMAC-SHA256 of the raw body with the source's secret, sent as `sha256=<hex>` (GitHub's
 * `X-Hub-Signature-256` format). When the sender adds a timestamp header the signed content is `<timestamp>.<body>`
 * and the timestamp must be within the source's tolerance, so a captured request cannot be replayed later; replays of
 * senders without timestamps (GitHub) are caught by the receiver, which remembers a digest of each delivery's signed
 * content (docs/security.md#webhook-replays). Comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

export interface SignatureCheck {
  secret: string;
  body: Buffer;
  /** The signature header's value, if any. */
  signature: string | undefined;
  /** The timestamp header's value (seconds since the epoch), if any. */
  timestamp: string | undefined;
  toleranceSeconds: number;
  nowMs: number;
}

export function signPayload(secret: string, body: Buffer | string, timestamp?: string): string {
  const hmac = createHmac('sha256', secret);
  if (timestamp !== undefined) hmac.update(`${timestamp}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

export function verifySignature(check: SignatureCheck): SignatureVerdict {
  if (!check.signature) return { ok: false, reason: 'the request is not signed' };
  if (check.timestamp !== undefined) {
    const seconds = Number(check.timestamp);
    if (!Number.isFinite(seconds)) return { ok: false, reason: 'the timestamp header is not a number of seconds' };
    if (Math.abs(check.nowMs / 1000 - seconds) > check.toleranceSeconds) return { ok: false, reason: 'the timestamp is outside the allowed window' };
  }
  const expected = Buffer.from(signPayload(check.secret, check.body, check.timestamp));
  const given = Buffer.from(check.signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'the signature does not match' };
  return { ok: true };
}

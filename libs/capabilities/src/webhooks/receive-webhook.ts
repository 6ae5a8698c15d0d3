/**
 * One webhook delivery, from raw request to stored event: the source must be configured, the body JSON within the
 * size limit, the signature valid, the rate within limits; the event is de-duplicated by (source, delivery id) and by
 * (source, digest of the signed content) and stored before anything is acknowledged. Answers never echo the payload. The HTTP servers (worker, MCP over HTTP)
 * only read the request and write the answer this returns.
 */
import { createHash } from 'node:crypto';
import { isToolError, type CosConfig } from '@chief-of-staff/core';
import type { WebhookEventsRepository } from '@chief-of-staff/stores';
import type { RateLimiter } from './rate-limiter.js';
import { verifySignature } from './verify-signature.js';

export interface WebhookRequest {
  source: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  body: Buffer;
}

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Set when a new event was stored (for dispatch). */
  storedEventId?: number;
}

export interface ReceiveWebhookDeps {
  events: WebhookEventsRepository;
  webhooks: CosConfig['webhooks'];
  limiter: RateLimiter;
  nowMs: () => number;
}

/** Alternative header names well-known senders use, tried after the configured one. */
const SIGNATURE_HEADERS = ['x-hub-signature-256', 'x-signature-256'];
const DELIVERY_HEADERS = ['x-github-delivery', 'x-delivery-id'];
const EVENT_HEADERS = ['x-github-event', 'x-event-type'];
const TIMESTAMP_HEADERS = ['x-timestamp', 'x-signature-timestamp'];

const error = (status: number, message: string): WebhookAnswer => ({ status, body: { error: message } });

function header(headers: WebhookRequest['headers'], names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = headers[name.toLowerCase()];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

function bodyField(payload: unknown, names: readonly string[]): string | undefined {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  for (const name of names) {
    const value = (payload as Record<string, unknown>)[name];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value).slice(0, 200);
  }
  return undefined;
}

/** SHA-256 (hex) of the content the sender signed: `<timestamp>.<body>` with a timestamp, else the body. */
function signedContentDigest(body: Buffer, timestamp: string | undefined): string {
  const hash = createHash('sha256');
  if (timestamp !== undefined) hash.update(`${timestamp}.`);
  return hash.update(body).digest('hex');
}

export async function receiveWebhook(deps: ReceiveWebhookDeps, request: WebhookRequest): Promise<WebhookAnswer> {
  const source = deps.webhooks.sources[request.source];
  if (!source) return error(404, `Unknown webhook source "${request.source.slice(0, 64)}". Add it under webhooks.sources in the configuration.`);
  if (request.body.length > deps.webhooks.http.maxBodyBytes) return error(413, `The body is larger than ${deps.webhooks.http.maxBodyBytes} bytes.`);
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') return error(415, 'Send the event as Content-Type: application/json.');
  if (!source.secret) return error(401, `Source "${request.source}" has no secret configured, so its deliveries cannot be verified.`);
  const timestamp = header(request.headers, TIMESTAMP_HEADERS);
  const verdict = verifySignature({
    secret: source.secret,
    body: request.body,
    signature: header(request.headers, [source.signatureHeader, ...SIGNATURE_HEADERS]),
    timestamp,
    toleranceSeconds: source.toleranceSeconds,
    nowMs: deps.nowMs(),
  });
  if (!verdict.ok) return error(401, `Signature check failed: ${verdict.reason}.`);
  if (!deps.limiter.take(request.source, deps.nowMs())) return error(429, 'Too many deliveries from this source; at most 60 a minute are accepted.');
  let payload: unknown;
  try {
    payload = JSON.parse(request.body.toString('utf8'));
  } catch {
    return error(400, 'The body is not valid JSON.');
  }
  const eventType = header(request.headers, [source.eventTypeHeader, ...EVENT_HEADERS]) ?? bodyField(payload, ['event_type', 'type']);
  if (!eventType) return error(422, `The event type is missing: send it in the ${source.eventTypeHeader} header or as "event_type" in the body.`);
  const deliveryId =
    header(request.headers, [source.deliveryIdHeader, ...DELIVERY_HEADERS]) ??
    bodyField(payload, ['delivery_id', 'id']) ??
    createHash('sha256').update(request.body).digest('hex');
  let stored: Awaited<ReturnType<WebhookEventsRepository['insert']>>;
  try {
    stored = await deps.events.insert({
      source: request.source,
      eventType: eventType.slice(0, 200),
      deliveryId: deliveryId.slice(0, 200),
      payload: request.body.toString('utf8'),
      receivedVia: 'http',
      signatureVerified: true,
      // The signature covers only the body (and the timestamp when sent), not the delivery id or event type headers:
      // the digest of what was signed is what makes a captured request resent with new headers the same delivery.
      contentDigest: signedContentDigest(request.body, timestamp),
    });
  } catch (failure) {
    if (isToolError(failure)) return error(422, failure.message);
    // Not stored, so not acknowledged: the sender retries later.
    return error(503, 'The event could not be stored right now; send it again later.');
  }
  const { event, duplicate } = stored;
  return duplicate
    ? { status: 200, body: { status: 'duplicate', event_id: event.id } }
    : { status: 202, body: { status: 'accepted', event_id: event.id }, storedEventId: event.id };
}

/**
 * Optional outbound webhook delivery, ntfy-style by default (message as the body, title and priority as
 * headers) or as JSON. Only https URLs are allowed (http for localhost), with a timeout and at most three
 * redirects, each re-checked (docs/security.md#commands-and-outbound-http).
 */
import { redactUrl } from '@chief-of-staff/core';
import type { NotificationRequest } from '../types/notifier.js';

export type WebhookFormat = 'ntfy' | 'json';

export interface WebhookChannelOptions {
  url: string;
  format?: WebhookFormat;
  timeoutMs?: number;
  /** Extra request headers (e.g. an Authorization header resolved from an env reference). */
  headers?: Record<string, string>;
}

export interface WebhookChannel {
  /** The URL as it may be shown: credentials redacted. */
  readonly url: string;
  send(request: NotificationRequest): Promise<void>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const MAX_REDIRECTS = 3;

/** Throws a RangeError unless `url` is https, or http to this machine. */
export function assertDeliveryUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError('the webhook URL is not a valid URL');
  }
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname)) return parsed;
  throw new RangeError('the webhook URL must use https (http is allowed only for localhost)');
}

/** RFC 2047 encoding for header values that are not plain ASCII (ntfy decodes it). */
function headerValue(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

const PRIORITY = { low: '2', normal: '3', high: '5' } as const;

export function createWebhookChannel(options: WebhookChannelOptions): WebhookChannel {
  assertDeliveryUrl(options.url);
  const format = options.format ?? 'ntfy';
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    url: redactUrl(options.url),
    async send(request) {
      const urgency = request.urgency ?? 'normal';
      const headers: Record<string, string> = { ...options.headers };
      let body: string;
      if (format === 'json') {
        headers['content-type'] = 'application/json';
        body = JSON.stringify({ title: request.title, subtitle: request.subtitle ?? null, message: request.message, urgency });
      } else {
        headers['content-type'] = 'text/plain; charset=utf-8';
        headers['title'] = headerValue(request.subtitle ? `${request.title} — ${request.subtitle}` : request.title);
        headers['priority'] = PRIORITY[urgency];
        body = request.message;
      }
      const signal = AbortSignal.timeout(timeoutMs);
      let target = assertDeliveryUrl(options.url);
      // fetch refuses URLs with user info (and would quote them in its error): send them as Basic auth instead.
      if (target.username !== '' || target.password !== '') {
        const user = decodeURIComponent(target.username);
        const password = decodeURIComponent(target.password);
        headers['authorization'] ??= `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
        target = new URL(target.href);
        target.username = '';
        target.password = '';
      }
      for (let hop = 0; ; hop += 1) {
        const response = await fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal });
        await response.body?.cancel();
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
          target = assertDeliveryUrl(new URL(response.headers.get('location') as string, target).href);
          continue;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return;
      }
    },
  };
}

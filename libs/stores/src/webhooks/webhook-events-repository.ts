/**
 * Webhook events (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#channels-proactive-suggestions-and-webhooks, docs/webhooks.md#receiving-webhooks):
 * every received event, de-duplicated by (source, delivery id) and, for deliveries verified over HTTP, by (source,
 * digest of the signed content), with its processing status. The HTTP receiver, the inbox watcher and
 * `ingest_webhook` all store through here.
 */
import { ToolError } from '@chief-of-staff/core';
import { WEBHOOK_RECEIVED_VIA, WEBHOOK_STATUSES, type WebhookReceivedVia, type WebhookStatus } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, MAX_NAME_LENGTH } from '../db/validation.js';

export interface WebhookEventRecord {
  id: number;
  source: string;
  eventType: string;
  deliveryId: string;
  /**
   * SHA-256 of what the sender signed (`<timestamp>.<body>`, or the body when unsigned by time), for deliveries
   * verified over HTTP: a second copy with the same signed content is a replay whatever its headers say.
   */
  contentDigest: string | null;
  payload: string;
  payloadBytes: number;
  receivedVia: WebhookReceivedVia;
  signatureVerified: boolean;
  status: WebhookStatus;
  attempts: number;
  lastError: string | null;
  matchedRules: unknown[] | null;
  receivedAt: string;
  processedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const WEBHOOK_SOURCE_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
export const WEBHOOK_EVENT_LIST_LIMITS = { defaultLimit: 50, maxLimit: 500 };

export function assertWebhookSource(value: string): string {
  if (WEBHOOK_SOURCE_PATTERN.test(value)) return value;
  throw ToolError.invalidArgument(
    'source',
    `${JSON.stringify(value)} is not a valid source name.`,
    'Use 1–64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit, e.g. "github".',
  );
}

export function assertContentDigest(value: string): string {
  if (/^[0-9a-f]{64}$/.test(value)) return value;
  throw ToolError.invalidArgument('content_digest', 'must be a SHA-256 digest in lower-case hex (64 characters).');
}

export interface InsertWebhookEventInput {
  source: string;
  eventType: string;
  deliveryId: string;
  /** Raw payload text. */
  payload: string;
  receivedVia: WebhookReceivedVia;
  signatureVerified?: boolean;
  /**
   * SHA-256 (hex) of the signed content of a verified delivery. An event of the same source already stored with it
   * makes this one a duplicate whatever its delivery id: the id and event type travel in headers the signature does
   * not cover, so a captured request resent with new ones is still the same delivery.
   */
  contentDigest?: string;
}

export interface WebhookEventUpdate {
  status?: WebhookStatus;
  attempts?: number;
  lastError?: string | null;
  matchedRules?: unknown[] | null;
  processedAt?: string | null;
}

export interface ListWebhookEventsFilters {
  status?: WebhookStatus;
  source?: string;
  eventType?: string;
  /** UTC ISO instant. */
  since?: string;
}

export interface WebhookEventsRepository {
  /**
   * Stores an event; the same (source, delivery id), or the same (source, content digest), again returns the existing
   * event with `duplicate: true`.
   */
  insert(input: InsertWebhookEventInput): Promise<{ event: WebhookEventRecord; duplicate: boolean }>;
  get(id: number): Promise<WebhookEventRecord | undefined>;
  /** Newest first. */
  list(filters: ListWebhookEventsFilters, page: PageRequest): Promise<Page<WebhookEventRecord>>;
  /** Oldest first, for dispatch. */
  listByStatus(status: WebhookStatus, limit: number): Promise<WebhookEventRecord[]>;
  update(id: number, changes: WebhookEventUpdate): Promise<WebhookEventRecord | undefined>;
  /** Deletes events received before `cutoff` in the given statuses. */
  purgeOlderThan(cutoff: string, statuses: readonly WebhookStatus[]): Promise<number>;
}

/** The validated row of a newly received event, received `now` (the same checks and errors on every adapter). */
export function newWebhookEventValues(input: InsertWebhookEventInput, now: string) {
  return {
    source: assertWebhookSource(input.source),
    eventType: assertText('event_type', input.eventType, MAX_NAME_LENGTH),
    deliveryId: assertText('delivery_id', input.deliveryId, MAX_NAME_LENGTH),
    contentDigest: input.contentDigest === undefined ? null : assertContentDigest(input.contentDigest),
    payload: input.payload,
    payloadBytes: Buffer.byteLength(input.payload, 'utf8'),
    receivedVia: assertEnum('received_via', input.receivedVia, WEBHOOK_RECEIVED_VIA),
    signatureVerified: input.signatureVerified ?? false,
    status: 'pending' as const,
    receivedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** The columns an update sets, validated, stamped `now`. */
export function webhookEventChanges(changes: WebhookEventUpdate, now: string) {
  const set: {
    updatedAt: string;
    status?: WebhookStatus;
    attempts?: number;
    lastError?: string | null;
    matchedRules?: unknown[] | null;
    processedAt?: string | null;
  } = { updatedAt: now };
  if (changes.status !== undefined) set.status = assertEnum('status', changes.status, WEBHOOK_STATUSES);
  if (changes.attempts !== undefined) set.attempts = changes.attempts;
  if (changes.lastError !== undefined) set.lastError = changes.lastError;
  if (changes.matchedRules !== undefined) set.matchedRules = changes.matchedRules;
  if (changes.processedAt !== undefined) set.processedAt = changes.processedAt;
  return set;
}

/**
 * Webhook tables (docs/reference/data-model.md#tables): received webhook events and the event rules that route them
 * to agents.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { DELIVERY_CHANNELS, WEBHOOK_STATUSES } from '@chief-of-staff/stores';
import { WEBHOOK_RECEIVED_VIA } from '@chief-of-staff/stores/adapter-kit';

export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: idColumn(),
    source: text('source').notNull(),
    eventType: text('event_type').notNull(),
    deliveryId: text('delivery_id').notNull(),
    /**
     * SHA-256 of what the sender signed (`<timestamp>.<body>`, or the body when unsigned by time), for deliveries
     * verified over HTTP: a second copy with the same signed content is a replay whatever its headers say.
     */
    contentDigest: text('content_digest'),
    payload: text('payload').notNull(),
    payloadBytes: integer('payload_bytes').notNull(),
    receivedVia: text('received_via', { enum: WEBHOOK_RECEIVED_VIA }).notNull(),
    signatureVerified: integer('signature_verified', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    matchedRules: text('matched_rules', { mode: 'json' }).$type<unknown[]>(),
    receivedAt: text('received_at').notNull(),
    processedAt: text('processed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('webhook_events_source_delivery_id_uq').on(t.source, t.deliveryId),
    uniqueIndex('webhook_events_source_content_digest_uq').on(t.source, t.contentDigest),
    index('webhook_events_status_idx').on(t.status),
    index('webhook_events_received_at_idx').on(t.receivedAt),
  ],
);

export const eventRules = sqliteTable(
  'event_rules',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    eventSource: text('event_source').notNull(),
    /** Glob over event types, e.g. `issue.*`. */
    eventTypePattern: text('event_type_pattern').notNull(),
    agentName: text('agent_name').notNull(),
    instructionTemplate: text('instruction_template').notNull().default(''),
    priority: integer('priority').notNull().default(100),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    deliveryChannel: text('delivery_channel', { enum: DELIVERY_CHANNELS }),
    deliveryConfig: text('delivery_config', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdBy: text('created_by').notNull().default('user'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('event_rules_name_uq').on(t.name)],
);

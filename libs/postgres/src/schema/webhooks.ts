/**
 * Webhook tables on PostgreSQL: received webhook events and the event rules that route them to agents, column for
 * column as on SQLite. `payload` stays text: it is the body exactly as received, which a signature covers byte for
 * byte (jsonb would reorder and respace it).
 */
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DELIVERY_CHANNELS, WEBHOOK_STATUSES } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, updatedAtColumn } from './columns.js';

export const webhookEvents = pgTable(
  'webhook_events',
  {
    principalId: principalColumn(),
    id: idColumn(),
    source: text('source').notNull(),
    eventType: text('event_type').notNull(),
    deliveryId: text('delivery_id').notNull(),
    contentDigest: text('content_digest'),
    payload: text('payload').notNull(),
    payloadBytes: bigint('payload_bytes', { mode: 'number' }).notNull(),
    receivedVia: text('received_via').notNull(),
    signatureVerified: boolean('signature_verified').notNull().default(false),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    matchedRules: jsonb('matched_rules').$type<unknown[]>(),
    receivedAt: isoTimestamp('received_at').notNull(),
    processedAt: isoTimestamp('processed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('webhook_events_source_delivery_id_uq').on(t.source, t.deliveryId, t.principalId),
    // NULL digests never collide (as in SQLite): only verified deliveries carry one.
    uniqueIndex('webhook_events_source_content_digest_uq').on(t.source, t.contentDigest, t.principalId),
    index('webhook_events_status_idx').on(t.status),
    index('webhook_events_received_at_idx').on(t.receivedAt),
  ],
);

export const eventRules = pgTable(
  'event_rules',
  {
    principalId: principalColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    eventSource: text('event_source').notNull(),
    eventTypePattern: text('event_type_pattern').notNull(),
    agentName: text('agent_name').notNull(),
    instructionTemplate: text('instruction_template').notNull().default(''),
    priority: integer('priority').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    deliveryChannel: text('delivery_channel', { enum: DELIVERY_CHANNELS }),
    deliveryConfig: jsonb('delivery_config').$type<Record<string, unknown>>(),
    createdBy: text('created_by').notNull().default('user'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('event_rules_name_uq').on(t.name, t.principalId)],
);

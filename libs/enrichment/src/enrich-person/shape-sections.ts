/**
 * Turns what a source returned into a section: only rows that match the section's item shape survive (unknown
 * fields are stripped, anything else — an error object, a half-filled row — is dropped), duplicates are removed,
 * the order of docs/enrichment.md#where-each-section-comes-from is applied and the list is capped. Doing this here
 * rather than in each source is what lets `enrichPerson` promise well-formed, ordered, bounded sections whatever a
 * source does.
 */
import { foldCase } from '@chief-of-staff/core';
import type { z } from 'zod';
import { MESSAGE_TEXT_MAX_CHARS, SECTION_ITEM_CAP } from './sections.js';
import {
  decisionItemSchema,
  delegationItemSchema,
  emailItemSchema,
  factItemSchema,
  identityItemSchema,
  messageItemSchema,
  type DecisionItem,
  type DelegationItem,
  type EmailItem,
  type FactItem,
  type IdentityItem,
  type MessageItem,
} from './section-items.js';

/** Rows that parse against `schema`, stripped to its fields; how many were dropped is returned alongside. */
export function keepWellFormed<T>(schema: z.ZodType<T>, rows: readonly unknown[]): { items: T[]; dropped: number } {
  const items: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) items.push(parsed.data);
  }
  return { items, dropped: rows.length - items.length };
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Instant of an ISO timestamp; unparsable dates sort last. */
function instant(value: string): number {
  const time = Date.parse(value);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

function cap<T>(items: T[]): T[] {
  return items.slice(0, SECTION_ITEM_CAP);
}

export function shapeIdentities(rows: readonly unknown[], order: (a: IdentityItem, b: IdentityItem) => number) {
  const { items, dropped } = keepWellFormed(identityItemSchema, rows);
  const unique = uniqueBy(items, (item) => `${item.provider}\u0000${item.provider_id}`);
  return { items: cap(unique.sort(order)), dropped };
}

/**
 * Score desc. The sort is stable, so ties keep the source's order — for the store that is the order of
 * docs/reference/algorithms.md#fact-ranking (updated_at desc, then id), which the item shape cannot carry.
 */
export function shapeFacts(rows: readonly unknown[]): { items: FactItem[]; dropped: number } {
  const { items, dropped } = keepWellFormed(factItemSchema, rows);
  const unique = uniqueBy(items, (item) => `${item.category}\u0000${item.key}`);
  unique.sort((a, b) => b.score - a.score);
  return { items: cap(unique), dropped };
}

/** Active first, then due date ascending (no date last), then newest (highest id). */
export function shapeDelegations(rows: readonly unknown[]): { items: DelegationItem[]; dropped: number } {
  const { items, dropped } = keepWellFormed(delegationItemSchema, rows);
  const unique = uniqueBy(items, (item) => String(item.id));
  unique.sort((a, b) => {
    const activeA = a.status === 'active' ? 0 : 1;
    const activeB = b.status === 'active' ? 0 : 1;
    if (activeA !== activeB) return activeA - activeB;
    if (a.due_date !== b.due_date) {
      if (a.due_date === null) return 1;
      if (b.due_date === null) return -1;
      return compareText(a.due_date, b.due_date);
    }
    return b.id - a.id;
  });
  return { items: cap(unique), dropped };
}

/** Newest first; id breaks ties. */
export function shapeDecisions(rows: readonly unknown[]): { items: DecisionItem[]; dropped: number } {
  const { items, dropped } = keepWellFormed(decisionItemSchema, rows);
  const unique = uniqueBy(items, (item) => String(item.id));
  unique.sort((a, b) => instant(b.created_at) - instant(a.created_at) || b.id - a.id);
  return { items: cap(unique), dropped };
}

/** Newest first; text cut to 500 characters. */
export function shapeMessages(rows: readonly unknown[]): { items: MessageItem[]; dropped: number } {
  const { items, dropped } = keepWellFormed(messageItemSchema, rows);
  const unique = uniqueBy(items, (item) => `${item.date}\u0000${foldCase(item.sender)}\u0000${item.text}`);
  unique.sort((a, b) => instant(b.date) - instant(a.date) || compareText(a.sender, b.sender));
  return {
    items: cap(unique).map((item) =>
      item.text.length > MESSAGE_TEXT_MAX_CHARS
        ? { ...item, text: `${item.text.slice(0, MESSAGE_TEXT_MAX_CHARS - 1)}…` }
        : item,
    ),
    dropped,
  };
}

/** Newest first; message id breaks ties. */
export function shapeEmails(rows: readonly unknown[]): { items: EmailItem[]; dropped: number } {
  const { items, dropped } = keepWellFormed(emailItemSchema, rows);
  const unique = uniqueBy(items, (item) => item.message_id);
  unique.sort((a, b) => instant(b.date) - instant(a.date) || compareText(a.message_id, b.message_id));
  return { items: cap(unique), dropped };
}

/**
 * zod building blocks shared by the memory-domain tools: ids, limits and cursors, dates, SourceRef, CSV-coerced
 * string lists, the list envelope, and the record → output mappers for facts and other memory rows.
 */
import { z } from 'zod';

export { cursorSchema, limitSchema, listOutputSchema } from '../shared/list-schemas.js';
import { isValidDateOnly } from '@chief-of-staff/core';
import { SOURCE_REF_PROVIDERS, type FactRecord, type SourceRef } from '@chief-of-staff/stores';
import { FACT_CATEGORIES } from '@chief-of-staff/stores';

export const factCategorySchema = z.enum(FACT_CATEGORIES);

export function idSchema(what: string) {
  return z.number().int().positive().describe(`Id of the ${what}.`);
}

export const dateOnlySchema = z
  .string()
  .trim()
  .refine(isValidDateOnly, { message: 'must be a real calendar date as YYYY-MM-DD, e.g. 2026-03-31.' });

export function nameSchema(description: string, max = 200) {
  return z.string().trim().min(1).max(max).describe(description);
}

/** A day or a moment (validated and normalised by the facts repository, which names the field in its errors). */
export const observedAtSchema = z
  .string()
  .trim()
  .min(10)
  .max(40)
  .describe('When it was said or happened: YYYY-MM-DD, or ISO-8601 with a time (UTC unless it names a zone). Unknown if left out.');

export const sourceRefSchema = z
  .object({
    provider: z.enum(SOURCE_REF_PROVIDERS).describe('Where the information came from.'),
    thread_id: z.string().max(500).optional().describe('Mail or message thread id.'),
    message_id: z.string().max(500).optional().describe('Mail Message-ID or message id.'),
    url: z.string().max(2000).optional().describe('Link to the source.'),
    quote: z.string().max(500).optional().describe('Short quote supporting it (≤500 characters).'),
    timestamp: z.string().max(100).optional().describe('When the source said it (ISO-8601).'),
    from_identity: z.string().max(200).optional().describe('Who said it (name, email or handle).'),
  })
  .strict()
  .describe('Provenance: where this came from.');

/** Accepts a list or a comma-separated string. */
export function csvListSchema(description: string, maxItems = 50) {
  return z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter((part) => part !== '')
          : value,
      z.array(z.string().trim().min(1).max(200)).max(maxItems),
    )
    .describe(description);
}

export function deletedOutputSchema() {
  return z.object({ deleted: z.literal(true), id: z.number().int() });
}

export const sourceRefOutputSchema = z
  .object({
    provider: z.enum(SOURCE_REF_PROVIDERS),
    thread_id: z.string().optional(),
    message_id: z.string().optional(),
    url: z.string().optional(),
    quote: z.string().optional(),
    timestamp: z.string().optional(),
    from_identity: z.string().optional(),
  })
  .nullable();

export const factOutputSchema = z.object({
  id: z.number().int(),
  category: factCategorySchema,
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
  pinned: z.boolean(),
  source: z.string(),
  source_ref: sourceRefOutputSchema,
  embedding_status: z.enum(['ok', 'pending']),
  observed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export function toFactOutput(fact: FactRecord): z.input<typeof factOutputSchema> {
  return {
    id: fact.id,
    category: fact.category,
    key: fact.key,
    value: fact.value,
    confidence: fact.confidence,
    pinned: fact.pinned,
    source: fact.source,
    source_ref: (fact.sourceRef ?? null) as SourceRef | null,
    embedding_status: fact.embeddingStatus,
    observed_at: fact.observedAt,
    created_at: fact.createdAt,
    updated_at: fact.updatedAt,
  };
}

/** `{...page fields}` with `warnings` only when non-empty. */
export function withWarnings<T extends object>(value: T, warnings: readonly string[] | undefined): T & { warnings?: string[] } {
  return warnings && warnings.length > 0 ? { ...value, warnings: [...warnings] } : value;
}

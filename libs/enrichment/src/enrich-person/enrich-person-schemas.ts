/**
 * Input and output of `enrich_person`
 * (docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment,
 * docs/enrichment.md#what-comes-back). The same schemas validate direct library calls and tool calls, so both reject
 * the same input with the same messages.
 */
import { z } from 'zod';
import { ToolError, formatValidationIssues } from '@chief-of-staff/core';
import { MAX_CANDIDATES } from './resolve-person.js';
import { ENRICHMENT_SECTIONS, SOURCE_STATUSES, SECTION_ITEM_CAP, type EnrichmentSection } from './sections.js';
import {
  decisionItemSchema,
  delegationItemSchema,
  emailItemSchema,
  factItemSchema,
  identityItemSchema,
  messageItemSchema,
} from './section-items.js';

export const NAME_MAX_CHARS = 200;
export const DAYS_BACK_DEFAULT = 7;
export const DAYS_BACK_MAX = 90;

const daysBackProblem = `must be a whole number of days from 1 to ${DAYS_BACK_MAX}`;

export const enrichPersonInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: `must not be blank; give the person's name or a part of it (1–${NAME_MAX_CHARS} characters).` })
      .max(NAME_MAX_CHARS, { error: `is longer than ${NAME_MAX_CHARS} characters; give 1–${NAME_MAX_CHARS} characters.` })
      .describe("The person's canonical name, display name, email or handle (or a part of it), 1–200 characters"),
    days_back: z
      .number({ error: `${daysBackProblem} (default ${DAYS_BACK_DEFAULT}).` })
      .int({ error: `${daysBackProblem}.` })
      .min(1, { error: `${daysBackProblem}.` })
      .max(DAYS_BACK_MAX, { error: `${daysBackProblem}.` })
      .default(DAYS_BACK_DEFAULT)
      .describe('How many days of messages and email to include, counted back from now (1–90, default 7)'),
  })
  .strict();

export type EnrichPersonInput = z.input<typeof enrichPersonInputSchema>;
export type EnrichPersonRequest = z.output<typeof enrichPersonInputSchema>;

/** Validates library input with the tool's schema; failures are INVALID_ARGUMENT naming the field. */
export function parseEnrichPersonInput(input: unknown): EnrichPersonRequest {
  const parsed = enrichPersonInputSchema.safeParse(input ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new ToolError('INVALID_ARGUMENT', formatValidationIssues(parsed.error.issues), {
    hint: 'enrich_person takes {name: 1–200 characters, days_back?: 1–90}.',
    details: { tool: 'enrich_person' },
  });
}

export const sourceReportSchema = z.object({
  status: z.enum(SOURCE_STATUSES).describe('ok, empty, unavailable, error, timeout or skipped'),
  duration_ms: z.number().int().nonnegative().describe('How long the source took, waiting for identities included'),
  count: z.number().int().nonnegative().describe('Items shown in the section'),
  message: z.string().optional().describe('Short reason when the source did not return data'),
});

export type SourceReport = z.infer<typeof sourceReportSchema>;

const section = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item).min(1).max(SECTION_ITEM_CAP).optional().describe(`${what}; omitted when there is nothing to show`);

export const personCandidateSchema = z.object({
  canonical_name: z.string().describe('The full name all of this person’s identities share; call again with it'),
  emails: z.array(z.string()).describe('Their email addresses, to tell people with similar names apart'),
});

export const enrichPersonResultSchema = z.object({
  name: z.string().describe('The name as given (trimmed)'),
  resolved_name: z.string().optional().describe('The canonical (full) name, when it differs from the input'),
  label: z.string().describe('Inline label: canonical name plus role (" — role") or team (" (team)") when known'),
  candidates: z
    .array(personCandidateSchema)
    .min(2)
    .max(MAX_CANDIDATES)
    .optional()
    .describe(
      'Only when the name fits several people equally well (e.g. "Tom" for Tom Becker and Tom Hardy): who it may mean. ' +
        'No profile sections come with it; ask which one is meant and call again with that canonical_name',
    ),
  identities: section(identityItemSchema, 'Linked identities'),
  facts: section(factItemSchema, 'Ranked facts about the person'),
  delegations: section(delegationItemSchema, 'Delegations to the person'),
  decisions: section(decisionItemSchema, 'Decisions that mention the person'),
  recent_messages: section(messageItemSchema, 'Messages with the person in the window'),
  recent_emails: section(emailItemSchema, 'Emails with the person in the window'),
  sources: z
    .object(
      Object.fromEntries(ENRICHMENT_SECTIONS.map((name) => [name, sourceReportSchema])) as Record<
        EnrichmentSection,
        typeof sourceReportSchema
      >,
    )
    .describe('What each source did: status, duration, count and a reason when it returned nothing'),
  untrusted_content: z.literal(true).describe('Messages and email subjects are third-party content'),
});

export type EnrichPersonResult = z.infer<typeof enrichPersonResultSchema>;

/** zod building blocks shared by the personal-data tools: limits, cursors, time inputs, list envelopes. */
import { z } from 'zod';

export function limitSchema(defaultLimit: number, maxLimit: number, what = 'items') {
  return z
    .number()
    .int()
    .min(1)
    .default(defaultLimit)
    .describe(`How many ${what} per page (default ${defaultLimit}, at most ${maxLimit}; more is clamped with a warning).`);
}

export const cursorSchema = z
  .string()
  .trim()
  .min(1)
  .optional()
  .describe('The next_cursor of the previous page, with the same filters; omit for the first page.');

/** A date (`YYYY-MM-DD`) or an ISO-8601 datetime; parsed in the handler so errors name the field. */
export function timeSchema(description: string) {
  return z.string().trim().min(1).max(40).describe(description);
}

export function textSchema(description: string, max = 200) {
  return z.string().trim().min(1).max(max).describe(description);
}

/** The list envelope of SPEC §1.3 around `item`, optionally flagged as holding third-party content. */
export function listOutputSchema<T extends z.ZodType>(item: T, options: { untrusted?: boolean } = {}) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    total: z.number().int().min(0).optional(),
    warnings: z.array(z.string()).optional(),
    /** Set when the response was cut to fit the response cap (SPEC §1.5); `warnings` says what was left out. */
    truncated: z.literal(true).optional(),
    ...(options.untrusted ? { untrusted_content: z.literal(true) } : {}),
  });
}

export const deletedOutputSchema = z.object({ deleted: z.literal(true), id: z.number().int().positive() });

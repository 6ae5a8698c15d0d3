/** The pagination inputs and the list envelope that every list tool shares (whichever library defines the tool). */
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

/** The list envelope around `item`, optionally flagged as holding third-party content. */
export function listOutputSchema<T extends z.ZodType>(item: T, options: { untrusted?: boolean } = {}) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    total: z.number().int().min(0).optional(),
    warnings: z.array(z.string()).optional(),
    /** Set when the response was cut to fit the response cap (see docs/adr/0012); `warnings` says what was left out. */
    truncated: z.literal(true).optional(),
    ...(options.untrusted ? { untrusted_content: z.literal(true) } : {}),
  });
}

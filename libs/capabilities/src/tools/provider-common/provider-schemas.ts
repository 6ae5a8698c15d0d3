/** zod building blocks shared by the personal-data tools: limits, cursors, time inputs, list envelopes. */
import { z } from 'zod';

export { cursorSchema, limitSchema, listOutputSchema } from '../shared/list-schemas.js';

/** A date (`YYYY-MM-DD`) or an ISO-8601 datetime; parsed in the handler so errors name the field. */
export function timeSchema(description: string) {
  return z.string().trim().min(1).max(40).describe(description);
}

export function textSchema(description: string, max = 200) {
  return z.string().trim().min(1).max(max).describe(description);
}

export const deletedOutputSchema = z.object({ deleted: z.literal(true), id: z.number().int().positive() });

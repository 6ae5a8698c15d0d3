/** Pieces of input and output schema shared by the document tools. */
import { z } from 'zod';
import { DOC_TYPES } from '@chief-of-staff/stores';

export const docTypeSchema = z.enum(DOC_TYPES);

export const pathPrefixSchema = z
  .string()
  .trim()
  .min(1)
  .max(4096)
  .describe('Only documents whose absolute path starts with this text (a literal prefix, `~` allowed), e.g. "~/Documents/contracts".');

export const documentIdSchema = z.number().int().positive();

export const skippedFileSchema = z.object({ path: z.string(), reason: z.string() });

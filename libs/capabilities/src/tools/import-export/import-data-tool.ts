/**
 * `import_data` (docs/reference/tool-catalogue.md#personal-data-providers, host/CLI only): loads an .ics, mbox,
 * Maildir, .eml or messages export from inside the allowed roots into the embedded stores. Idempotent: re-importing
 * adds nothing new.
 */
import { z } from 'zod';
import { defineTool } from '@chief-of-staff/core';
import { resolvePathInsideRoots } from '@chief-of-staff/documents';
import { importData, IMPORT_KINDS, withProviderErrors } from '@chief-of-staff/providers';
import { LOCAL_IMPORT } from '../provider-common/provider-annotations.js';
import { textSchema } from '../provider-common/provider-schemas.js';
import type { ProviderToolContext } from '../provider-common/provider-services.js';
import { allowedRoots, assertHostCaller } from './host-only.js';
import { IMPORT_DATA_EXAMPLES } from './import-data-tool.examples.js';

export const importDataTool = defineTool({
  name: 'import_data',
  examples: IMPORT_DATA_EXAMPLES,
  title: 'Import data',
  description:
    'Imports your data from a file inside the allowed document roots into the local stores: ics (calendar events and to-dos), mbox, ' +
    'maildir (a folder), eml (a file or folder of .eml), messages_jsonl or messages_csv. Re-importing the same file adds nothing. ' +
    'Only the user can run it. Example: {"kind": "mbox", "path": "~/Documents/mail/archive.mbox"}.',
  input: z
    .object({
      kind: z.enum([...IMPORT_KINDS, 'messages']).describe('ics, mbox, maildir, eml, messages_jsonl, messages_csv, or messages (by file extension).'),
      path: textSchema('File (or folder for maildir/eml) inside documents.allowedRoots.', 4096),
      target: textSchema('ics: calendar name; mbox/eml: mailbox (default INBOX); maildir: account (default local); messages: default channel.').optional(),
      account: textSchema('mbox/eml: mail account (default local).').optional(),
      owner_email: z.string().trim().min(3).max(254).optional().describe('ics only: whose calendar this is (stored as a read-only person calendar for group availability).'),
    })
    .strict(),
  output: z.object({
    kind: z.string(),
    target: z.string(),
    imported: z.number().int().min(0),
    updated: z.number().int().min(0),
    skipped: z.number().int().min(0),
    errors: z.array(z.object({ item: z.string(), message: z.string() })),
    error_count: z.number().int().min(0),
    duration_ms: z.number().int().min(0),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: LOCAL_IMPORT,
  latency: 'very_slow',
  async handler(args, ctx: ProviderToolContext) {
    assertHostCaller(ctx, 'import_data');
    const roots = allowedRoots(ctx);
    const config = ctx.services.config;
    const result = await withProviderErrors(() =>
      importData(
        {
          kind: args.kind,
          path: args.path,
          target: args.target,
          account: args.account,
          ownerEmail: args.owner_email,
          providers: ctx.services.providers,
          selfEmails: [config?.user.email, ...(config?.user.handles ?? [])].filter((v): v is string => typeof v === 'string' && v.includes('@')),
          checkPath: (path) => resolvePathInsideRoots(path, roots),
          followHardLinks: config?.documents.followHardLinks === true,
        },
        (progress) => ctx.progress(progress.message, progress.fraction ?? undefined),
      ),
    );
    return {
      kind: result.kind,
      target: result.target,
      imported: result.imported,
      updated: result.updated,
      skipped: result.skipped,
      errors: result.errors,
      error_count: result.errorCount,
      duration_ms: result.durationMs,
      ...(result.warnings.length > 0 ? { warnings: result.warnings } : {}),
    };
  },
});

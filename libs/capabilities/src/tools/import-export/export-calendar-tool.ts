/**
 * `export_calendar` (docs/reference/tool-catalogue.md#personal-data-providers, host/CLI only): one calendar of the
 * local store as iCalendar — returned inline when small, or written to an `.ics` file inside the allowed roots.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { defineTool, expandHome, ToolError, UnsafeFileError, writeFileReplacing } from '@chief-of-staff/core';
import { resolvePathInsideRoots } from '@chief-of-staff/documents';
import { exportCalendarIcs, withProviderErrors } from '@chief-of-staff/providers';
import { LOCAL_EXPORT } from '../provider-common/provider-annotations.js';
import { textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import type { ProviderToolContext } from '../provider-common/provider-services.js';
import { parseDateRange } from '../provider-common/time-input.js';
import { allowedRoots, assertHostCaller } from './host-only.js';
import { EXPORT_CALENDAR_EXAMPLES } from './export-calendar-tool.examples.js';

/** Inline ICS above this many characters must go to a file (keeps results inside the response cap). */
export const MAX_INLINE_ICS_CHARS = 90_000;

async function outputPath(requested: string, roots: readonly string[]): Promise<string> {
  const absolute = resolve(expandHome(requested));
  if (!absolute.toLowerCase().endsWith('.ics')) {
    throw ToolError.invalidArgument('path', 'must name an .ics file.', 'For example ~/Documents/work-calendar.ics.');
  }
  const folder = await resolvePathInsideRoots(dirname(absolute), roots);
  return join(folder, basename(absolute));
}

/**
 * Writes without a check-then-write gap: a new file is created exclusively in the folder and renamed over the
 * target, so a link planted at the target is replaced rather than followed, and the folder is checked again
 * after the new file exists. A target with several hard links is refused (overwriting it would change a file
 * that may lie outside the roots).
 */
async function writeExport(target: string, ics: string, roots: readonly string[]): Promise<void> {
  try {
    await writeFileReplacing(target, ics, {
      mode: 0o600,
      checkFolder: async (folder) => {
        if ((await resolvePathInsideRoots(folder, roots)) !== folder) throw new UnsafeFileError(folder, 'the folder moved while writing');
      },
    });
  } catch (error) {
    if (error instanceof UnsafeFileError) {
      throw new ToolError('PERMISSION_DENIED', `Path ${error.path} is refused: ${error.reason}.`, { hint: 'Choose another file name inside the allowed roots.' });
    }
    throw error;
  }
}

export const exportCalendarTool = defineTool({
  name: 'export_calendar',
  examples: EXPORT_CALENDAR_EXAMPLES,
  title: 'Export calendar',
  description:
    'Exports one calendar of the local store as iCalendar (.ics), optionally only series and events touching a date range. Without path ' +
    'the ICS text is returned (small calendars only); with path it is written to that .ics file inside the allowed roots. Only the user ' +
    'can run it. Example: {"calendar": "Work", "path": "~/Documents/work.ics"}.',
  input: z
    .object({
      calendar: textSchema('Calendar name or id.'),
      start_date: timeSchema('Only events from this date (YYYY-MM-DD) or datetime.').optional(),
      end_date: timeSchema('Only events up to this date (inclusive) or datetime.').optional(),
      path: textSchema('Write to this .ics file inside documents.allowedRoots instead of returning the text.', 4096).optional(),
    })
    .strict(),
  output: z.object({
    calendar: z.string(),
    events: z.number().int().min(0),
    ics: z.string().optional(),
    path: z.string().optional(),
    bytes: z.number().int().min(0).optional(),
  }),
  annotations: LOCAL_EXPORT,
  latency: 'medium',
  async handler(args, ctx: ProviderToolContext) {
    assertHostCaller(ctx, 'export_calendar');
    const zone = ctx.clock.timezone;
    let range: { start: Date; end: Date } | undefined;
    if (args.start_date !== undefined || args.end_date !== undefined) {
      if (args.start_date === undefined || args.end_date === undefined) {
        throw ToolError.invalidArgument(args.start_date === undefined ? 'start_date' : 'end_date', 'is needed when the other end of the range is given.', 'Give both start_date and end_date, or neither.');
      }
      range = parseDateRange({ start: 'start_date', end: 'end_date' }, { start: args.start_date, end: args.end_date }, zone, 3660);
    }
    const target = args.path === undefined ? undefined : await outputPath(args.path, allowedRoots(ctx));
    const exported = await withProviderErrors(() => exportCalendarIcs(ctx.services.providers.local.calendar, args.calendar, { range, now: ctx.clock.now() }));
    if (target) {
      await writeExport(target, exported.ics, allowedRoots(ctx));
      return { calendar: exported.calendar, events: exported.events, path: target, bytes: Buffer.byteLength(exported.ics) };
    }
    if (exported.ics.length > MAX_INLINE_ICS_CHARS) {
      throw new ToolError('LIMIT_EXCEEDED', `The calendar "${exported.calendar}" exports to ${exported.ics.length} characters, too large to return inline.`, {
        hint: 'Pass path (an .ics file inside documents.allowedRoots), or narrow it with start_date and end_date.',
        details: { limit: MAX_INLINE_ICS_CHARS },
      });
    }
    return { calendar: exported.calendar, events: exported.events, ics: exported.ics };
  },
});

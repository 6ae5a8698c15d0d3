/**
 * `find_group_availability` (docs/reference/algorithms.md#group-availability): the user's open slots minus every
 * participant's busy time (from the calendars the provider holds for them), ranked by preference, adjacency, time of
 * day, proximity and buffer.
 */
import { z } from 'zod';
import { defineTool, ToolError } from '@chief-of-staff/core';
import {
  findOpenSlots,
  mutualSlots,
  parsePreferredTimes,
  participantBusyIntervals,
  rankSlots,
  toLocalIso,
  withProviderErrors,
  type FreeBusyResult,
  type Interval,
} from '@chief-of-staff/providers';
import { PROVIDER_READ } from '../provider-common/provider-annotations.js';
import { timeSchema } from '../provider-common/provider-schemas.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { parseDateRange } from '../provider-common/time-input.js';
import { checkWorkingHours, durationSchema, fetchMyEvents, MAX_AVAILABILITY_DAYS, openSlotsWindow, selfIdentity, workingHoursSchema } from './availability-inputs.js';
import { resolveParticipant, type ResolvedParticipant } from './resolve-participants.js';
import { FIND_GROUP_AVAILABILITY_EXAMPLES } from './find-group-availability-tool.examples.js';

const MAX_SUGGESTIONS = 20;

const participantOutputSchema = z.object({
  input: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(['ok', 'no_data', 'unresolved']),
  source: z.string().nullable(),
});

const scorePartsSchema = z.object({
  preferred: z.number(),
  back_to_back: z.number(),
  time_of_day: z.number(),
  proximity: z.number(),
  buffer: z.number(),
});

/**
 * Whose busy time is known: each participant's status and source, a warning for each one left out, and an
 * UNAVAILABLE error when `require_all` asks for everyone.
 */
function checkedParticipants(
  resolved: readonly ResolvedParticipant[],
  selfEmails: ReadonlySet<string>,
  busy: ReadonlyMap<string, FreeBusyResult>,
  requireAll: boolean,
  warnings: string[],
): z.infer<typeof participantOutputSchema>[] {
  const participants = resolved.map((p) => {
    if (p.email === null) return { input: p.input, email: null, name: p.name, status: 'unresolved' as const, source: null };
    if (selfEmails.has(p.email)) return { input: p.input, email: p.email, name: p.name, status: 'ok' as const, source: 'your calendars' };
    const data = busy.get(p.email);
    return { input: p.input, email: p.email, name: p.name, status: data ? ('ok' as const) : ('no_data' as const), source: data?.source ?? null };
  });
  for (const p of participants) {
    if (p.status === 'unresolved') warnings.push(`"${p.input}" could not be resolved to an email address and was left out.`);
    if (p.status === 'no_data') warnings.push(`No calendar data for ${p.email}; their busy time is unknown. Import their calendar (cos import ics <file> --owner ${p.email}), add their ICS feed, or, if their calendar is shared with you on your CalDAV server, list it under calendar.caldav.people.`);
  }
  const missing = participants.filter((p) => p.status !== 'ok');
  if (requireAll && missing.length > 0) {
    throw new ToolError('UNAVAILABLE', `No availability data for ${missing.map((p) => p.input).join(', ')}.`, {
      hint: 'Import their calendars (cos import ics <file> --owner <email>), add their ICS feeds, list calendars shared on your CalDAV server under calendar.caldav.people, or call without require_all.',
      details: { participants: missing.map((p) => p.input) },
    });
  }
  return participants;
}

export const findGroupAvailabilityTool = defineTool({
  name: 'find_group_availability',
  examples: FIND_GROUP_AVAILABILITY_EXAMPLES,
  title: 'Find group availability',
  description:
    'Suggests meeting times that suit you and other people: your open slots minus their busy time (from their calendars or ICS feeds ' +
    'known to the calendar provider), ranked by preferred time, not back-to-back, time of day, how soon, and spare buffer. Participants ' +
    'are emails or names known to memory; those without calendar data are listed (require_all makes that an error). ' +
    'Example: {"participants": ["maya@example.com", "Sam Ortiz"], "start_date": "2026-03-09", "end_date": "2026-03-13", "duration_minutes": 45, "preferred_times": "morning"}.',
  input: z
    .object({
      participants: z.array(z.string().trim().min(1).max(200)).min(1).max(20).describe('1–20 people: email addresses or names.'),
      start_date: timeSchema('First day (YYYY-MM-DD) or a start datetime.'),
      end_date: timeSchema('Last day, inclusive (YYYY-MM-DD), or an end datetime.'),
      duration_minutes: durationSchema,
      working_hours_start: workingHoursSchema('start', '08:00'),
      working_hours_end: workingHoursSchema('end', '18:00'),
      include_my_soft_blocks: z.boolean().default(true).describe('true: your soft events (tentative, focus, lunch…) do not block.'),
      include_weekends: z.boolean().default(false).describe('Include Saturdays and Sundays.'),
      preferred_times: z.string().trim().min(1).max(20).optional().describe('"morning" (08–12), "afternoon" (12–17) or "HH:MM-HH:MM".'),
      max_suggestions: z.number().int().min(1).default(5).describe(`How many suggestions (default 5, at most ${MAX_SUGGESTIONS}).`),
      require_all: z.boolean().default(false).describe('Fail with UNAVAILABLE if any participant has no calendar data or is unknown.'),
    })
    .strict(),
  output: z.object({
    status: z.enum(['suggestions', 'no_slots']),
    suggestions: z.array(
      z.object({
        start: z.string(),
        end: z.string(),
        start_local: z.string(),
        end_local: z.string(),
        suggested_start: z.string(),
        suggested_end: z.string(),
        suggested_start_local: z.string(),
        suggested_end_local: z.string(),
        score: z.number(),
        score_parts: scorePartsSchema,
        available_for: z.array(z.string()),
      }),
    ),
    total_mutual_slots: z.number().int().min(0),
    participants: z.array(participantOutputSchema),
    date_range: z.object({ start_date: z.string(), end_date: z.string() }),
    duration_minutes: z.number().int(),
    timezone: z.string(),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: PROVIDER_READ,
  latency: 'medium',
  async handler(args, ctx: ProviderToolContext) {
    const zone = ctx.clock.timezone;
    checkWorkingHours(args.working_hours_start, args.working_hours_end);
    let preferred;
    try {
      preferred = parsePreferredTimes(args.preferred_times);
    } catch {
      throw ToolError.invalidArgument('preferred_times', `"${args.preferred_times}" is not a preference.`, 'Use "morning", "afternoon" or "HH:MM-HH:MM" such as "10:00-12:30".');
    }
    const range = parseDateRange({ start: 'start_date', end: 'end_date' }, { start: args.start_date, end: args.end_date }, zone, MAX_AVAILABILITY_DAYS);
    const warnings: string[] = [];
    const maxSuggestions = Math.min(args.max_suggestions, MAX_SUGGESTIONS);
    if (args.max_suggestions > MAX_SUGGESTIONS) warnings.push(`max_suggestions clamped to ${MAX_SUGGESTIONS}.`);

    const self = selfIdentity(ctx);
    const selfEmails = new Set(self.emails.map((e) => e.toLowerCase()));
    const resolved = await Promise.all(args.participants.map((input, index) => resolveParticipant(ctx, input, index)));
    if (!ctx.services.memory && resolved.some((p) => p.email === null)) {
      warnings.push('Participant names cannot be looked up here; pass email addresses instead.');
    }
    const others = [...new Set(resolved.map((p) => p.email).filter((e): e is string => e !== null && !selfEmails.has(e)))];
    const calendar = requireProvider(ctx, 'calendar');
    const freeBusy = calendar.freeBusy ? calendar.freeBusy.bind(calendar) : undefined;
    const busy: Map<string, FreeBusyResult> =
      others.length > 0 && freeBusy ? await withProviderErrors(() => freeBusy(others, { start: range.start, end: range.end })) : new Map();
    // A server account that could not be reached answered from its synced copy: say so.
    const stale = calendar.staleness?.();
    if (stale) warnings.push(stale);
    const participants = checkedParticipants(resolved, selfEmails, busy, args.require_all, warnings);

    const mine = await fetchMyEvents(ctx, range, undefined, false);
    const open = findOpenSlots({
      events: mine.events,
      ...openSlotsWindow(range, zone, args),
      includeSoftBlocks: args.include_my_soft_blocks,
      includeWeekends: args.include_weekends,
      blockOooAllDay: true,
      self,
    });
    const withData = participants.filter((p) => p.status === 'ok' && p.email !== null && !selfEmails.has(p.email));
    const participantBusy: Interval[][] = withData.map((p) => participantBusyIntervals(busy.get(p.email as string)?.blocks ?? [], zone));
    const mutual = mutualSlots(open.slots, participantBusy, args.duration_minutes, { includeWeekends: args.include_weekends, timezone: zone });
    const ranked = rankSlots(mutual, { durationMinutes: args.duration_minutes, timezone: zone, preferred, myBlocking: open.blocking, maxSuggestions });
    const availableFor = [ctx.services.config?.user.email ?? 'you', ...withData.map((p) => p.email as string)];
    return {
      status: ranked.length > 0 ? ('suggestions' as const) : ('no_slots' as const),
      suggestions: ranked.map((slot) => ({
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        start_local: toLocalIso(slot.start, zone),
        end_local: toLocalIso(slot.end, zone),
        suggested_start: slot.suggestedStart.toISOString(),
        suggested_end: slot.suggestedEnd.toISOString(),
        suggested_start_local: toLocalIso(slot.suggestedStart, zone),
        suggested_end_local: toLocalIso(slot.suggestedEnd, zone),
        score: slot.score,
        score_parts: slot.scoreParts,
        available_for: availableFor,
      })),
      total_mutual_slots: mutual.length,
      participants,
      date_range: { start_date: range.startDate, end_date: range.endDate },
      duration_minutes: args.duration_minutes,
      timezone: zone,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  },
});

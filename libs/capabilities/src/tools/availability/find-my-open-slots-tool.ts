/**
 * `find_my_open_slots` (docs/reference/algorithms.md#availability): whole free gaps in the user's working hours over
 * a date range.
 */
import { z } from 'zod';
import { defineTool } from '@chief-of-staff/core';
import { findOpenSlots, formatSlotsText, toLocalIso } from '@chief-of-staff/providers';
import { PROVIDER_READ } from '../provider-common/provider-annotations.js';
import { textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import type { ProviderToolContext } from '../provider-common/provider-services.js';
import { parseDateRange } from '../provider-common/time-input.js';
import { checkWorkingHours, durationSchema, fetchMyEvents, MAX_AVAILABILITY_DAYS, openSlotsWindow, selfIdentity, workingHoursSchema } from './availability-inputs.js';
import { FIND_MY_OPEN_SLOTS_EXAMPLES } from './find-my-open-slots-tool.examples.js';

const slotOutputSchema = z.object({
  start: z.string(),
  end: z.string(),
  start_local: z.string(),
  end_local: z.string(),
  date: z.string(),
  day_of_week: z.string(),
  duration_minutes: z.number().int(),
  soft_conflicts: z.array(z.string()),
});

export const findMyOpenSlotsTool = defineTool({
  name: 'find_my_open_slots',
  examples: FIND_MY_OPEN_SLOTS_EXAMPLES,
  title: 'Find my open slots',
  description:
    'Finds free time in your calendars within working hours, day by day (end_date inclusive, at most 62 days). Cancelled, declined, free ' +
    'and ordinary all-day events do not block; out-of-office days do; tentative and "soft" events (focus, lunch, hold…) do not block ' +
    'unless include_soft_blocks=false, and are listed in soft_conflicts. Slots are whole gaps of at least duration_minutes. ' +
    'Example: {"start_date": "2026-03-09", "end_date": "2026-03-13", "duration_minutes": 45, "include_weekends": false}.',
  input: z
    .object({
      start_date: timeSchema('First day (YYYY-MM-DD) or a start datetime.'),
      end_date: timeSchema('Last day, inclusive (YYYY-MM-DD), or an end datetime.'),
      duration_minutes: durationSchema,
      working_hours_start: workingHoursSchema('start', '08:00'),
      working_hours_end: workingHoursSchema('end', '18:00'),
      include_soft_blocks: z.boolean().default(true).describe('true: soft events (tentative, focus, lunch…) do not block and are listed as soft_conflicts.'),
      soft_keywords: z.array(z.string().trim().min(1).max(100)).max(50).optional().describe('Words that make an event soft; replaces the defaults (focus, focus time, lunch, heads down, prep, hold, tentative, placeholder).'),
      include_weekends: z.boolean().default(true).describe('Include Saturdays and Sundays.'),
      calendars: z.array(textSchema('Calendar name or id.')).min(1).max(20).optional().describe('Calendars to consider; default all of your own.'),
      block_ooo_all_day: z.boolean().default(true).describe('All-day out-of-office events (oof, PTO, vacation, holiday, day off) block the whole day.'),
      allow_partial: z.boolean().default(false).describe('If a calendar cannot be read, answer from the others (with warnings) instead of failing.'),
    })
    .strict(),
  output: z.object({
    slots: z.array(slotOutputSchema),
    count: z.number().int().min(0),
    formatted_text: z.string(),
    timezone: z.string(),
    warnings: z.array(z.string()).optional(),
    sources_failed: z.array(z.string()).optional(),
  }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const zone = ctx.clock.timezone;
    checkWorkingHours(args.working_hours_start, args.working_hours_end);
    const range = parseDateRange({ start: 'start_date', end: 'end_date' }, { start: args.start_date, end: args.end_date }, zone, MAX_AVAILABILITY_DAYS);
    const mine = await fetchMyEvents(ctx, range, args.calendars, args.allow_partial);
    const { slots } = findOpenSlots({
      events: mine.events,
      ...openSlotsWindow(range, zone, args),
      includeSoftBlocks: args.include_soft_blocks,
      softKeywords: args.soft_keywords,
      includeWeekends: args.include_weekends,
      blockOooAllDay: args.block_ooo_all_day,
      self: selfIdentity(ctx),
    });
    return {
      slots: slots.map((slot) => ({
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        start_local: toLocalIso(slot.start, zone),
        end_local: toLocalIso(slot.end, zone),
        date: slot.date,
        day_of_week: slot.dayOfWeek,
        duration_minutes: slot.durationMinutes,
        soft_conflicts: slot.softConflicts,
      })),
      count: slots.length,
      formatted_text: formatSlotsText(slots, zone, ctx.services.config?.locale ?? 'en-US'),
      timezone: zone,
      ...(mine.failed.length > 0
        ? { warnings: mine.failed.map((f) => `Calendar "${f.calendar}" could not be read (${f.reason}); its events are not considered.`), sources_failed: mine.failed.map((f) => f.calendar) }
        : {}),
    };
  },
});

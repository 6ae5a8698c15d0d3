/**
 * The three kinds of schedule and their strict configs: `interval` (minutes/hours/days, optional `start_at`),
 * `cron` (a standard 5-field expression, in the task's zone) and `once` (`run_at`, with an offset or naive in the
 * task's zone). Every field is bounded, so no accepted schedule can produce a date the engine cannot store.
 */
import { z } from 'zod';

/** The longest interval a task may have: a year (a leap one), whichever units it is given in. */
export const MAX_INTERVAL_DAYS = 366;
const MAX_INTERVAL_MS = MAX_INTERVAL_DAYS * 24 * 60 * 60_000;
/** Dates outside these years are refused: they are typos, and far ones overflow the date type. */
export const EARLIEST_SCHEDULE_YEAR = 2000;
export const LATEST_SCHEDULE_YEAR = 2199;

const instantText = z.string().trim().min(1).max(64);

export const intervalConfigSchema = z
  .object({
    minutes: z.number().int().min(0).max(MAX_INTERVAL_DAYS * 24 * 60, `at most ${MAX_INTERVAL_DAYS * 24 * 60} minutes (${MAX_INTERVAL_DAYS} days)`).optional(),
    hours: z.number().int().min(0).max(MAX_INTERVAL_DAYS * 24, `at most ${MAX_INTERVAL_DAYS * 24} hours (${MAX_INTERVAL_DAYS} days)`).optional(),
    days: z.number().int().min(0).max(MAX_INTERVAL_DAYS, `at most ${MAX_INTERVAL_DAYS} days`).optional(),
    start_at: instantText.optional().describe('First run (ISO-8601); later runs follow at the interval.'),
  })
  .strict()
  .refine((config) => intervalMs(config) >= 60_000, { message: 'the interval must total at least 1 minute (set minutes, hours or days)' })
  .refine((config) => intervalMs(config) <= MAX_INTERVAL_MS, { message: `the interval must total at most ${MAX_INTERVAL_DAYS} days` });

export const cronConfigSchema = z.object({ expression: z.string().trim().min(9).max(200) }).strict();

export const onceConfigSchema = z.object({ run_at: instantText }).strict();

export type IntervalConfig = z.infer<typeof intervalConfigSchema>;
export type CronConfig = z.infer<typeof cronConfigSchema>;
export type OnceConfig = z.infer<typeof onceConfigSchema>;

export type Schedule =
  | { type: 'interval'; config: IntervalConfig }
  | { type: 'cron'; config: CronConfig }
  | { type: 'once'; config: OnceConfig };

/** The interval as elapsed time, counting a day as 24 hours (for bounds and estimates; runs use calendar days). */
export function intervalMs(config: { minutes?: number; hours?: number; days?: number }): number {
  return ((config.days ?? 0) * 24 * 60 + (config.hours ?? 0) * 60 + (config.minutes ?? 0)) * 60_000;
}

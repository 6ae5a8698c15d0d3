/**
 * The three kinds of schedule and their strict configs: `interval` (minutes/hours/days, optional `start_at`),
 * `cron` (a standard 5-field expression, in the task's zone) and `once` (`run_at`, with an offset or naive in the
 * task's zone).
 */
import { z } from 'zod';

export const intervalConfigSchema = z
  .object({
    minutes: z.number().int().min(0).optional(),
    hours: z.number().int().min(0).optional(),
    days: z.number().int().min(0).optional(),
    start_at: z.string().trim().min(1).optional().describe('First run (ISO-8601); later runs follow at the interval.'),
  })
  .strict()
  .refine((config) => intervalMs(config) >= 60_000, { message: 'the interval must total at least 1 minute (set minutes, hours or days)' });

export const cronConfigSchema = z.object({ expression: z.string().trim().min(9).max(200) }).strict();

export const onceConfigSchema = z.object({ run_at: z.string().trim().min(1) }).strict();

export type IntervalConfig = z.infer<typeof intervalConfigSchema>;
export type CronConfig = z.infer<typeof cronConfigSchema>;
export type OnceConfig = z.infer<typeof onceConfigSchema>;

export type Schedule =
  | { type: 'interval'; config: IntervalConfig }
  | { type: 'cron'; config: CronConfig }
  | { type: 'once'; config: OnceConfig };

export function intervalMs(config: { minutes?: number; hours?: number; days?: number }): number {
  return ((config.days ?? 0) * 24 * 60 + (config.hours ?? 0) * 60 + (config.minutes ?? 0)) * 60_000;
}

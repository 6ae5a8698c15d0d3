/**
 * Suggested placement and the slot score of docs/reference/algorithms.md#group-availability:
 * score = 0.30·preferred + 0.25·back_to_back + 0.20·time_of_day + 0.15·proximity + 0.10·buffer (4 dp).
 */
import { DateTime } from 'luxon';
import type { Interval } from './intervals.js';
import type { MutualSlot } from './mutual-slots.js';
import { parseClockTime } from './open-slots.js';

export const SCORE_WEIGHTS = Object.freeze({
  preferred: 0.3,
  back_to_back: 0.25,
  time_of_day: 0.2,
  proximity: 0.15,
  buffer: 0.1,
});

export type ScorePart = keyof typeof SCORE_WEIGHTS;

/** A preferred time window in minutes after local midnight, [start, end). */
export interface PreferredWindow {
  startMinute: number;
  endMinute: number;
}

export interface RankedSlot {
  start: Date;
  end: Date;
  suggestedStart: Date;
  suggestedEnd: Date;
  score: number;
  scoreParts: Record<ScorePart, number>;
}

export interface RankOptions {
  durationMinutes: number;
  timezone: string;
  preferred: PreferredWindow | null;
  /** The user's blocking events (back-to-back detection). */
  myBlocking: readonly Interval[];
  maxSuggestions: number;
}

const MINUTE = 60_000;
const BACK_TO_BACK_MS = 15 * MINUTE;

/**
 * `morning` (08:00–12:00), `afternoon` (12:00–17:00), or a custom `HH:MM-HH:MM`. Returns null for none and throws
 * a RangeError for anything else.
 */
export function parsePreferredTimes(value: string | undefined | null): PreferredWindow | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'morning') return { startMinute: 8 * 60, endMinute: 12 * 60 };
  if (trimmed === 'afternoon') return { startMinute: 12 * 60, endMinute: 17 * 60 };
  const [from, to, extra] = trimmed.split('-').map((part) => part.trim());
  const start = from ? parseClockTime(from) : null;
  const end = to ? parseClockTime(to) : null;
  if (extra !== undefined || !start || !end || start.hour * 60 + start.minute >= end.hour * 60 + end.minute) {
    throw new RangeError('preferred_times must be "morning", "afternoon" or "HH:MM-HH:MM" with start before end');
  }
  return { startMinute: start.hour * 60 + start.minute, endMinute: end.hour * 60 + end.minute };
}

function minuteOfDay(instant: Date, zone: string): number {
  const local = DateTime.fromJSDate(instant, { zone });
  return local.hour * 60 + local.minute;
}

function inRange(minute: number, from: number, to: number): boolean {
  return minute >= from && minute < to;
}

export function timeOfDayScore(minute: number): number {
  const hm = (h: number, m = 0) => h * 60 + m;
  if (inRange(minute, hm(9, 30), hm(11)) || inRange(minute, hm(13, 30), hm(15))) return 1;
  if (inRange(minute, hm(8), hm(9, 30)) || inRange(minute, hm(11), hm(12)) || inRange(minute, hm(15), hm(17))) return 0.5;
  return 0;
}

export function bufferScore(slotMinutes: number): number {
  if (slotMinutes <= 30) return 0.3;
  if (slotMinutes >= 60) return 1;
  return 0.3 + ((slotMinutes - 30) / 30) * 0.7;
}

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export function rankSlots(slots: readonly MutualSlot[], options: RankOptions): RankedSlot[] {
  if (slots.length === 0) return [];
  const days = slots.map((slot) => dayNumber(slot.date));
  const earliest = Math.min(...days);
  const span = Math.max(...days) - earliest;
  const ranked = slots.map((slot, index): RankedSlot & { order: number } => {
    const slotMs = slot.end.getTime() - slot.start.getTime();
    const durationMs = options.durationMinutes * MINUTE;
    const suggestedStart = slotMs >= durationMs + 30 * MINUTE ? new Date(slot.start.getTime() + 15 * MINUTE) : slot.start;
    const suggestedEnd = new Date(suggestedStart.getTime() + durationMs);
    const startMinute = minuteOfDay(suggestedStart, options.timezone);
    const preferred = options.preferred
      ? inRange(startMinute, options.preferred.startMinute, options.preferred.endMinute) ? 1 : 0
      : 0.5;
    const adjacent = options.myBlocking.some(
      (block) =>
        (block.end <= suggestedStart.getTime() && block.end >= suggestedStart.getTime() - BACK_TO_BACK_MS) ||
        (block.start >= suggestedEnd.getTime() && block.start <= suggestedEnd.getTime() + BACK_TO_BACK_MS),
    );
    const parts: Record<ScorePart, number> = {
      preferred,
      back_to_back: adjacent ? 0.2 : 1,
      time_of_day: timeOfDayScore(startMinute),
      proximity: span === 0 ? 1 : 1 - ((days[index] as number) - earliest) / span,
      buffer: bufferScore(Math.floor(slotMs / MINUTE)),
    };
    const score = round4(
      (Object.keys(SCORE_WEIGHTS) as ScorePart[]).reduce((sum, key) => sum + SCORE_WEIGHTS[key] * parts[key], 0),
    );
    const scoreParts = Object.fromEntries(
      Object.entries(parts).map(([key, value]) => [key, round4(value)]),
    ) as Record<ScorePart, number>;
    return { start: slot.start, end: slot.end, suggestedStart, suggestedEnd, score, scoreParts, order: index };
  });
  ranked.sort((a, b) => b.score - a.score || a.suggestedStart.getTime() - b.suggestedStart.getTime() || a.order - b.order);
  return ranked.slice(0, options.maxSuggestions).map(({ order: _order, ...slot }) => slot);
}

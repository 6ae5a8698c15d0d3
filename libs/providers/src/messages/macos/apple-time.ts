/**
 * Apple's Core Data time: seconds since 2001-01-01T00:00:00Z, stored by macOS Messages as nanoseconds since
 * High Sierra and as seconds before it. Values above 10^12 are nanoseconds (10^12 seconds is 31,000 years).
 */

export const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);
const NANOS_THRESHOLD = 1e12;

export function appleTimeToDate(value: number | bigint | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n === 0) return null;
  const ms = Math.abs(n) > NANOS_THRESHOLD ? n / 1e6 : n * 1000;
  return new Date(APPLE_EPOCH_MS + ms);
}

/** Whole seconds since the Apple epoch, for SQL range filters that normalise both storage forms to seconds. */
export function dateToAppleSeconds(date: Date): number {
  return Math.floor((date.getTime() - APPLE_EPOCH_MS) / 1000);
}

/** SQL expression turning a `message.date` column into seconds since the Apple epoch, whichever form it holds. */
export function appleSecondsSql(column: string): string {
  return `(CASE WHEN abs(${column}) > ${NANOS_THRESHOLD} THEN ${column} / 1000000000 ELSE ${column} END)`;
}

/** Interval arithmetic on instants (milliseconds), shared by the availability algorithms. */

export interface Interval {
  start: number;
  end: number;
}

/** Sorts and merges overlapping or touching intervals. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** `window` minus the (merged) `blocks`, in order. */
export function subtractIntervals(window: Interval, blocks: readonly Interval[]): Interval[] {
  const gaps: Interval[] = [];
  let cursor = window.start;
  for (const block of mergeIntervals(blocks)) {
    if (block.end <= cursor) continue;
    if (block.start >= window.end) break;
    if (block.start > cursor) gaps.push({ start: cursor, end: Math.min(block.start, window.end) });
    cursor = Math.max(cursor, block.end);
    if (cursor >= window.end) break;
  }
  if (cursor < window.end) gaps.push({ start: cursor, end: window.end });
  return gaps;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

export function wholeMinutes(interval: Interval): number {
  return Math.floor((interval.end - interval.start) / 60_000);
}

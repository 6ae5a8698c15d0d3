/**
 * UTC offsets of IANA zones from the tz database (through luxon), tabulated per zone and year so that imports
 * and recurrence expansion — thousands of conversions per call — cost a binary search each instead of an
 * `Intl` round trip. Offset changes are found with weekly probes refined to the minute: real zones never change
 * twice within a week and back.
 */
import { IANAZone } from 'luxon';

interface YearTable {
  initial: number;
  /** Instants (ms) where the offset changes, with the offset from then on. */
  changes: { at: number; offset: number }[];
}

const WEEK = 7 * 86_400_000;
const MINUTE = 60_000;
const MAX_TABLES = 2_000;
const tables = new Map<string, YearTable>();

function rawOffset(zone: IANAZone, ms: number): number {
  const offset = zone.offset(ms);
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone ${zone.name}`);
  return offset;
}

/** Instants in [from, to) where the zone's offset changes, each with the offset that starts there. */
export function zoneTransitions(zoneName: string, from: number, to: number): { at: number; offset: number }[] {
  const zone = IANAZone.create(zoneName);
  const found: { at: number; offset: number }[] = [];
  let previous = rawOffset(zone, from);
  for (let t = from; t < to; t += WEEK) {
    const next = Math.min(t + WEEK, to);
    const nextOffset = rawOffset(zone, next);
    if (nextOffset === previous) continue;
    let low = t;
    let high = next;
    while (high - low > MINUTE) {
      const mid = low + Math.floor((high - low) / (2 * MINUTE)) * MINUTE;
      if (rawOffset(zone, mid) === previous) low = mid;
      else high = mid;
    }
    found.push({ at: high, offset: nextOffset });
    previous = nextOffset;
  }
  return found;
}

function table(zone: string, year: number): YearTable {
  const key = `${zone}|${year}`;
  let found = tables.get(key);
  if (!found) {
    const from = Date.UTC(year, 0, 1);
    found = { initial: rawOffset(IANAZone.create(zone), from), changes: zoneTransitions(zone, from, Date.UTC(year + 1, 0, 1)) };
    if (tables.size >= MAX_TABLES) tables.clear();
    tables.set(key, found);
  }
  return found;
}

/** The zone's UTC offset in minutes at an instant. */
export function offsetMinutesAt(zone: string, ms: number): number {
  const { initial, changes } = table(zone, new Date(ms).getUTCFullYear());
  let offset = initial;
  for (const change of changes) {
    if (change.at > ms) break;
    offset = change.offset;
  }
  return offset;
}

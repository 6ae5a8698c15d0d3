/**
 * Builds a VTIMEZONE for an IANA zone from the tz database, so exported files carry the exact DST rules their
 * TZIDs refer to (RFC 5545 requires a VTIMEZONE for every TZID used).
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';

function offsetAt(zone: string, ms: number): number {
  return DateTime.fromMillis(ms, { zone }).offset;
}

/**
 * Instants in [from, to) where the zone's UTC offset changes, to the minute. Weekly probes: real zones never
 * change twice within a week and back.
 */
function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  const step = 7 * 86_400_000;
  let previous = offsetAt(zone, from);
  for (let t = from; t < to; t += step) {
    const next = Math.min(t + step, to);
    const nextOffset = offsetAt(zone, next);
    if (previous === nextOffset) continue;
    let low = t;
    let high = next;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(zone, mid) === previous) low = mid;
      else high = mid;
    }
    found.push(high);
    previous = nextOffset;
  }
  return found;
}

/** A VTIMEZONE component for `zone` covering the years `fromYear`..`toYear`. */
export function buildVtimezone(zone: string, fromYear: number, toYear: number): ICAL.Component {
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', zone);
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear + 1, 0, 1);
  const changes = transitions(zone, from, to);
  const addObservance = (at: number, offsetFrom: number, offsetTo: number) => {
    const after = DateTime.fromMillis(at, { zone });
    const observance = new ICAL.Component(after.isInDST ? 'daylight' : 'standard');
    // DTSTART of an observance is the local time just before the change, in the offset being left.
    const local = DateTime.fromMillis(at + offsetFrom * 60_000, { zone: 'UTC' });
    observance.addPropertyWithValue(
      'dtstart',
      ICAL.Time.fromData({ year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second }),
    );
    observance.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(offsetFrom * 60));
    observance.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(offsetTo * 60));
    const name = after.offsetNameShort;
    if (name && !/^[+-]|^GMT[+-]|^UTC[+-]/.test(name)) observance.addPropertyWithValue('tzname', name);
    component.addSubcomponent(observance);
  };
  const initial = offsetAt(zone, from);
  addObservance(from, initial, initial);
  for (const at of changes) addObservance(at, offsetAt(zone, at - 60_000), offsetAt(zone, at));
  return component;
}

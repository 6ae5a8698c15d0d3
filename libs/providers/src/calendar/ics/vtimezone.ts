/**
 * Builds a VTIMEZONE for an IANA zone from the tz database, so exported files carry the exact DST rules their
 * TZIDs refer to (RFC 5545 requires a VTIMEZONE for every TZID used).
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { zoneTransitions } from './zone-offsets.js';

function offsetAt(zone: string, ms: number): number {
  return DateTime.fromMillis(ms, { zone }).offset;
}

/** A VTIMEZONE component for `zone` covering the years `fromYear`..`toYear`. */
export function buildVtimezone(zone: string, fromYear: number, toYear: number): ICAL.Component {
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', zone);
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear + 1, 0, 1);
  const changes = zoneTransitions(zone, from, to).map((change) => change.at);
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

import { describe, expect, it } from '@jest/globals';
import type { AvailabilityEvent } from './classify-event.js';
import { classifyEvent, DEFAULT_SOFT_KEYWORDS } from './classify-event.js';
import { findOpenSlots, type OpenSlotsInput } from './open-slots.js';
import { formatSlotsText } from './format-slots.js';

const ZONE = 'America/Denver';

/** An event on 2026-02-23 (Mon, MST = UTC−7) from `from` to `to` local time. */
function event(from: string, to: string, extra: Partial<AvailabilityEvent> = {}, date = '2026-02-23'): AvailabilityEvent {
  const at = (hm: string) => new Date(`${date}T${hm}:00-07:00`);
  return { title: 'Meeting', notes: null, start: at(from), end: at(to), allDay: false, startDate: null, endDate: null, showAs: 'busy', status: 'confirmed', attendees: [], ...extra };
}

function slots(events: AvailabilityEvent[], overrides: Partial<OpenSlotsInput> = {}): string[] {
  const result = findOpenSlots({
    events,
    startDate: '2026-02-23',
    endDate: '2026-02-23',
    timezone: ZONE,
    workingHoursStart: '09:00',
    workingHoursEnd: '17:00',
    durationMinutes: 30,
    includeSoftBlocks: true,
    includeWeekends: true,
    blockOooAllDay: true,
    self: { emails: ['me@example.com'] },
    ...overrides,
  });
  const hm = (d: Date) => d.toLocaleTimeString('en-GB', { timeZone: overrides.timezone ?? ZONE, hour: '2-digit', minute: '2-digit' });
  return result.slots.map((s) => `${s.date} ${hm(s.start)}-${hm(s.end)}${s.softConflicts.length > 0 ? ` ~${s.softConflicts.join('|')}` : ''}`);
}

const me = (response: 'accepted' | 'declined' | 'tentative' | 'needs_action') => [{ email: 'ME@example.com', name: null, response, isSelf: false }];

describe('findOpenSlots', () => {
  it('no events → the whole working window', () => {
    expect(slots([])).toEqual(['2026-02-23 09:00-17:00']);
  });

  it('end date is inclusive, and weekends can be skipped', () => {
    expect(slots([], { endDate: '2026-03-01' })).toHaveLength(7);
    expect(slots([], { endDate: '2026-03-01', includeWeekends: false }).map((s) => s.slice(0, 10))).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
    ]);
  });

  it('merges overlapping and touching blocks and keeps whole gaps of at least the duration', () => {
    const events = [event('10:00', '11:00'), event('10:30', '11:30'), event('11:30', '12:00'), event('12:20', '13:00'), event('16:45', '18:00')];
    expect(slots(events)).toEqual(['2026-02-23 09:00-10:00', '2026-02-23 13:00-16:45']);
    expect(slots(events, { durationMinutes: 20 })).toEqual(['2026-02-23 09:00-10:00', '2026-02-23 12:00-12:20', '2026-02-23 13:00-16:45']);
  });

  it('ignores cancelled events (status or title), free and working-elsewhere time, declined invites and zero-length events', () => {
    const ignored = [
      event('09:00', '10:00', { status: 'cancelled' }),
      event('10:00', '11:00', { title: 'Canceled: Sync' }),
      event('11:00', '12:00', { title: 'CANCELLED: Review' }),
      event('12:00', '13:00', { showAs: 'free' }),
      event('13:00', '14:00', { showAs: 'working_elsewhere' }),
      event('14:00', '15:00', { attendees: me('declined') }),
      event('15:00', '15:00'),
    ];
    expect(slots(ignored)).toEqual(['2026-02-23 09:00-17:00']);
  });

  it('treats tentative show-as, soft keywords and a tentative self response as soft', () => {
    const soft = [
      event('09:00', '09:30', { showAs: 'tentative', title: 'Maybe' }),
      event('10:00', '10:30', { title: 'Focus Time' }),
      event('11:00', '11:30', { title: 'Call', notes: 'prep for board' }),
      event('12:00', '13:00', { title: 'Team lunch' }),
      event('14:00', '14:30', { title: 'Invite', attendees: me('tentative') }),
    ];
    expect(slots(soft)).toEqual(['2026-02-23 09:00-17:00 ~Maybe|Focus Time|Call|Team lunch|Invite']);
    expect(slots(soft, { includeSoftBlocks: false })).toEqual([
      '2026-02-23 09:30-10:00',
      '2026-02-23 10:30-11:00',
      '2026-02-23 11:30-12:00',
      '2026-02-23 13:00-14:00',
      '2026-02-23 14:30-17:00',
    ]);
  });

  it('uses only the given soft keywords when a list is passed', () => {
    const events = [event('10:00', '11:00', { title: 'Focus time' }), event('13:00', '14:00', { title: 'Gym' })];
    expect(slots(events, { softKeywords: ['gym'] })).toEqual(['2026-02-23 09:00-10:00', '2026-02-23 11:00-17:00 ~Gym']);
  });

  it('with an unknown self, any tentative attendee makes the event soft; a known self decides alone', () => {
    const others = [{ email: 'x@example.com', name: null, response: 'tentative' as const, isSelf: false }];
    const options = { softKeywords: DEFAULT_SOFT_KEYWORDS, blockOooAllDay: true };
    expect(classifyEvent(event('10:00', '11:00', { attendees: others }), { ...options, self: { emails: [] } })).toBe('soft');
    expect(classifyEvent(event('10:00', '11:00', { attendees: [...others, ...me('accepted')] }), { ...options, self: { emails: ['me@example.com'] } })).toBe('hard');
    expect(classifyEvent(event('10:00', '11:00', { attendees: [{ email: 'a@b.c', name: null, response: 'declined', isSelf: true }] }), { ...options, self: { emails: [] } })).toBe('ignored');
  });

  it('ignores ordinary all-day events and blocks out-of-office days', () => {
    const allDay = (title: string, extra: Partial<AvailabilityEvent> = {}) =>
      event('00:00', '23:59', { title, allDay: true, startDate: '2026-02-23', endDate: '2026-02-24', ...extra });
    expect(slots([allDay('Company holiday party prep'), allDay('Birthday')])).toEqual([]);
    expect(slots([allDay('Birthday')])).toEqual(['2026-02-23 09:00-17:00']);
    expect(slots([allDay('Conference', { showAs: 'oof' })])).toEqual([]);
    expect(slots([allDay('PTO')], { blockOooAllDay: false })).toEqual(['2026-02-23 09:00-17:00']);
    expect(slots([allDay('Photo shoot')])).toEqual(['2026-02-23 09:00-17:00']);
  });

  it('clips the windows to datetime bounds', () => {
    expect(slots([], { rangeStart: new Date('2026-02-23T11:15:00-07:00'), rangeEnd: new Date('2026-02-23T15:00:00-07:00') })).toEqual(['2026-02-23 11:15-15:00']);
  });

  it('follows the zone across DST: a window starting in the gap moves to the next valid instant', () => {
    const result = findOpenSlots({
      events: [],
      startDate: '2026-03-07',
      endDate: '2026-03-09',
      timezone: 'America/New_York',
      workingHoursStart: '02:30',
      workingHoursEnd: '04:00',
      durationMinutes: 30,
      includeSoftBlocks: true,
      includeWeekends: true,
      blockOooAllDay: true,
      self: { emails: [] },
    });
    expect(result.slots.map((s) => `${s.start.toISOString()} ${s.durationMinutes}`)).toEqual([
      '2026-03-07T07:30:00.000Z 90',
      '2026-03-08T07:00:00.000Z 60',
      '2026-03-09T06:30:00.000Z 90',
    ]);
  });

  it('rejects bad working hours', () => {
    expect(() => slots([], { workingHoursStart: '18:00', workingHoursEnd: '09:00' })).toThrow(/before/);
    expect(() => slots([], { workingHoursStart: '9am' })).toThrow(/HH:MM/);
  });

  it('formats one line per date in the locale and zone', () => {
    const result = findOpenSlots({
      events: [event('10:30', '13:00'), event('14:00', '17:00')],
      startDate: '2026-02-23',
      endDate: '2026-02-24',
      timezone: ZONE,
      workingHoursStart: '09:00',
      workingHoursEnd: '17:00',
      durationMinutes: 30,
      includeSoftBlocks: true,
      includeWeekends: true,
      blockOooAllDay: true,
      self: { emails: [] },
    });
    expect(formatSlotsText(result.slots, ZONE, 'en-US')).toBe('Mon, Feb 23: 9:00 AM–10:30 AM, 1:00 PM–2:00 PM (MST)\nTue, Feb 24: 9:00 AM–5:00 PM (MST)');
    expect(formatSlotsText([], ZONE, 'en-US')).toBe('No available slots found.');
  });
});

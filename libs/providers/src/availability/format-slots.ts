/**
 * The `formatted_text` of step 6 in docs/reference/algorithms.md#availability: one line per date, e.g.
 * `Mon, Feb 23: 9:00 AM–10:30 AM, 1:00 PM–2:00 PM (MST)`, in the configured locale and the user's zone.
 */
import type { OpenSlot } from './open-slots.js';

export function formatSlotsText(slots: readonly OpenSlot[], timezone: string, locale: string): string {
  if (slots.length === 0) return 'No available slots found.';
  const day = new Intl.DateTimeFormat(locale, { timeZone: timezone, weekday: 'short', month: 'short', day: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { timeZone: timezone, hour: 'numeric', minute: '2-digit' });
  const zoneName = new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'short' });
  const byDate = new Map<string, OpenSlot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const lines: string[] = [];
  for (const daySlots of byDate.values()) {
    const first = daySlots[0] as OpenSlot;
    const ranges = daySlots.map((slot) => `${time.format(slot.start)}–${time.format(slot.end)}`).join(', ');
    const zone = zoneName.formatToParts(first.start).find((part) => part.type === 'timeZoneName')?.value ?? timezone;
    lines.push(`${day.format(first.start)}: ${ranges} (${zone})`);
  }
  return lines.join('\n');
}

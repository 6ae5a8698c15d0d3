/**
 * Which rules an event goes to: enabled rules of the event's source whose type pattern matches its type as a
 * case-sensitive glob — `*` any run of characters (dots and slashes included), `?` one character, `[…]` a class —
 * in priority order, then by name, at most ten.
 */
import type { EventRuleRecord } from '@chief-of-staff/stores';

export const MAX_RULES_PER_EVENT = 10;

export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end === -1) source += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export function matchEventRules(rules: readonly EventRuleRecord[], source: string, eventType: string): EventRuleRecord[] {
  return rules
    .filter((rule) => rule.enabled && rule.eventSource === source && globToRegExp(rule.eventTypePattern).test(eventType))
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
    .slice(0, MAX_RULES_PER_EVENT);
}

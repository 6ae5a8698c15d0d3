import { describe, expect, it } from '@jest/globals';
import type { EventRuleRecord } from '@chief-of-staff/stores';
import { globToRegExp, matchEventRules } from './match-event-rules.js';

const rule = (name: string, pattern: string, priority = 100, overrides: Partial<EventRuleRecord> = {}): EventRuleRecord =>
  ({ id: name.length, name, eventSource: 'github', eventTypePattern: pattern, priority, enabled: true, agentName: 'a', instructionTemplate: '', description: '', deliveryChannel: null, deliveryConfig: null, createdBy: 'user', createdAt: '', updatedAt: '', ...overrides }) as EventRuleRecord;

describe('event rule matching', () => {
  it('matches globs case-sensitively, with * spanning dots and slashes', () => {
    expect(globToRegExp('issue.*').test('issue.opened')).toBe(true);
    expect(globToRegExp('*').test('a/b.c')).toBe(true);
    expect(globToRegExp('pr.?').test('pr.1')).toBe(true);
    expect(globToRegExp('pr.[ab]').test('pr.c')).toBe(false);
    expect(globToRegExp('Issue.*').test('issue.opened')).toBe(false);
    expect(globToRegExp('a+b(c)').test('a+b(c)')).toBe(true);
  });

  it('keeps enabled rules of the source, in priority then name order', () => {
    const rules = [rule('z', 'issue.*', 10), rule('a', 'issue.*', 10), rule('late', '*', 200), rule('off', '*', 1, { enabled: false }), rule('other', '*', 1, { eventSource: 'stripe' }), rule('no', 'push')];
    expect(matchEventRules(rules, 'github', 'issue.opened').map((entry) => entry.name)).toEqual(['a', 'z', 'late']);
  });
});

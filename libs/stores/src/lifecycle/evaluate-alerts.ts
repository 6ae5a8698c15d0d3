/**
 * Alert evaluation (docs/reference/algorithms.md#lifecycle-and-alerts), pure and shared: `check_alerts` and the
 * worker's `alert_eval` handler both call these functions, so "overdue", "upcoming", "stale" and "follow-up due" have
 * exactly one definition. Inputs are plain rows and the current time; nothing here reads the database or the clock.
 */
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { addDaysToDate, daysBetween, foldCase } from '@chief-of-staff/core';
import type { AlertType, FactCategory } from '../db/enums.js';
import { parseAlertCondition } from './alert-conditions.js';

export interface AlertDelegation {
  id: number;
  task: string;
  delegatedTo: string;
  status: string;
  dueDate: string | null;
}

export interface AlertDecision {
  id: number;
  title: string;
  status: string;
  createdAt: string;
  followUpDate: string | null;
}

export interface AlertFact {
  value: string;
  updatedAt: string;
}

/** What evaluation reads: active delegations, pending decisions and a fact lookup. */
export interface AlertData {
  delegations: readonly AlertDelegation[];
  decisions: readonly AlertDecision[];
  getFact(category: FactCategory, key: string): AlertFact | undefined;
}

export interface AlertTime {
  /** Today in the user's zone, `YYYY-MM-DD`. */
  today: string;
  now: Date;
  /** The user's IANA zone. */
  timezone: string;
}

export interface DelegationAlertMatch {
  entity: 'delegation';
  id: number;
  task: string;
  delegated_to: string;
  due_date: string | null;
  days_overdue?: number;
}

export interface DecisionAlertMatch {
  entity: 'decision';
  id: number;
  title: string;
  created_at: string;
  follow_up_date?: string;
}

export interface FactAlertMatch {
  entity: 'fact';
  category: FactCategory;
  key: string;
  age_hours?: number;
}

export type AlertMatch = DelegationAlertMatch | DecisionAlertMatch | FactAlertMatch;

export interface AlertRuleLike {
  id: number;
  name: string;
  alertType: AlertType;
  condition: unknown;
  enabled: boolean;
}

export interface BuiltInAlerts {
  overdue_delegations: DelegationAlertMatch[];
  upcoming_deadlines: DelegationAlertMatch[];
  stale_decisions: DecisionAlertMatch[];
  follow_ups_due: DecisionAlertMatch[];
}

export interface RuleAlert {
  rule_id: number;
  name: string;
  alert_type: AlertType;
  count: number;
  matches: AlertMatch[];
}

export interface CheckAlertsResult {
  total_alerts: number;
  alerts: BuiltInAlerts;
  rule_alerts: RuleAlert[];
  formatted: string;
  /** Rules that could not be evaluated (e.g. a stored condition that no longer validates). */
  warnings?: string[];
}

/** The UTC instant at which `date` starts in `timezone`. */
function startOfDay(date: string, timezone: string): number {
  return DateTime.fromISO(date, { zone: timezone }).startOf('day').toMillis();
}

const LEADING_TIMESTAMP =
  /^\s*(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?/;

/**
 * When a fact was last true: a leading `YYYY-MM-DD[THH:MM…]` in its value (naive times in the user's zone,
 * dates at the start of that day) or else its `updated_at`.
 */
export function factFreshness(fact: AlertFact, timezone: string): number {
  const match = LEADING_TIMESTAMP.exec(fact.value);
  if (match) {
    const [, date, time, offset] = match;
    const text = time ? `${date}T${time}${offset ?? ''}` : (date as string);
    const parsed = DateTime.fromISO(text, { zone: offset ? 'utc' : timezone, setZone: false });
    if (parsed.isValid) return parsed.toMillis();
  }
  return Date.parse(fact.updatedAt);
}

function delegationMatch(delegation: AlertDelegation, daysOverdue?: number): DelegationAlertMatch {
  const match: DelegationAlertMatch = {
    entity: 'delegation',
    id: delegation.id,
    task: delegation.task,
    delegated_to: delegation.delegatedTo,
    due_date: delegation.dueDate,
  };
  if (daysOverdue !== undefined) match.days_overdue = daysOverdue;
  return match;
}

function decisionMatch(decision: AlertDecision): DecisionAlertMatch {
  const match: DecisionAlertMatch = { entity: 'decision', id: decision.id, title: decision.title, created_at: decision.createdAt };
  if (decision.followUpDate) match.follow_up_date = decision.followUpDate;
  return match;
}

export function overdueDelegations(
  data: AlertData,
  time: AlertTime,
  condition: { days_overdue_min?: number; delegated_to?: string } = {},
): DelegationAlertMatch[] {
  const minDays = condition.days_overdue_min ?? 1;
  const person = condition.delegated_to ? foldCase(condition.delegated_to.trim()) : undefined;
  return data.delegations
    .filter((d) => d.status === 'active' && d.dueDate !== null && d.dueDate < time.today)
    .filter((d) => person === undefined || foldCase(d.delegatedTo) === person)
    .map((d) => delegationMatch(d, daysBetween(d.dueDate as string, time.today)))
    .filter((m) => (m.days_overdue ?? 0) >= minDays)
    .sort((a, b) => (b.days_overdue ?? 0) - (a.days_overdue ?? 0) || a.id - b.id);
}

export function upcomingDeadlines(data: AlertData, time: AlertTime, condition: { within_days?: number } = {}): DelegationAlertMatch[] {
  const last = addDaysToDate(time.today, condition.within_days ?? 3);
  return data.delegations
    .filter((d) => d.status === 'active' && d.dueDate !== null && d.dueDate >= time.today && d.dueDate <= last)
    .map((d) => delegationMatch(d))
    .sort((a, b) => (a.due_date as string).localeCompare(b.due_date as string) || a.id - b.id);
}

export function staleDecisions(data: AlertData, time: AlertTime, condition: { days_stale?: number } = {}): DecisionAlertMatch[] {
  const cutoff = startOfDay(addDaysToDate(time.today, -(condition.days_stale ?? 7)), time.timezone);
  return data.decisions
    .filter((d) => d.status === 'pending_execution' && Date.parse(d.createdAt) < cutoff)
    .map(decisionMatch)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

export function followUpsDue(data: AlertData, time: AlertTime): DecisionAlertMatch[] {
  return data.decisions
    .filter((d) => d.status === 'pending_execution' && d.followUpDate !== null && d.followUpDate <= time.today)
    .map(decisionMatch)
    .sort((a, b) => (a.follow_up_date ?? '').localeCompare(b.follow_up_date ?? '') || a.id - b.id);
}

export function staleFacts(
  data: AlertData,
  time: AlertTime,
  condition: { category: FactCategory; key: string; max_age_hours?: number },
): FactAlertMatch[] {
  const fact = data.getFact(condition.category, condition.key);
  if (!fact) return [{ entity: 'fact', category: condition.category, key: condition.key }];
  const ageHours = (time.now.getTime() - factFreshness(fact, time.timezone)) / 3_600_000;
  if (ageHours <= (condition.max_age_hours ?? 48)) return [];
  return [{ entity: 'fact', category: condition.category, key: condition.key, age_hours: Math.round(ageHours * 10) / 10 }];
}

/** Matches of one rule; the condition is validated (and defaulted) with the rule type's schema. */
export function evaluateAlertRule(alertType: AlertType, condition: unknown, data: AlertData, time: AlertTime): AlertMatch[] {
  switch (alertType) {
    case 'overdue_delegation':
      return overdueDelegations(data, time, parseAlertCondition('overdue_delegation', condition));
    case 'upcoming_deadline':
      return upcomingDeadlines(data, time, parseAlertCondition('upcoming_deadline', condition));
    case 'stale_decision':
      return staleDecisions(data, time, parseAlertCondition('stale_decision', condition));
    case 'follow_up_due':
      parseAlertCondition('follow_up_due', condition);
      return followUpsDue(data, time);
    case 'stale_fact':
      return staleFacts(data, time, parseAlertCondition('stale_fact', condition));
  }
}

/** The built-in alerts: overdue ≥ 1 day, due within 3 days, pending > 7 days, follow-up due. */
export function evaluateBuiltInAlerts(data: AlertData, time: AlertTime): BuiltInAlerts {
  return {
    overdue_delegations: overdueDelegations(data, time),
    upcoming_deadlines: upcomingDeadlines(data, time),
    stale_decisions: staleDecisions(data, time),
    follow_ups_due: followUpsDue(data, time),
  };
}

/** The identity of a matched entity, for de-duplication and fingerprints. */
export function alertEntityKey(match: AlertMatch): string {
  return match.entity === 'fact' ? `fact:${match.category}:${match.key}` : `${match.entity}:${match.id}`;
}

/** Everything `check_alerts` returns. Rules that are disabled or have no match are left out. */
export function checkAlerts(
  data: AlertData,
  rules: readonly AlertRuleLike[],
  time: AlertTime,
  options: { includeRules?: boolean } = {},
): CheckAlertsResult {
  const alerts = evaluateBuiltInAlerts(data, time);
  const ruleAlerts: RuleAlert[] = [];
  const warnings: string[] = [];
  if (options.includeRules ?? true) {
    for (const rule of rules) {
      if (!rule.enabled) continue;
      let matches: AlertMatch[];
      try {
        matches = evaluateAlertRule(rule.alertType, rule.condition, data, time);
      } catch (error) {
        warnings.push(`Alert rule "${rule.name}" (id ${rule.id}) was skipped: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (matches.length > 0) {
        ruleAlerts.push({ rule_id: rule.id, name: rule.name, alert_type: rule.alertType, count: matches.length, matches });
      }
    }
  }
  const distinct = new Set<string>();
  for (const section of Object.values(alerts) as AlertMatch[][]) for (const match of section) distinct.add(alertEntityKey(match));
  for (const rule of ruleAlerts) for (const match of rule.matches) distinct.add(alertEntityKey(match));
  const result: CheckAlertsResult = {
    total_alerts: distinct.size,
    alerts,
    rule_alerts: ruleAlerts,
    formatted: formatAlerts(distinct.size, alerts, ruleAlerts),
  };
  if (warnings.length > 0) result.warnings = warnings;
  return result;
}

function describeMatch(match: AlertMatch): string {
  switch (match.entity) {
    case 'delegation': {
      const due = match.due_date ? `, due ${match.due_date}` : '';
      const late = match.days_overdue !== undefined ? ` (${match.days_overdue} day${match.days_overdue === 1 ? '' : 's'} overdue)` : '';
      return `#${match.id} ${match.task} → ${match.delegated_to}${due}${late}`;
    }
    case 'decision':
      return `#${match.id} ${match.title} (${match.follow_up_date ? `follow-up ${match.follow_up_date}` : `since ${match.created_at.slice(0, 10)}`})`;
    case 'fact':
      return `${match.category}/${match.key} ${match.age_hours === undefined ? 'is missing' : `is ${match.age_hours} h old`}`;
  }
}

/** A short plain-text card. */
export function formatAlerts(total: number, alerts: BuiltInAlerts, rules: readonly RuleAlert[]): string {
  if (total === 0) return 'No alerts.';
  const lines = [`Alerts: ${total}`];
  const section = (title: string, matches: readonly AlertMatch[]) => {
    if (matches.length === 0) return;
    lines.push(`${title} (${matches.length}):`);
    for (const match of matches.slice(0, 10)) lines.push(`- ${describeMatch(match)}`);
    if (matches.length > 10) lines.push(`- … and ${matches.length - 10} more`);
  };
  section('Overdue delegations', alerts.overdue_delegations);
  section('Upcoming deadlines', alerts.upcoming_deadlines);
  section('Stale decisions', alerts.stale_decisions);
  section('Follow-ups due', alerts.follow_ups_due);
  for (const rule of rules) section(`Rule "${rule.name}" (${rule.alert_type})`, rule.matches);
  return lines.join('\n');
}

/** A rule's trigger state, as stored on the rule. */
export interface AlertTriggerState {
  cooldownHours: number;
  lastTriggeredAt: string | null;
  lastFingerprint: string | null;
}

export interface AlertDeliveryDecision {
  notify: boolean;
  reason: 'first_trigger' | 'cooldown_elapsed' | 'new_entities' | 'suppressed' | 'no_matches';
  /** Store this as `last_fingerprint` when notifying. */
  fingerprint: string;
}

/**
 * `<hash>|<JSON array of sorted entity keys>`: the hash of the sorted matched entity ids
 * (docs/reference/algorithms.md#lifecycle-and-alerts) followed by the keys themselves, so a later evaluation can tell
 * whether entities were added.
 */
export function alertFingerprint(matches: readonly AlertMatch[]): string {
  const keys = [...new Set(matches.map(alertEntityKey))].sort();
  const hash = createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
  return `${hash}|${JSON.stringify(keys)}`;
}

function fingerprintKeys(fingerprint: string | null): Set<string> {
  if (!fingerprint) return new Set();
  const bar = fingerprint.indexOf('|');
  if (bar === -1) return new Set();
  try {
    const keys: unknown = JSON.parse(fingerprint.slice(bar + 1));
    return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Whether the alert_eval handler notifies for a rule: when it never triggered, when its cooldown has elapsed,
 * or when the matches include entities the last notification did not.
 */
export function decideAlertDelivery(
  state: AlertTriggerState,
  matches: readonly AlertMatch[],
  now: Date,
): AlertDeliveryDecision {
  const fingerprint = alertFingerprint(matches);
  if (matches.length === 0) return { notify: false, reason: 'no_matches', fingerprint };
  if (!state.lastTriggeredAt) return { notify: true, reason: 'first_trigger', fingerprint };
  if (now.getTime() - Date.parse(state.lastTriggeredAt) >= state.cooldownHours * 3_600_000) {
    return { notify: true, reason: 'cooldown_elapsed', fingerprint };
  }
  const previous = fingerprintKeys(state.lastFingerprint);
  const gained = matches.some((match) => !previous.has(alertEntityKey(match)));
  return gained ? { notify: true, reason: 'new_entities', fingerprint } : { notify: false, reason: 'suppressed', fingerprint };
}

/** At most this many matches are named in one notification; the rest are counted. */
export const ALERT_NOTIFICATION_MAX_LINES = 5;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `24 Nov`, or `24 Nov 2027` when the year is not today's: short enough for a notification line. */
function shortDate(date: string, today: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  const text = `${Number(day)} ${MONTHS[Number(month) - 1] ?? month}`;
  return year === today.slice(0, 4) ? text : `${text} ${year}`;
}

function daysText(days: number): string {
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** One match as a sentence a person can act on: who, what, and how late or how soon. */
export function alertMatchLine(match: AlertMatch, today: string): string {
  switch (match.entity) {
    case 'delegation': {
      const due = match.due_date ? ` (due ${shortDate(match.due_date, today)})` : '';
      if (match.days_overdue !== undefined) {
        return `Delegation to ${match.delegated_to} overdue by ${daysText(match.days_overdue)}: ${match.task}${due}`;
      }
      if (match.due_date) {
        const left = daysBetween(today, match.due_date);
        const when = left <= 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${daysText(left)}`;
        return `Delegation to ${match.delegated_to} due ${when}: ${match.task}${due}`;
      }
      return `Delegation to ${match.delegated_to}: ${match.task}`;
    }
    case 'decision':
      return match.follow_up_date
        ? `Follow-up due ${shortDate(match.follow_up_date, today)} on decision: ${match.title}`
        : `Decision pending since ${shortDate(match.created_at, today)}: ${match.title}`;
    case 'fact':
      return match.age_hours === undefined
        ? `Fact ${match.category}/${match.key} is missing`
        : `Fact ${match.category}/${match.key} not updated for ${match.age_hours} h`;
  }
}

/**
 * The notification of a triggered rule: title `Alert: <name>`, and a body that names each match (the person, the
 * task and how late), one per line, the first five of them and a count of the rest.
 */
export function alertNotificationText(rule: { name: string }, matches: readonly AlertMatch[], today: string): { title: string; body: string } {
  const lines = matches.slice(0, ALERT_NOTIFICATION_MAX_LINES).map((match) => alertMatchLine(match, today));
  if (matches.length > ALERT_NOTIFICATION_MAX_LINES) lines.push(`… and ${matches.length - ALERT_NOTIFICATION_MAX_LINES} more (see check_alerts)`);
  return { title: `Alert: ${rule.name}`, body: lines.length === 1 ? (lines[0] as string) : lines.map((line) => `- ${line}`).join('\n') };
}

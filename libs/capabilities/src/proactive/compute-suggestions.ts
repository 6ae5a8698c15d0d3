/**
 * Proactive suggestions: what deserves the user's attention now, computed on demand from the stores and the
 * personal-data providers. Each has a stable key `<category>:<entity id>` (a renamed delegation is the same
 * suggestion, so a dismissal holds), a priority, a title and the tool that acts on it. Order: high → low; within a
 * priority what is already late before what is coming up (soonest first), the late ones newest first. One entry per
 * underlying thing: a triggered alert only names what no other entry lists, and webhook events that went wrong are
 * grouped by source and type with a count. A provider that is off or failing leaves its checks out; it never fails the
 * whole list.
 */
import type { Logger } from '@chief-of-staff/core';
import {
  alertEntityKey,
  alertMatchLine,
  evaluateAlertRule,
  loadAlertData,
  type AlertMatch,
  type AlertType,
  type MemoryStore,
  type SuggestionCategory,
  type WebhookEventRecord,
} from '@chief-of-staff/stores';
import type { ProviderRegistry } from '@chief-of-staff/providers';

export type SuggestionPriority = 'high' | 'medium' | 'low';

export interface Suggestion {
  key: string;
  category: SuggestionCategory;
  priority: SuggestionPriority;
  title: string;
  description: string;
  /** The tool that acts on it. */
  action: string;
  entity_ref: { type: string; id: string };
  /** When the underlying thing happened or became due (for ordering, newest first). */
  created_at: string;
}

export interface SuggestionSources {
  memory: Pick<MemoryStore, 'delegations' | 'decisions' | 'facts' | 'webhookEvents' | 'skillSuggestions' | 'scheduledTasks' | 'alertRules'>;
  providers?: Pick<ProviderRegistry, 'mail' | 'calendar'>;
  /** The user's own addresses (their replies count as answers; their own mail is never "unanswered"). */
  ownAddresses: readonly string[];
  now: Date;
  /** `YYYY-MM-DD` in the user's zone. */
  today: string;
  /** The user's IANA zone, for alert rules that count days (default UTC). */
  timezone?: string;
  logger?: Logger;
}

const DAY_MS = 86_400_000;
const RANK: Record<SuggestionPriority, number> = { high: 0, medium: 1, low: 2 };
/**
 * Kinds about something still to come (a deadline, a meeting): within a priority they follow what is already late,
 * so "due on Friday" never ranks above a delegation a week overdue.
 */
const UPCOMING: ReadonlySet<SuggestionCategory> = new Set<SuggestionCategory>(['deadline', 'meeting']);
/** An alert names at most this many of its matches in its description. */
const ALERT_LINES = 3;
/** A sender with at least this many messages in the window counts as a frequent contact. */
const FREQUENT_SENDER_MESSAGES = 3;
const MAIL_WINDOW_DAYS = 30;
const MAIL_PAGE = 500;
/**
 * The most suggestions one check contributes (newest first). Someone with thousands of overdue items needs the
 * latest few hundred surfaced, not all of them computed on every call.
 */
export const MAX_PER_CHECK = 500;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

async function lifecycleSuggestions(sources: SuggestionSources): Promise<Suggestion[]> {
  const { memory, today, now } = sources;
  const out: Suggestion[] = [];
  const soon = addDays(today, 3);
  for (const delegation of await memory.delegations.activeDueBy(soon, MAX_PER_CHECK)) {
    const due = delegation.dueDate as string;
    const ref = { type: 'delegation', id: String(delegation.id) };
    if (due < today) {
      out.push({ key: `delegation:${delegation.id}`, category: 'delegation', priority: 'high', title: `Overdue: ${delegation.task}`, description: `Delegated to ${delegation.delegatedTo}, due ${due}.`, action: 'check_overdue_delegations', entity_ref: ref, created_at: `${due}T00:00:00.000Z` });
    } else {
      out.push({ key: `deadline:${delegation.id}`, category: 'deadline', priority: 'high', title: `Due ${due === today ? 'today' : `on ${due}`}: ${delegation.task}`, description: `Delegated to ${delegation.delegatedTo}.`, action: 'list_delegations', entity_ref: ref, created_at: `${due}T00:00:00.000Z` });
    }
  }
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  for (const decision of await memory.decisions.allPending()) {
    const ref = { type: 'decision', id: String(decision.id) };
    if (decision.followUpDate !== null && decision.followUpDate <= today) {
      out.push({ key: `follow_up:${decision.id}`, category: 'follow_up', priority: 'medium', title: `Follow up on: ${decision.title}`, description: `The follow-up date was ${decision.followUpDate}.`, action: 'update_decision', entity_ref: ref, created_at: `${decision.followUpDate}T00:00:00.000Z` });
    } else if (decision.createdAt < weekAgo) {
      out.push({ key: `decision:${decision.id}`, category: 'decision', priority: 'medium', title: `Still pending: ${decision.title}`, description: `Decided on ${decision.createdAt.slice(0, 10)} and not yet carried out.`, action: 'list_pending_decisions', entity_ref: ref, created_at: decision.createdAt });
    }
  }
  return out;
}

async function systemSuggestions(sources: SuggestionSources): Promise<Suggestion[]> {
  const { memory, now } = sources;
  const out: Suggestion[] = [];
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  out.push(...(await webhookSuggestions(memory.webhookEvents, weekAgo)));
  for (const suggestion of (await memory.skillSuggestions.list({ status: 'pending' }, { limit: 50 })).items) {
    out.push({ key: `skill:${suggestion.id}`, category: 'skill', priority: 'medium', title: `A new agent could take over: ${suggestion.description}`, description: `Seen ${suggestion.occurrences} times; accept with auto_create_skill.`, action: 'auto_create_skill', entity_ref: { type: 'skill_suggestion', id: String(suggestion.id) }, created_at: suggestion.updatedAt });
  }
  for (const task of await memory.scheduledTasks.all()) {
    if (task.consecutiveFailures < 3) continue;
    out.push({ key: `scheduler:${task.id}`, category: 'scheduler', priority: 'medium', title: `Scheduled task "${task.name}" keeps failing`, description: `${task.consecutiveFailures} failures in a row: ${(task.lastError ?? '').slice(0, 200)}`, action: 'list_task_runs', entity_ref: { type: 'scheduled_task', id: String(task.id) }, created_at: task.updatedAt });
  }
  return out;
}

/**
 * Failed (3+ attempts) and unrouted events of the last week, one entry per status, source and type with a count: five
 * deliveries of two kinds are two things to fix, not five. The key names the group, so a dismissal sets that kind of
 * event aside.
 */
async function webhookSuggestions(events: SuggestionSources['memory']['webhookEvents'], weekAgo: string): Promise<Suggestion[]> {
  const troubled = [...(await events.listByStatus('failed', 200)).filter((event) => event.attempts >= 3), ...(await events.listByStatus('unrouted', 200))];
  const groups = new Map<string, WebhookEventRecord[]>();
  for (const event of troubled) {
    if (event.receivedAt < weekAgo) continue;
    const key = `webhook:${event.status}:${event.source}:${event.eventType}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return [...groups].map(([key, group]) => {
    const newest = group.reduce((a, b) => (b.receivedAt > a.receivedAt || (b.receivedAt === a.receivedAt && b.id > a.id) ? b : a));
    const unrouted = newest.status === 'unrouted';
    const what = group.length === 1 ? `a ${newest.source} "${newest.eventType}" event` : `${group.length} ${newest.source} "${newest.eventType}" events`;
    const filter = JSON.stringify({ source: newest.source, event_type: newest.eventType, status: newest.status });
    return {
      key,
      category: 'webhook' as const,
      priority: 'low' as const,
      title: `${unrouted ? 'No rule for' : 'Could not handle'} ${what}`,
      description: unrouted
        ? `Add an event rule (create_event_rule) if events like ${group.length === 1 ? 'it' : 'these'} should reach an agent; see them with list_webhook_events ${filter}.`
        : `${group.length === 1 ? 'It' : 'Each'} failed 3 or more times; the latest error: ${(newest.lastError ?? '').slice(0, 200)}. See them with list_webhook_events ${filter}.`,
      action: 'list_webhook_events',
      entity_ref: { type: 'webhook_event', id: String(newest.id) },
      created_at: newest.receivedAt,
    };
  });
}

/** The entity a suggestion stands for, in the form alert matches use (`delegation:12`), when it has one. */
function entityKeyOf(suggestion: Suggestion): string | undefined {
  const { type, id } = suggestion.entity_ref;
  return type === 'delegation' || type === 'decision' ? `${type}:${id}` : undefined;
}

/**
 * Alert rules that triggered in the last day, each naming only the matches no other entry already lists: an alert about
 * an overdue delegation that is itself listed adds nothing, and is left out.
 */
async function alertSuggestions(sources: SuggestionSources, listed: ReadonlySet<string>): Promise<Suggestion[]> {
  const { memory, now, today } = sources;
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const rules = (await memory.alertRules.listEnabled()).filter((rule) => rule.lastTriggeredAt !== null && rule.lastTriggeredAt >= dayAgo);
  if (rules.length === 0) return [];
  const data = await loadAlertData(memory, rules);
  const time = { today, now, timezone: sources.timezone ?? 'UTC' };
  const out: Suggestion[] = [];
  for (const rule of rules) {
    let matches: AlertMatch[] | undefined;
    try {
      matches = evaluateAlertRule(rule.alertType as AlertType, rule.condition, data, time);
    } catch (error) {
      // A rule that no longer evaluates still triggered: keep it visible rather than hide it.
      sources.logger?.warn({ err: error, rule: rule.name }, 'an alert rule could not be evaluated for suggestions');
    }
    const unlisted = matches?.filter((match) => !listed.has(alertEntityKey(match)));
    if (unlisted !== undefined && unlisted.length === 0) continue;
    const lines = (unlisted ?? []).slice(0, ALERT_LINES).map((match) => alertMatchLine(match, today));
    if (unlisted !== undefined && unlisted.length > ALERT_LINES) lines.push(`and ${unlisted.length - ALERT_LINES} more`);
    out.push({
      key: `alert:${rule.id}`,
      category: 'alert',
      priority: 'high',
      title: `Alert: ${rule.name}`,
      description: lines.length > 0 ? `${lines.join('; ')}.` : rule.description || 'The rule matched.',
      action: 'check_alerts',
      entity_ref: { type: 'alert_rule', id: String(rule.id) },
      created_at: rule.lastTriggeredAt as string,
    });
  }
  return out;
}

/** Mail from people who write often, older than a day, with no reply from the user in the thread since. */
async function unansweredMail(sources: SuggestionSources): Promise<Suggestion[]> {
  const mail = sources.providers?.mail;
  if (!mail) return [];
  const since = new Date(sources.now.getTime() - MAIL_WINDOW_DAYS * DAY_MS);
  const own = new Set(sources.ownAddresses.map((address) => address.toLowerCase()));
  const boxes = await mail.mailboxes();
  const inboxes = boxes.filter((box) => box.role === 'inbox');
  const sentBoxes = boxes.filter((box) => box.role === 'sent');
  const received = (await Promise.all(inboxes.map((box) => mail.list({ mailbox: box.name, account: box.account, since }, { offset: 0, limit: MAIL_PAGE })))).flatMap((page) => page.items);
  const sent = (await Promise.all(sentBoxes.map((box) => mail.list({ mailbox: box.name, account: box.account, since }, { offset: 0, limit: MAIL_PAGE })))).flatMap((page) => page.items);
  const lastReply = new Map<string, number>();
  for (const message of sent) if (message.threadId) lastReply.set(message.threadId, Math.max(lastReply.get(message.threadId) ?? 0, message.date.getTime()));
  const perSender = new Map<string, number>();
  for (const message of received) perSender.set(message.from.address.toLowerCase(), (perSender.get(message.from.address.toLowerCase()) ?? 0) + 1);
  const dayAgo = sources.now.getTime() - DAY_MS;
  const out: Suggestion[] = [];
  for (const message of received) {
    const sender = message.from.address.toLowerCase();
    if (own.has(sender) || (perSender.get(sender) ?? 0) < FREQUENT_SENDER_MESSAGES || message.date.getTime() > dayAgo) continue;
    if (message.threadId && (lastReply.get(message.threadId) ?? 0) > message.date.getTime()) continue;
    out.push({ key: `mail:${message.id}`, category: 'mail', priority: 'medium', title: `Unanswered: "${message.subject}" from ${message.from.name ?? message.from.address}`, description: `Received ${message.date.toISOString().slice(0, 10)}; ${message.from.name ?? message.from.address} writes to you often.`, action: 'reply_to_email', entity_ref: { type: 'mail', id: message.id }, created_at: message.date.toISOString() });
  }
  return out;
}

/** Meetings with other people in the next 24 hours that nothing in memory mentions yet. */
async function unpreparedMeetings(sources: SuggestionSources, isPrepared: (title: string) => Promise<boolean>): Promise<Suggestion[]> {
  const calendar = sources.providers?.calendar;
  if (!calendar) return [];
  const events = await calendar.listEvents({ start: sources.now, end: new Date(sources.now.getTime() + DAY_MS) });
  const own = new Set(sources.ownAddresses.map((address) => address.toLowerCase()));
  const unprepared: typeof events = [];
  for (const event of events) {
    if (event.attendees.some((attendee) => !own.has(attendee.email.toLowerCase())) && !(await isPrepared(event.title))) unprepared.push(event);
  }
  return unprepared
    .map((event) => ({
      key: `meeting:${event.uid}:${event.start.toISOString().slice(0, 10)}`,
      category: 'meeting' as const,
      priority: 'medium' as const,
      title: `Prepare for "${event.title}"`,
      description: `Starts ${event.start.toISOString().slice(0, 16).replace('T', ' ')} UTC with ${event.attendees.length} attendee(s); nothing is noted about it yet.`,
      action: 'run_agent',
      entity_ref: { type: 'event', id: String(event.id) },
      created_at: event.start.toISOString(),
    }));
}

async function guarded(what: string, sources: SuggestionSources, work: () => Promise<Suggestion[]>): Promise<Suggestion[]> {
  try {
    return await work();
  } catch (error) {
    sources.logger?.warn({ err: error, check: what }, 'a proactive check failed; its suggestions are left out');
    return [];
  }
}

/** High before low; within a priority, late before upcoming; late ones newest first, upcoming ones soonest first. */
function compareSuggestions(a: Suggestion, b: Suggestion): number {
  const upcomingA = UPCOMING.has(a.category) ? 1 : 0;
  const upcomingB = UPCOMING.has(b.category) ? 1 : 0;
  const byTime = upcomingA === 1 && upcomingB === 1 ? a.created_at.localeCompare(b.created_at) : b.created_at.localeCompare(a.created_at);
  return RANK[a.priority] - RANK[b.priority] || upcomingA - upcomingB || byTime || a.key.localeCompare(b.key);
}

export async function computeSuggestions(
  sources: SuggestionSources,
  isPrepared: (title: string) => Promise<boolean> = async () => false,
): Promise<Suggestion[]> {
  const items = [
    ...(await lifecycleSuggestions(sources)),
    ...(await systemSuggestions(sources)),
    ...(await guarded('unanswered mail', sources, () => unansweredMail(sources))),
    ...(await guarded('meeting preparation', sources, () => unpreparedMeetings(sources, isPrepared))),
  ];
  const listed = new Set(items.map(entityKeyOf).filter((key): key is string => key !== undefined));
  return [...items, ...(await alertSuggestions(sources, listed))].sort(compareSuggestions);
}

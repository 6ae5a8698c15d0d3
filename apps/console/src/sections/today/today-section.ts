/**
 * Today: the day's calendar, what needs attention (the proactive suggestions, dismissed or snoozed in place), overdue
 * and due-soon delegations with a form to delegate another, the next scheduled runs and the latest inbound events. Each block comes from its own tool
 * call and degrades to a short note when its tool is absent or fails.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formatLocalTime, localDate, withLocalDates } from '../../page-kit/format-local-time.js';
import { formView } from '../../page-kit/form-view.js';
import type { ConsoleSection, PageContext } from '../../page-kit/types.js';
import { delegateForm } from '../memory/delegations-page.js';
import { todayActions } from './today-actions.js';

interface Page<T> {
  items: T[];
  total?: number;
  next_cursor?: string | null;
}

interface CalendarEvent {
  id: number;
  title: string;
  calendar: string;
  start: string;
  end: string;
  all_day: boolean;
  location: string | null;
  status: string;
}

interface Suggestion {
  key: string;
  category: string;
  priority: string;
  title: string;
  description: string;
  action: string;
}

interface OverdueDelegation {
  id: number;
  task: string;
  delegated_to: string;
  due_date: string;
  priority: string;
  days_overdue: number;
}

interface DueDelegation {
  id: number;
  task: string;
  delegated_to: string;
  due_date: string | null;
}

interface ScheduledTask {
  id: number;
  name: string;
  handler_type: string;
  next_run_at: string | null;
  last_status: string | null;
}

interface InboundEvent {
  channel: string;
  source: string;
  event_type: string;
  content_preview: string;
  received_at: string;
}

/** "Due soon" as the proactive check counts it: today and the next three days. */
export const DUE_SOON_DAYS = 3;
const SUGGESTIONS_SHOWN = 10;
const DELEGATIONS_SHOWN = 10;
const RUNS_SHOWN = 5;
const EVENTS_SHOWN = 10;

function calendarBlock(ctx: PageContext, today: string): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'calendar',
    heading: 'Calendar',
    load: () => ctx.tool<Page<CalendarEvent>>('get_calendar_events', { start_date: today, end_date: today, limit: 100 }),
    render: (events) =>
      events.items.length === 0
        ? empty('Nothing on the calendar today.')
        : html`<ol class="list">${events.items.map(
            (event) => html`<li>
<span class="when">${event.all_day ? 'All day' : html`<time datetime="${event.start}">${formatLocalTime(event.start, ctx.timeZone)}</time>–<time datetime="${event.end}">${formatLocalTime(event.end, ctx.timeZone).replace(/^.*, /, '')}</time>`}</span>
<span class="what">${userText(event.title)}${event.location ? html` <span class="muted">· ${userText(event.location)}</span>` : ''}</span>
</li>`,
          )}</ol>`,
  });
}

function suggestionsBlock(ctx: PageContext): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'attention',
    heading: 'Needs attention',
    // The page's most expensive call, so it is made once: the due-soon delegations come from list_delegations.
    load: () => ctx.tool<Page<Suggestion>>('get_proactive_suggestions', { limit: SUGGESTIONS_SHOWN }),
    render: (suggestions) =>
      suggestions.items.length === 0
        ? empty('Nothing needs attention right now.')
        : html`<ul class="list suggestions">${suggestions.items.map((suggestion, index) => {
            const form = formView(ctx, `suggestion-${index}`, ['key']);
            // The tools write calendar dates as YYYY-MM-DD; the page shows every date the same way.
            const title = withLocalDates(suggestion.title, ctx.timeZone);
            return html`<li class="priority-${suggestion.priority}">
<p><span class="tag">${suggestion.priority}</span> <strong>${userText(title)}</strong></p>
<p class="muted">${userText(withLocalDates(suggestion.description, ctx.timeZone))}</p>
<form method="post" action="/today/suggestions/dismiss" class="inline">
${form.hidden}<input type="hidden" name="key" value="${suggestion.key}">
<button type="submit" name="snooze_days" value="1" aria-label="Snooze 1 day: ${title}"${form.describe('key')}>Snooze 1 day</button>
<button type="submit" name="snooze_days" value="7" aria-label="Snooze 1 week: ${title}">Snooze 1 week</button>
<button type="submit" name="snooze_days" value="" data-confirm="Dismiss this suggestion for good?" aria-label="Dismiss: ${title}">Dismiss</button>${form.problem('key')}
</form>
</li>`;
          })}</ul>${
            (suggestions.total ?? 0) > suggestions.items.length ? html`<p class="muted">${suggestions.total} in all; the most urgent are shown.</p>` : ''
          }`,
  });
}

function delegationsBlock(ctx: PageContext, today: string): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'delegations',
    heading: 'Delegations',
    load: async () => {
      const [overdue, dueSoon] = await Promise.all([
        ctx.tool<Page<OverdueDelegation>>('check_overdue_delegations', { limit: DELEGATIONS_SHOWN }),
        ctx.tool<Page<DueDelegation>>('list_delegations', { due_within_days: DUE_SOON_DAYS, limit: DELEGATIONS_SHOWN }),
      ]);
      return { overdue, dueSoon };
    },
    render: ({ overdue, dueSoon }) => html`<h3>Overdue${overdue.total ? html` <span class="count">(${overdue.total})</span>` : ''}</h3>
${overdue.items.length === 0
  ? empty('Nothing overdue.')
  : html`<ul class="list">${overdue.items.map(
      (item) => html`<li><strong>${userText(item.task)}</strong> — ${userText(item.delegated_to)} <span class="overdue">${item.days_overdue} ${item.days_overdue === 1 ? 'day' : 'days'} overdue</span> <span class="muted">(due ${formatLocalTime(item.due_date, ctx.timeZone)})</span></li>`,
    )}</ul>`}
<h3>Due in the next ${DUE_SOON_DAYS} days${dueSoon.total ? html` <span class="count">(${dueSoon.total})</span>` : ''}</h3>
${dueSoon.items.length === 0
  ? empty('Nothing due soon.')
  : html`<ul class="list">${dueSoon.items.map(
      (item) => html`<li><strong>${userText(item.task)}</strong> — ${userText(item.delegated_to)} <span class="muted">(due ${item.due_date === today ? 'today' : formatLocalTime(item.due_date ?? '', ctx.timeZone)})</span></li>`,
    )}</ul>`}
<h3>Delegate a task</h3>
${delegateForm(ctx, 'today')}`,
  });
}

function scheduledRunsBlock(ctx: PageContext): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'scheduled',
    heading: 'Next scheduled runs',
    load: () => ctx.tool<Page<ScheduledTask>>('list_scheduled_tasks', { enabled_only: true, limit: RUNS_SHOWN }),
    render: (tasks) => {
      const upcoming = tasks.items.filter((task) => task.next_run_at !== null);
      return upcoming.length === 0
        ? empty('No scheduled runs are due.')
        : html`<ol class="list">${upcoming.map(
            (task) => html`<li><time datetime="${task.next_run_at}">${formatLocalTime(task.next_run_at ?? '', ctx.timeZone)}</time> ${userText(task.name)} <span class="muted">(${task.handler_type}${task.last_status ? `, last ${task.last_status}` : ''})</span></li>`,
          )}</ol>`;
    },
  });
}

function inboundBlock(ctx: PageContext): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'inbound',
    heading: 'Latest inbound events',
    load: () => ctx.tool<Page<InboundEvent>>('list_inbound_events', { limit: EVENTS_SHOWN }),
    render: (events) =>
      events.items.length === 0
        ? empty('Nothing came in during the last 24 hours.')
        : html`<ul class="list">${events.items.map(
            (event) => html`<li><time datetime="${event.received_at}">${formatLocalTime(event.received_at, ctx.timeZone)}</time> <span class="tag">${event.channel}</span> ${userText(event.source)} <span class="muted">${userText(event.event_type)}</span>
<p class="preview">${userText(event.content_preview)}</p></li>`,
          )}</ul>`,
  });
}

export const todaySection: ConsoleSection = {
  id: 'today',
  label: 'Today',
  path: '/today',
  register(routes) {
    routes.page('/today', async (ctx) => {
      const today = localDate(ctx.now, ctx.timeZone);
      // The blocks' tool calls run side by side; each block settles on its own.
      const blocks = await Promise.all([
        calendarBlock(ctx, today),
        suggestionsBlock(ctx),
        delegationsBlock(ctx, today),
        scheduledRunsBlock(ctx),
        inboundBlock(ctx),
      ]);
      return {
        title: `Today, ${formatLocalTime(today, ctx.timeZone)}`,
        body: html`<div class="today-grid">${blocks}</div>`,
      };
    });
    todayActions(routes);
  },
};

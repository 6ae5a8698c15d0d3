/**
 * Memory → Delegations: the most overdue first (check_overdue_delegations), then every delegation by status and
 * assignee (list_delegations, 50 a page), each with a small status form that changes it in place (update_delegation),
 * and the "delegate" form that records a new one (create_delegation), also shown on Today.
 */
import { html } from 'hono/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formProblem } from '../../page-kit/console-tool-error.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import { FORM_PAGE_FIELD, formView } from '../../page-kit/form-view.js';
import type { ConsoleRoutes, PageContext, PageView } from '../../page-kit/types.js';
import { currentAddress, formText, memoryTabs, options, PAGE_SIZE, pager, returnPath, type Html, type ToolPage } from './memory-kit.js';
import { personPath } from './people-page.js';

const STATUSES = ['active', 'completed', 'cancelled'] as const;
const OVERDUE_SHOWN = 5;

interface Delegation {
  id: number;
  task: string;
  delegated_to: string;
  due_date: string | null;
  priority: string;
  status: string;
  days_overdue?: number;
}

function overdueText(days: number | undefined): Html | string {
  return days ? html` <span class="overdue">${days} ${days === 1 ? 'day' : 'days'} overdue</span>` : '';
}

function statusForm(ctx: PageContext, delegation: Delegation, back: string): Html {
  const id = `delegation-status-${delegation.id}`;
  const form = formView(ctx, id, ['status']);
  return html`<form method="post" action="/memory/delegations/status" class="inline">${form.hidden}
<input type="hidden" name="delegation_id" value="${String(delegation.id)}"><input type="hidden" name="return" value="${back}">
<label class="visually-hidden" for="${id}">Status of ${delegation.task}</label>
<select id="${id}" name="status"${form.invalid('status')}>${options(STATUSES.map((status) => [status, status] as const), form.value('status', delegation.status))}</select>
<button type="submit" aria-label="Update the status of ${delegation.task}">Update</button>${form.problem('status')}
</form>`;
}

/**
 * The "delegate" form (create_delegation): what, to whom, by when. On Today and on Memory → Delegations; `idPrefix`
 * keeps its ids apart from the page's others.
 */
export function delegateForm(ctx: PageContext, idPrefix: string): Html {
  const form = formView(ctx, `${idPrefix}-delegate`, ['task', 'delegated_to', 'due_date']);
  const id = (name: string) => `${idPrefix}-delegate-${name}`;
  return html`<form method="post" action="/memory/delegations/create" class="filters delegate-form">${form.hidden}
<label for="${id('task')}">Task</label><input id="${id('task')}" name="task" required maxlength="200" dir="auto" value="${form.value('task')}"${form.invalid('task')}>${form.problem('task')}
<label for="${id('to')}">To whom</label><input id="${id('to')}" name="delegated_to" required maxlength="200" dir="auto" value="${form.value('delegated_to')}"${form.invalid('delegated_to')}>${form.problem('delegated_to')}
<label for="${id('due')}">Due (optional)</label><input id="${id('due')}" name="due_date" type="date" value="${form.value('due_date')}"${form.invalid('due_date')}>${form.problem('due_date')}
<button type="submit">Delegate</button>
</form>`;
}

function delegationsTable(ctx: PageContext, items: readonly Delegation[], back: string): Html {
  return html`<table>
<caption class="visually-hidden">Delegations</caption>
<thead><tr><th scope="col">Task</th><th scope="col">Delegated to</th><th scope="col">Due</th><th scope="col">Priority</th><th scope="col">Status</th></tr></thead>
<tbody>${items.map(
    (item) => html`<tr>
<td>${userText(item.task)}</td>
<td><a href="${personPath(item.delegated_to)}">${userText(item.delegated_to)}</a></td>
<td>${item.due_date ? formatLocalTime(item.due_date, ctx.timeZone) : html`<span class="muted">none</span>`}${overdueText(item.days_overdue)}</td>
<td><span class="tag">${item.priority}</span></td>
<td>${statusForm(ctx, item, back)}</td>
</tr>`,
  )}</tbody>
</table>`;
}

export async function renderDelegationsPage(ctx: PageContext): Promise<PageView> {
  const statusParam = ctx.query.get('status') ?? 'active';
  const status = statusParam === 'all' || (STATUSES as readonly string[]).includes(statusParam) ? statusParam : 'active';
  const to = (ctx.query.get('to') ?? '').trim();
  const cursor = ctx.query.get('cursor') ?? '';
  const filters = { status, to };
  const back = currentAddress('/memory/delegations', ctx.query);
  const [overdue, list] = await Promise.all([
    toolBlock({
      id: 'overdue',
      heading: 'Most overdue',
      load: () => ctx.tool<ToolPage<Delegation>>('check_overdue_delegations', { limit: OVERDUE_SHOWN, ...(to ? { delegated_to: to } : {}) }),
      render: (page) =>
        page.items.length === 0
          ? empty('Nothing is overdue.')
          : html`<ul class="list">${page.items.map(
              (item) => html`<li><strong>${userText(item.task)}</strong> — ${userText(item.delegated_to)}${overdueText(item.days_overdue)}</li>`,
            )}</ul>${(page.total ?? 0) > page.items.length ? html`<p class="muted">${page.total} overdue in all.</p>` : ''}`,
    }),
    toolBlock({
      id: 'delegation-list',
      heading: 'Delegations',
      load: () =>
        ctx.tool<ToolPage<Delegation>>('list_delegations', { status, limit: PAGE_SIZE, ...(to ? { delegated_to: to } : {}), ...(cursor ? { cursor } : {}) }),
      render: (page) =>
        page.items.length === 0
          ? empty('No delegations match these filters.')
          : html`${delegationsTable(ctx, page.items, back)}${pager(page, '/memory/delegations', filters, cursor === '')}`,
    }),
  ]);
  return {
    title: 'Memory: delegations',
    body: html`${memoryTabs('delegations')}
<form method="get" action="/memory/delegations" class="filters" aria-label="Filter delegations">
<label>Status <select name="status">${options([['active', 'Active'], ['completed', 'Completed'], ['cancelled', 'Cancelled'], ['all', 'All']], status)}</select></label>
<label>Delegated to <input type="text" name="to" value="${to}" dir="auto" maxlength="200"></label>
<button type="submit">Show delegations</button>
</form>
${overdue}${list}
<section class="block" aria-labelledby="delegate-heading">
<h2 id="delegate-heading">Delegate a task</h2>
${delegateForm(ctx, 'delegations')}
</section>`,
  };
}

export function delegationActions(routes: ConsoleRoutes): void {
  routes.action('/memory/delegations/status', async (ctx) => {
    const result = await ctx.tool<{ delegation: Delegation }>('update_delegation', {
      delegation_id: Number(formText(ctx.form, 'delegation_id')),
      status: formText(ctx.form, 'status'),
    });
    return { redirect: returnPath(ctx.form, '/memory/delegations'), flash: `"${result.delegation.task}" is now ${result.delegation.status}.` };
  });

  routes.action('/memory/delegations/create', async (ctx) => {
    const task = formText(ctx.form, 'task');
    const to = formText(ctx.form, 'delegated_to');
    const due = formText(ctx.form, 'due_date');
    if (task === '') throw formProblem('task', 'Write the task, in a few words.');
    if (to === '') throw formProblem('delegated_to', 'Write who is doing it: a name, as on their card in People.');
    const { delegation } = await ctx.tool<{ delegation: Delegation }>('create_delegation', { task, delegated_to: to, ...(due ? { due_date: due } : {}) });
    // Back to where the form was: Today or the delegations list.
    const fromToday = (ctx.form[FORM_PAGE_FIELD] ?? '').startsWith('/today');
    return {
      redirect: fromToday ? '/today#delegations' : '/memory/delegations',
      flash: `Delegated "${delegation.task}" to ${delegation.delegated_to}${delegation.due_date ? `, due ${formatLocalTime(delegation.due_date, ctx.timeZone)}` : ''}.`,
    };
  });
}

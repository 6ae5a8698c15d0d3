/**
 * Memory → Decisions: those whose follow-up date has come (list_pending_decisions), then every decision found by
 * text, status and owner (search_decisions, 50 a page), each with a status form that changes it in place
 * (update_decision), and a short form to record a new one (create_decision).
 */
import { html } from 'hono/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formProblem } from '../../page-kit/console-tool-error.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import { formView } from '../../page-kit/form-view.js';
import type { ConsoleRoutes, PageContext, PageView } from '../../page-kit/types.js';
import { currentAddress, formText, memoryTabs, options, PAGE_SIZE, pager, returnPath, type Html, type ToolPage } from './memory-kit.js';

const STATUSES = [
  ['pending_execution', 'Pending'],
  ['executed', 'Executed'],
  ['deferred', 'Deferred'],
  ['reversed', 'Reversed'],
] as const;
const FOLLOW_UPS_SHOWN = 10;

interface Decision {
  id: number;
  title: string;
  status: string;
  owner: string | null;
  decided_by: string | null;
  follow_up_date: string | null;
  tags: string[] | null;
  created_at: string;
}

function statusForm(ctx: PageContext, decision: Decision, back: string): Html {
  const id = `decision-status-${decision.id}`;
  const form = formView(ctx, id, ['status']);
  return html`<form method="post" action="/memory/decisions/status" class="inline">${form.hidden}
<input type="hidden" name="decision_id" value="${String(decision.id)}"><input type="hidden" name="return" value="${back}">
<label class="visually-hidden" for="${id}">Status of ${decision.title}</label>
<select id="${id}" name="status"${form.invalid('status')}>${options(STATUSES, form.value('status', decision.status))}</select>
<button type="submit" aria-label="Update the status of ${decision.title}">Update</button>${form.problem('status')}
</form>`;
}

function decisionsTable(ctx: PageContext, items: readonly Decision[], back: string): Html {
  return html`<table>
<caption class="visually-hidden">Decisions</caption>
<thead><tr><th scope="col">Decision</th><th scope="col">Owner</th><th scope="col">Follow-up</th><th scope="col">Recorded</th><th scope="col">Status</th></tr></thead>
<tbody>${items.map(
    (item) => html`<tr>
<td>${userText(item.title)}${item.tags && item.tags.length > 0 ? html` ${item.tags.map((tag) => html`<span class="tag" dir="auto">${tag}</span> `)}` : ''}</td>
<td>${item.owner ? userText(item.owner) : html`<span class="muted">none</span>`}</td>
<td>${item.follow_up_date ? formatLocalTime(item.follow_up_date, ctx.timeZone) : html`<span class="muted">none</span>`}</td>
<td><time datetime="${item.created_at}">${formatLocalTime(item.created_at, ctx.timeZone)}</time></td>
<td>${statusForm(ctx, item, back)}</td>
</tr>`,
  )}</tbody>
</table>`;
}

export async function renderDecisionsPage(ctx: PageContext): Promise<PageView> {
  const q = (ctx.query.get('q') ?? '').trim();
  const statusParam = ctx.query.get('status') ?? '';
  const status = STATUSES.some(([value]) => value === statusParam) ? statusParam : '';
  const owner = (ctx.query.get('owner') ?? '').trim();
  const cursor = ctx.query.get('cursor') ?? '';
  const filters = { q, status, owner };
  const back = currentAddress('/memory/decisions', ctx.query);
  const [followUps, list] = await Promise.all([
    toolBlock({
      id: 'follow-ups',
      heading: 'Follow-ups due',
      load: () => ctx.tool<ToolPage<Decision>>('list_pending_decisions', { follow_up_due_only: true, limit: FOLLOW_UPS_SHOWN }),
      render: (page) =>
        page.items.length === 0
          ? empty('No follow-ups are due.')
          : html`<ul class="list">${page.items.map(
              (item) => html`<li><strong>${userText(item.title)}</strong>${item.owner ? html` — ${userText(item.owner)}` : ''} <span class="muted">(follow up ${formatLocalTime(item.follow_up_date ?? '', ctx.timeZone)})</span></li>`,
            )}</ul>${(page.total ?? 0) > page.items.length ? html`<p class="muted">${page.total} due in all.</p>` : ''}`,
    }),
    toolBlock({
      id: 'decision-list',
      heading: q === '' ? 'Decisions' : 'Matching decisions',
      load: () =>
        ctx.tool<ToolPage<Decision>>('search_decisions', {
          limit: PAGE_SIZE,
          ...(q ? { query: q } : {}),
          ...(status ? { status } : {}),
          ...(owner ? { owner } : {}),
          ...(cursor ? { cursor } : {}),
        }),
      render: (page) =>
        page.items.length === 0
          ? empty('No decisions match these filters.')
          : html`${decisionsTable(ctx, page.items, back)}${pager(page, '/memory/decisions', filters, cursor === '')}`,
    }),
  ]);
  const create = formView(ctx, 'new-decision', ['title', 'owner', 'follow_up_date']);
  return {
    title: 'Memory: decisions',
    body: html`${memoryTabs('decisions')}
<form method="get" action="/memory/decisions" class="filters" role="search" aria-label="Search decisions">
<label>Search <input type="search" name="q" value="${q}" dir="auto" maxlength="500"></label>
<label>Status <select name="status">${options([['', 'Any'], ...STATUSES], status)}</select></label>
<label>Owner <input type="text" name="owner" value="${owner}" dir="auto" maxlength="200"></label>
<button type="submit">Show decisions</button>
</form>
${followUps}${list}
<section class="block" aria-labelledby="new-decision-heading">
<h2 id="new-decision-heading">Record a decision</h2>
<form method="post" action="/memory/decisions/create" class="stacked">${create.hidden}
<label for="decision-title">What was decided</label><input id="decision-title" name="title" required maxlength="200" dir="auto" value="${create.value('title')}"${create.invalid('title')}>${create.problem('title')}
<label for="decision-owner">Owner (optional)</label><input id="decision-owner" name="owner" maxlength="200" dir="auto" value="${create.value('owner')}"${create.invalid('owner')}>${create.problem('owner')}
<label for="decision-follow-up">Follow up on (optional)</label><input id="decision-follow-up" name="follow_up_date" type="date" value="${create.value('follow_up_date')}"${create.invalid('follow_up_date')}>${create.problem('follow_up_date')}
<p><button type="submit">Record the decision</button></p>
</form>
</section>`,
  };
}

export function decisionActions(routes: ConsoleRoutes): void {
  routes.action('/memory/decisions/status', async (ctx) => {
    const result = await ctx.tool<{ decision: Decision }>('update_decision', {
      decision_id: Number(formText(ctx.form, 'decision_id')),
      status: formText(ctx.form, 'status'),
    });
    const label = STATUSES.find(([value]) => value === result.decision.status)?.[1] ?? result.decision.status;
    return { redirect: returnPath(ctx.form, '/memory/decisions'), flash: `"${result.decision.title}" is now ${label.toLowerCase()}.` };
  });

  routes.action('/memory/decisions/create', async (ctx) => {
    const title = formText(ctx.form, 'title');
    const owner = formText(ctx.form, 'owner');
    const followUp = formText(ctx.form, 'follow_up_date');
    if (title === '') throw formProblem('title', 'Write what was decided, in a few words.');
    const result = await ctx.tool<{ decision: Decision }>('create_decision', {
      title,
      ...(owner ? { owner } : {}),
      ...(followUp ? { follow_up_date: followUp } : {}),
    });
    return { redirect: '/memory/decisions', flash: `Recorded "${result.decision.title}".` };
  });
}

/**
 * Agents: the agents with their capabilities and a form to run one (`/agents`), the recorded runs newest first
 * (`/agents/runs`), and one run's trace step by step (`/agents/runs/:id`): model turns with tokens, time and stop
 * reason; tool calls with their arguments, a preview of the result, whether it was untrusted data, and time. Every
 * list is paged through the tools' cursors; each block degrades to a short note when its tool fails.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formView } from '../../page-kit/form-view.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { ConsoleSection, PageContext } from '../../page-kit/types.js';
import { agentsActions } from './agents-actions.js';
import { agentRunTracePage } from './agent-run-trace-page.js';
import {
  formatDuration,
  formatTokens,
  runLink,
  RUN_STATUSES,
  statusTag,
  type AgentList,
  type AgentSummary,
  type Html,
  type RunList,
  type RunView,
} from './agents-views.js';

const AGENTS_PAGE_SIZE = 50;
/** The run form offers every agent; list_agents pages at most this many. */
const AGENT_CHOICES = 200;
const RECENT_RUNS = 10;
const RUNS_PAGE_SIZE = 50;

/** Said before the form, not after a failed run: without a model API key no agent can run. */
function modelKeyNotice(ctx: PageContext): Html | string {
  return ctx.modelConfigured
    ? ''
    : html`<p class="note" id="run-no-key">No model API key is set, so agents cannot run yet: set the <code>ANTHROPIC_API_KEY</code> environment variable (or <code>anthropic.apiKey: env:NAME</code> in cos.config.yaml) and restart. <code>cos doctor</code> shows what is configured.</p>`;
}

function runForm(ctx: PageContext, agents: AgentList): Html {
  const form = formView(ctx, 'run', ['instruction', 'agent']);
  const chosen = form.value('agent', ctx.query.get('agent') ?? '');
  if (agents.items.length === 0) return empty('There are no agents to run.');
  return html`${modelKeyNotice(ctx)}<form method="post" action="/agents/run" class="run-form">
${form.hidden}
<label for="run-agent">Agent</label>
<select id="run-agent" name="agent" required${form.invalid('agent')}>
${agents.items.map((agent) => html`<option value="${agent.name}"${agent.name === chosen ? html` selected` : ''}>${agent.name}</option>`)}
</select>${form.problem('agent')}
<label for="run-instruction">Instruction</label>
<textarea id="run-instruction" name="instruction" rows="4" maxlength="20000" required dir="auto"${form.invalid('instruction', 'run-hint')}>${form.value('instruction')}</textarea>${form.problem('instruction')}
<p class="hint" id="run-hint">The agent works with the tools its capabilities grant. A run can take a minute or more; its trace opens when it ends.</p>
<p><button type="submit">Run agent</button></p>
</form>`;
}

/** An agent's capabilities, folded: the count in view, the tags one click away (some agents hold dozens). */
function capabilityList(agent: AgentSummary): Html {
  const count = agent.capabilities.length;
  if (count === 0) return html`<span class="muted">none</span>`;
  return html`<details class="capabilities"><summary>${count} ${count === 1 ? 'capability' : 'capabilities'}<span class="visually-hidden"> of ${agent.name}</span></summary><ul class="tags">${agent.capabilities.map((capability) => html`<li class="tag">${capability}</li>`)}</ul></details>`;
}

function agentsTable(ctx: PageContext, agents: AgentList): Html {
  const cursor = ctx.query.get('cursor');
  return html`${agents.items.length === 0
    ? empty('No agents are defined.')
    : html`<table class="agents-table">
<caption class="muted">${agents.total} ${agents.total === 1 ? 'agent' : 'agents'}</caption>
<thead><tr><th scope="col">Agent</th><th scope="col">Capabilities</th><th scope="col">Model</th><th scope="col">Origin</th><th scope="col">Actions</th></tr></thead>
<tbody>${agents.items.map(
        (agent) => html`<tr>
<th scope="row"><code>${agent.name}</code><p class="muted">${userText(agent.description)}</p></th>
<td>${capabilityList(agent)}</td>
<td>${agent.model}</td>
<td>${agent.origin}</td>
<td><a href="/agents?agent=${encodeURIComponent(agent.name)}#run" aria-label="Run ${agent.name}">Run</a> · <a href="/agents/runs?agent=${encodeURIComponent(agent.name)}" aria-label="Runs of ${agent.name}">Runs</a></td>
</tr>`,
      )}</tbody>
</table>`}
${agents.problems.length > 0
  ? html`<h3>Agent files that did not load</h3><ul class="list">${agents.problems.map((problem) => html`<li><code dir="auto">${problem.file}</code> <span class="tag">${problem.severity}</span> ${userText(problem.error)}</li>`)}</ul>`
  : ''}
${pager('/agents', new URLSearchParams(), cursor, agents.next_cursor, 'agents')}`;
}

/** "Next page" / "First page" links that keep the list's filters; pages are the tools' own cursors. */
function pager(path: string, filters: URLSearchParams, cursor: string | null, nextCursor: string | null, what: string): Html {
  if (cursor === null && nextCursor === null) return html``;
  const link = (next: string | null) => {
    const params = new URLSearchParams(filters);
    if (next !== null) params.set('cursor', next);
    const query = params.toString();
    return query === '' ? path : `${path}?${query}`;
  };
  return html`<nav class="pager" aria-label="Pages of ${what}">
${cursor !== null ? html`<a href="${link(null)}">First page</a>` : ''}
${nextCursor !== null ? html`<a href="${link(nextCursor)}" rel="next">Next page of ${what}</a>` : ''}
</nav>`;
}

function runsTable(ctx: PageContext, runs: readonly RunView[], showAgent: boolean): Html {
  return html`<table>
<thead><tr><th scope="col">Started</th>${showAgent ? html`<th scope="col">Agent</th>` : ''}<th scope="col">Status</th><th scope="col">Started by</th><th scope="col">Rounds</th><th scope="col">Tool calls</th><th scope="col">Tokens</th><th scope="col">Time</th><th scope="col">Instruction</th></tr></thead>
<tbody>${runs.map(
    (run) => html`<tr>
<th scope="row"><a href="${runLink(run.run_id)}"><time datetime="${run.started_at}">${formatLocalTime(run.started_at, ctx.timeZone)}</time><span class="visually-hidden"> — trace of this ${run.agent} run</span></a></th>
${showAgent ? html`<td><code>${run.agent}</code></td>` : ''}
<td>${statusTag(run.status)}</td>
<td>${run.trigger}</td>
<td>${run.rounds}</td>
<td>${run.tool_call_count}</td>
<td>${formatTokens(run.input_tokens, run.output_tokens)}</td>
<td>${formatDuration(run.duration_ms)}</td>
<td class="preview">${userText(run.instruction_preview)}</td>
</tr>`,
  )}</tbody>
</table>`;
}

function agentsPage(ctx: PageContext): Promise<HtmlEscapedString[]> {
  const cursor = ctx.query.get('cursor');
  // The run form offers every agent; the table pages through them. Both read the in-memory registry, side by side.
  const choices = ctx.tool<AgentList>('list_agents', { limit: AGENT_CHOICES });
  const table = ctx.tool<AgentList>('list_agents', { limit: AGENTS_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) });
  // Each block reports its own failure; an unobserved rejection must not reach the process first.
  choices.catch(() => undefined);
  table.catch(() => undefined);
  return Promise.all([
    toolBlock({ id: 'run', heading: 'Run an agent', load: () => choices, render: (agents) => runForm(ctx, agents) }),
    toolBlock({ id: 'agents', heading: 'Agents', load: () => table, render: (agents) => agentsTable(ctx, agents) }),
    toolBlock({
      id: 'recent-runs',
      heading: 'Latest runs',
      load: () => ctx.tool<RunList>('list_agent_runs', { limit: RECENT_RUNS }),
      render: (runs) =>
        runs.items.length === 0
          ? empty('No agent has run yet.')
          : html`${runsTable(ctx, runs.items, true)}<p><a href="/agents/runs">All runs${runs.total !== undefined ? ` (${runs.total})` : ''}</a></p>`,
    }),
  ]);
}

function runsPage(ctx: PageContext): Promise<HtmlEscapedString> {
  const agent = (ctx.query.get('agent') ?? '').trim();
  const status = ctx.query.get('status') ?? '';
  const cursor = ctx.query.get('cursor');
  const filters = new URLSearchParams();
  if (agent !== '') filters.set('agent', agent);
  if (status !== '') filters.set('status', status);
  return toolBlock({
    id: 'runs',
    heading: agent === '' ? 'Runs' : `Runs of ${agent}`,
    load: () =>
      ctx.tool<RunList>('list_agent_runs', {
        limit: RUNS_PAGE_SIZE,
        ...(agent === '' ? {} : { agent }),
        ...(status === '' ? {} : { status }),
        ...(cursor === null ? {} : { cursor }),
      }),
    render: (runs) => html`<form method="get" action="/agents/runs" class="inline filters" role="search" aria-label="Filter runs">
<label for="runs-agent">Agent</label> <input id="runs-agent" name="agent" value="${agent}" dir="auto">
<label for="runs-status">Status</label> <select id="runs-status" name="status"><option value="">Any</option>${RUN_STATUSES.map(
      (value) => html`<option value="${value}"${value === status ? html` selected` : ''}>${value.replace('_', ' ')}</option>`,
    )}</select>
<button type="submit">Show runs</button>
</form>
${runs.items.length === 0
  ? empty(agent === '' && status === '' ? 'No agent has run yet.' : 'No runs match these filters.')
  : html`<p class="muted">${runs.total ?? runs.items.length} ${(runs.total ?? runs.items.length) === 1 ? 'run' : 'runs'}, newest first.</p>${runsTable(ctx, runs.items, agent === '')}`}
${pager('/agents/runs', filters, cursor, runs.next_cursor, 'runs')}`,
  });
}

export const agentsSection: ConsoleSection = {
  id: 'agents',
  label: 'Agents',
  path: '/agents',
  register(routes) {
    routes.page('/agents', async (ctx) => ({ title: 'Agents', body: html`${await agentsPage(ctx)}` }));
    routes.page('/agents/runs', async (ctx) => ({ title: 'Agent runs', body: html`<p><a href="/agents">Back to the agents</a></p>${await runsPage(ctx)}` }));
    routes.page('/agents/runs/:id', (ctx) => agentRunTracePage(ctx));
    agentsActions(routes);
  },
};

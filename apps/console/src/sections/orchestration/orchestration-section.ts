/**
 * Orchestration: how tool calls are going. The four success metrics of the window (7 or 30 days) against their targets
 * and day by day (charts drawn by the island script over the same numbers as an accessible table), the circuit
 * breakers that are not closed, the slowest tools, the latest fallback events (paged) and the external MCP servers
 * with their health. Everything comes from one `get_orchestration_stats` call; each block degrades to a short note
 * on its own when that call fails.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { ConsoleSection, PageContext } from '../../page-kit/types.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

type MetricName = 'tool_error_rate' | 'fallback_recovery' | 'latency_accuracy' | 'truncation_rate';

interface Metric {
  name: MetricName;
  value: number | null;
  target: string;
  pass: boolean | null;
  sample_size: number;
  min_samples: number;
}

interface SeriesPoint extends Record<MetricName, number | null> {
  day: string;
  calls: number;
}

interface FallbackEvent {
  chain_id: string;
  primary_tool: string;
  tool: string;
  attempt: number;
  outcome: string;
  error_code: string | null;
  duration_ms: number;
  created_at: string;
}

interface ExternalServer {
  name: string;
  state: string;
  transport: string;
  tools: number;
  restarts: number;
  capability?: string;
  problem?: string;
  breaker: string;
}

export interface OrchestrationStats {
  since: string;
  metrics: Metric[];
  caller_faults: number;
  rows_read: number;
  breakers: Array<{ name: string; scope: 'tool' | 'server'; state: string }>;
  slowest_tools: Array<{ tool: string; p50_ms: number; p95_ms: number; calls: number }>;
  series?: SeriesPoint[];
  fallback_events: { total: number; items: FallbackEvent[]; next_offset: number | null };
  servers: ExternalServer[];
  server_problems: string[];
}

/** The windows the selector offers; anything else in the address falls back to the first. */
export const WINDOWS = [7, 30] as const;
/** Fallback events per page. */
export const FALLBACKS_SHOWN = 20;

const METRIC_LABELS: Record<MetricName, string> = {
  tool_error_rate: 'Tool error rate',
  fallback_recovery: 'Fallback recovery',
  latency_accuracy: 'Latency estimate error',
  truncation_rate: 'Truncation rate',
};
const METRIC_NAMES = Object.keys(METRIC_LABELS) as MetricName[];

const STATE_LABELS: Record<string, string> = {
  half_open: 'half open',
  not_connected: 'not connected',
};

/** Rates as percentages; the latency estimate error is a ratio (0.25 = a quarter off). */
export function formatMetric(name: MetricName, value: number | null): string {
  if (value === null) return '—';
  return name === 'latency_accuracy' ? value.toFixed(2) : `${(value * 100).toFixed(1)}%`;
}

function verdict(metric: Metric): Html {
  if (metric.pass === true) return html`<span class="verdict verdict-pass">Pass</span>`;
  if (metric.pass === false) return html`<span class="verdict verdict-fail">Fail</span>`;
  return html`<span class="muted">${metric.sample_size === 0 ? 'No data' : `Not enough samples (needs ${metric.min_samples})`}</span>`;
}

function state(value: string): string {
  return STATE_LABELS[value] ?? value;
}

function metricsBlock(stats: Promise<OrchestrationStats>, days: number): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'metrics',
    heading: `Success metrics, last ${days} days`,
    load: () => stats,
    render: (data) => html`<table>
<thead><tr><th scope="col">Metric</th><th scope="col">Value</th><th scope="col">Target</th><th scope="col">Verdict</th><th scope="col">Samples</th></tr></thead>
<tbody>${data.metrics.map(
      (metric) => html`<tr><th scope="row">${METRIC_LABELS[metric.name]}</th><td>${formatMetric(metric.name, metric.value)}</td><td>${metric.target}</td><td>${verdict(metric)}</td><td>${metric.sample_size}</td></tr>`,
    )}</tbody>
</table>
<p class="muted">Caller faults (calls that failed because of how they were asked; not counted as errors): ${data.caller_faults}.${
      data.rows_read >= 200_000 ? ` The figures come from the newest ${data.rows_read.toLocaleString('en')} calls of the window.` : ''
    }</p>
${latencyNote(data.metrics.find((metric) => metric.name === 'latency_accuracy'))}`,
  });
}

/** What the latency figure means, and why it has no verdict while too few estimates have been learned (ADR 0097). */
function latencyNote(metric: OrchestrationStats['metrics'][number] | undefined) {
  if (!metric) return '';
  const meaning = 'Latency estimate error is the median gap between how long a call took and how long this machine\'s own earlier calls of that tool said it would, as a share of the estimate.';
  const tooFew =
    metric.sample_size < metric.min_samples
      ? ` It cannot judge yet: ${metric.sample_size} of the ${metric.min_samples} calls it needs had an estimate learned here (a tool's is learned from its 20th successful call of the week).`
      : '';
  return html`<p class="muted" id="latency-note">${meaning}${tooFew}</p>`;
}

/**
 * The series for the island script, as JSON in a data block. Built only from numbers and checked day strings, so
 * nothing in it can close the script element; `<` is escaped all the same.
 */
function seriesJson(points: readonly SeriesPoint[]): string {
  const days = points.map((point) => (/^\d{4}-\d{2}-\d{2}$/.test(point.day) ? point.day : ''));
  const numbers = (values: ReadonlyArray<number | null>) => values.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));
  const data = {
    days,
    calls: numbers(points.map((point) => point.calls)),
    metrics: METRIC_NAMES.map((name) => ({ name, label: METRIC_LABELS[name], percent: name !== 'latency_accuracy', values: numbers(points.map((point) => point[name])) })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function trendBlock(ctx: PageContext, stats: Promise<OrchestrationStats>): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'trend',
    heading: 'Day by day',
    load: () => stats,
    render: (data) => {
      const points = data.series ?? [];
      if (points.every((point) => point.calls === 0 && point.fallback_recovery === null)) return empty('No tool calls in this window yet.');
      return html`<div class="charts" data-island="metric-charts" aria-hidden="true">
<script type="application/json">${raw(seriesJson(points))}</script>
</div>
<table class="series">
<caption>The metrics per day (UTC); the charts above show the same figures.</caption>
<thead><tr><th scope="col">Day</th><th scope="col">Calls</th>${METRIC_NAMES.map((name) => html`<th scope="col">${METRIC_LABELS[name]}</th>`)}</tr></thead>
<tbody>${points.map(
        (point) => html`<tr><th scope="row"><time datetime="${point.day}">${formatLocalTime(point.day, ctx.timeZone)}</time></th><td>${point.calls}</td>${METRIC_NAMES.map((name) => html`<td>${formatMetric(name, point[name])}</td>`)}</tr>`,
      )}</tbody>
</table>`;
    },
  });
}

function breakersBlock(stats: Promise<OrchestrationStats>): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'breakers',
    heading: 'Circuit breakers',
    load: () => stats,
    render: (data) =>
      data.breakers.length === 0
        ? empty('All closed: every tool and server is being called normally.')
        : html`<table>
<thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">State</th></tr></thead>
<tbody>${data.breakers.map(
            (breaker) => html`<tr><th scope="row">${userText(breaker.name)}</th><td>${breaker.scope}</td><td><span class="tag state-${breaker.state}">${state(breaker.state)}</span></td></tr>`,
          )}</tbody>
</table>
<p class="muted">An open breaker stops calls to a tool or server that kept failing; it is tried again after a pause.</p>`,
  });
}

function slowestBlock(stats: Promise<OrchestrationStats>): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'slowest',
    heading: 'Slowest tools',
    load: () => stats,
    render: (data) =>
      data.slowest_tools.length === 0
        ? empty('No answered calls in this window.')
        : html`<table>
<thead><tr><th scope="col">Tool</th><th scope="col">Median</th><th scope="col">95th percentile</th><th scope="col">Calls</th></tr></thead>
<tbody>${data.slowest_tools.map(
            (tool) => html`<tr><th scope="row">${userText(tool.tool)}</th><td>${tool.p50_ms} ms</td><td>${tool.p95_ms} ms</td><td>${tool.calls}</td></tr>`,
          )}</tbody>
</table>`,
  });
}

function pageLink(days: number, offset: number): string {
  return `/orchestration?days=${days}${offset > 0 ? `&fallbacks=${offset}` : ''}#fallbacks`;
}

function fallbacksBlock(ctx: PageContext, stats: Promise<OrchestrationStats>, days: number, offset: number): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'fallbacks',
    heading: 'Fallback events',
    load: () => stats,
    render: (data) => {
      const events = data.fallback_events;
      if (events.items.length === 0) return empty(offset > 0 ? 'No more fallback events.' : 'No fallbacks in this window: every first choice answered or failed without an alternative.');
      const previous = Math.max(0, offset - FALLBACKS_SHOWN);
      return html`<table>
<thead><tr><th scope="col">When</th><th scope="col">Asked for</th><th scope="col">Tried</th><th scope="col">Attempt</th><th scope="col">Outcome</th><th scope="col">Took</th></tr></thead>
<tbody>${events.items.map(
        (event) => html`<tr><th scope="row"><time datetime="${event.created_at}">${formatLocalTime(event.created_at, ctx.timeZone)}</time></th><td>${userText(event.primary_tool)}</td><td>${userText(event.tool)}</td><td>${event.attempt === 0 ? 'first choice' : `fallback ${event.attempt}`}</td><td><span class="tag outcome-${event.outcome}">${event.outcome.replace(/_/g, ' ')}</span>${event.error_code ? html` <span class="muted">${event.error_code}</span>` : ''}</td><td>${event.duration_ms} ms</td></tr>`,
      )}</tbody>
</table>
<nav class="pager" aria-label="Fallback event pages">
<p class="muted">${offset + 1}–${offset + events.items.length} of ${events.total}, newest first.</p>
${offset > 0 ? html`<a href="${pageLink(days, previous)}" rel="prev">Newer events</a>` : ''}
${events.next_offset !== null ? html`<a href="${pageLink(days, events.next_offset)}" rel="next">Older events</a>` : ''}
</nav>`;
    },
  });
}

function serversBlock(stats: Promise<OrchestrationStats>): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'servers',
    heading: 'External servers',
    load: () => stats,
    render: (data) => html`${data.servers.length === 0
      ? empty('No external MCP servers are configured (mcpServers, or the servers file).')
      : html`<table>
<thead><tr><th scope="col">Server</th><th scope="col">State</th><th scope="col">Tools</th><th scope="col">Restarts</th><th scope="col">Breaker</th><th scope="col">Problem</th></tr></thead>
<tbody>${data.servers.map(
          (server) => html`<tr><th scope="row">${userText(server.name)}${server.capability ? html` <span class="muted">(${server.capability})</span>` : ''} <span class="muted">${server.transport}</span></th><td><span class="tag state-${server.state}">${state(server.state)}</span></td><td>${server.tools}</td><td>${server.restarts}</td><td>${state(server.breaker)}</td><td>${server.problem ? userText(server.problem) : ''}</td></tr>`,
        )}</tbody>
</table>`}
${data.server_problems.length > 0 ? html`<h3>Problems with the servers file</h3><ul class="list">${data.server_problems.map((problem) => html`<li>${userText(problem)}</li>`)}</ul>` : ''}`,
  });
}

function windowForm(days: number): Html {
  return html`<form method="get" action="/orchestration" class="inline window-form">
<label for="orchestration-days">Window</label>
<select id="orchestration-days" name="days">${WINDOWS.map((value) => html`<option value="${value}"${value === days ? html` selected` : ''}>Last ${value} days</option>`)}</select>
<button type="submit">Show</button>
</form>`;
}

function numberParam(value: string | null, allowed: (n: number) => boolean, fallback: number): number {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && allowed(parsed) ? parsed : fallback;
}

export const orchestrationSection: ConsoleSection = {
  id: 'orchestration',
  label: 'Orchestration',
  path: '/orchestration',
  register(routes) {
    routes.page('/orchestration', async (ctx) => {
      const days = numberParam(ctx.query.get('days'), (n) => (WINDOWS as readonly number[]).includes(n), WINDOWS[0]);
      const offset = numberParam(ctx.query.get('fallbacks'), (n) => n >= 0 && n <= 1_000_000, 0);
      // One call feeds every block; each block awaits it and shows its own note if it failed.
      const stats = ctx.tool<OrchestrationStats>('get_orchestration_stats', { days, series: 'day', fallback_limit: FALLBACKS_SHOWN, fallback_offset: offset });
      stats.catch(() => undefined);
      const blocks = await Promise.all([metricsBlock(stats, days), trendBlock(ctx, stats), breakersBlock(stats), slowestBlock(stats), fallbacksBlock(ctx, stats, days, offset), serversBlock(stats)]);
      return {
        title: 'Orchestration',
        body: html`<link rel="stylesheet" href="${ctx.assetUrl('uPlot.min.css')}">
<script src="${ctx.assetUrl('uPlot.iife.min.js')}" defer></script>
${windowForm(days)}
<div class="orchestration">${blocks}</div>`,
      };
    });
  },
};

/**
 * One agent run's trace (`/agents/runs/:id`, from get_agent_run): what the run was and how it ended, then a timeline
 * of its steps in order — each model turn with its tokens, time, stop reason and the text it wrote, each tool call
 * with its arguments, a preview of its result, ok or the error code, its time, and a visible mark when the result
 * was untrusted third-party data. Arguments and results are shown escaped in `<pre dir="auto">`.
 */
import { html } from 'hono/html';
import { toolBlock, userText } from '../../page-kit/blocks.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { PageContext, PageView } from '../../page-kit/types.js';
import { formatDuration, formatTokens, readablePayload, runLink, statusTag, type Html, type RunTrace, type StepView } from './agents-views.js';

/** Each step may carry two 2,048-character previews (more once escaped): 25 steps keep a page well under 300 KB. */
const STEPS_PAGE_SIZE = 25;

function payload(label: string, text: string | null): Html {
  if (text === null || text === '') return html``;
  return html`<figure class="payload"><figcaption>${label}</figcaption><pre dir="auto" tabindex="0">${readablePayload(text)}</pre></figure>`;
}

function modelStep(step: StepView): Html {
  return html`<h3><span class="step-number">${step.seq + 1}.</span> Model turn <span class="muted">(round ${step.round}, <code>${step.name}</code>)</span></h3>
<p class="step-meta">${step.ok ? html`<span class="tag status-ok">ok</span>` : html`<span class="tag status-bad">failed: ${step.error_code ?? 'error'}</span>`}
${step.stop_reason ? html` · stop reason <code>${step.stop_reason}</code>` : ''} · ${formatTokens(step.input_tokens, step.output_tokens)} tokens · ${formatDuration(step.duration_ms)}</p>
${payload(step.ok ? 'Text written' : 'Error', step.result_preview)}`;
}

function toolStep(step: StepView): Html {
  return html`<h3><span class="step-number">${step.seq + 1}.</span> Tool call <code>${step.name}</code> <span class="muted">(round ${step.round})</span></h3>
<p class="step-meta">${step.ok ? html`<span class="tag status-ok">ok</span>` : html`<span class="tag status-bad">error: ${step.error_code ?? 'error'}</span>`} · ${formatDuration(step.duration_ms)}
${step.untrusted ? html` · <strong class="untrusted-mark">Untrusted data</strong> <span class="muted">(third-party content, given to the model as data only)</span>` : ''}
${step.truncated ? html` · <span class="muted">result cut to fit the model's context</span>` : ''}</p>
${payload('Arguments', step.arguments_preview)}
${payload(step.untrusted ? 'Result (untrusted)' : 'Result', step.result_preview)}`;
}

function timeline(ctx: PageContext, trace: RunTrace): Html {
  const cursor = ctx.query.get('cursor');
  if (trace.steps.length === 0) {
    return html`<p class="empty">${cursor === null ? 'No steps were recorded for this run (runs recorded before traces were kept have none).' : 'No more steps.'}</p>`;
  }
  const path = runLink(trace.run.run_id);
  return html`<p class="muted">${trace.total_steps} ${trace.total_steps === 1 ? 'step' : 'steps'} in run order.</p>
<ol class="trace">${trace.steps.map(
    (step) => html`<li class="step step-${step.kind}${step.untrusted ? ' step-untrusted' : ''}${step.ok ? '' : ' step-failed'}" id="step-${step.seq}">
${step.kind === 'model' ? modelStep(step) : toolStep(step)}
</li>`,
  )}</ol>
${cursor !== null || trace.next_cursor !== null
  ? html`<nav class="pager" aria-label="Pages of steps">${cursor !== null ? html`<a href="${path}">First steps</a>` : ''}
${trace.next_cursor !== null ? html`<a href="${path}?cursor=${encodeURIComponent(trace.next_cursor)}" rel="next">Next page of steps</a>` : ''}</nav>`
  : ''}`;
}

function summary(ctx: PageContext, trace: RunTrace): Html {
  const { run } = trace;
  return html`<dl class="facts">
<dt>Agent</dt><dd><code>${run.agent}</code> · <a href="/agents/runs?agent=${encodeURIComponent(run.agent)}">its other runs</a></dd>
<dt>Status</dt><dd>${statusTag(run.status)}${run.stop_reason ? html` <span class="muted">(stop reason <code>${run.stop_reason}</code>)</span>` : ''}</dd>
${run.error ? html`<dt>Error</dt><dd class="error" dir="auto">${run.error}</dd>` : ''}
<dt>Instruction</dt><dd class="preview">${userText(run.instruction_preview)}</dd>
<dt>Started by</dt><dd>${run.trigger}${run.parent_run_id ? html` · from <a href="${runLink(run.parent_run_id)}">the parent run</a>` : ''}</dd>
<dt>Model</dt><dd><code>${run.model}</code></dd>
<dt>Started</dt><dd><time datetime="${run.started_at}">${formatLocalTime(run.started_at, ctx.timeZone)}</time></dd>
<dt>Time</dt><dd>${formatDuration(run.duration_ms)}</dd>
<dt>Rounds</dt><dd>${run.rounds} rounds, ${run.tool_call_count} tool ${run.tool_call_count === 1 ? 'call' : 'calls'}</dd>
<dt>Tokens</dt><dd>${formatTokens(run.input_tokens, run.output_tokens)}</dd>
</dl>`;
}

export async function agentRunTracePage(ctx: PageContext): Promise<PageView> {
  const runId = ctx.params['id'] ?? '';
  const cursor = ctx.query.get('cursor');
  const trace = ctx.tool<RunTrace>('get_agent_run', { run_id: runId, limit: STEPS_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) });
  const loaded = await trace.catch(() => undefined);
  const blocks = await Promise.all([
    toolBlock({ id: 'run', heading: 'Run', load: () => trace, render: (value) => summary(ctx, value) }),
    toolBlock({ id: 'trace', heading: 'Trace', load: () => trace, render: (value) => timeline(ctx, value) }),
  ]);
  return {
    title: loaded ? `Run of ${loaded.run.agent}` : 'Agent run',
    body: html`<p><a href="/agents/runs">Back to the runs</a></p>${blocks}`,
  };
}

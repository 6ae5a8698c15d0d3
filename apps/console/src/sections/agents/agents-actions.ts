/** The Agents section's one action: run an agent on an instruction (run_agent), then open the run's trace. */
import type { ConsoleRoutes } from '../../page-kit/types.js';
import { runLink, statusText, type RunView } from './agents-views.js';

export function agentsActions(routes: ConsoleRoutes): void {
  routes.action('/agents/run', async (ctx) => {
    const agent = (ctx.form.agent ?? '').trim();
    const instruction = (ctx.form.instruction ?? '').trim();
    if (agent === '' || instruction === '') {
      return { redirect: `/agents${agent === '' ? '' : `?agent=${encodeURIComponent(agent)}`}#run`, flash: 'Not done: choose an agent and write an instruction for it.' };
    }
    // The run takes as long as the agent does; the trace page then shows every step it took.
    const result = await ctx.tool<Pick<RunView, 'run_id' | 'status'> & { agent: string; error?: string }>('run_agent', { name: agent, instruction });
    return {
      redirect: runLink(result.run_id),
      flash: `${result.agent}: run ${statusText(result.status)}${result.error ? ` — ${result.error}` : '.'}`,
    };
  });
}

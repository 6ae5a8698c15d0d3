/** The Agents section's one action: run an agent on an instruction (run_agent), then open the run's trace. */
import { ConsoleToolError, formProblem } from '../../page-kit/console-tool-error.js';
import type { ConsoleRoutes } from '../../page-kit/types.js';
import { runLink, statusText, type RunView } from './agents-views.js';

export function agentsActions(routes: ConsoleRoutes): void {
  routes.action('/agents/run', async (ctx) => {
    const agent = (ctx.form.agent ?? '').trim();
    const instruction = (ctx.form.instruction ?? '').trim();
    if (agent === '') throw formProblem('agent', 'Choose the agent to run.');
    if (instruction === '') throw formProblem('instruction', 'Write an instruction for the agent: what it should do.');
    // The run takes as long as the agent does; the trace page then shows every step it took.
    // run_agent calls the agent `name`: a problem with it concerns the form's agent field.
    const result = await ctx
      .tool<Pick<RunView, 'run_id' | 'status'> & { agent: string; error?: string }>('run_agent', { name: agent, instruction })
      .catch((error: unknown) => {
        if (error instanceof ConsoleToolError && error.field === 'name') throw new ConsoleToolError(error.code, error.message, error.hint, 'agent');
        throw error;
      });
    return {
      redirect: runLink(result.run_id),
      flash: `${result.agent}: run ${statusText(result.status)}${result.error ? ` — ${result.error}` : '.'}`,
    };
  });
}

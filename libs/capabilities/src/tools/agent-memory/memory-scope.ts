/**
 * Who may touch which agent memory and shared namespace (docs/reference/tool-catalogue.md#agents-and-agent-memory,
 * docs/security.md#agent-memory-isolation). Decided here from `ctx.caller`, so the host, agents and the scheduler
 * share one definition of each tool.
 */
import { ToolError, type ToolCaller } from '@chief-of-staff/core';

export const AGENT_MEMORY_ADMIN = 'agent_memory_admin';

function isAdmin(caller: ToolCaller): boolean {
  return caller.capabilities?.includes(AGENT_MEMORY_ADMIN) ?? false;
}

/**
 * The agent whose memory a call may use. Agents get their own by default and only their own unless they hold
 * agent_memory_admin; other callers must name the agent.
 */
export function resolveAgentScope(caller: ToolCaller, requested: string | undefined): string {
  if (caller.kind === 'agent') {
    const self = caller.agentName;
    if (!self) {
      throw new ToolError('PERMISSION_DENIED', 'This agent call does not say which agent is calling, so no agent memory is available.');
    }
    if (requested === undefined || requested === self) return self;
    if (isAdmin(caller)) return requested;
    throw new ToolError('PERMISSION_DENIED', `Agent "${self}" may only use its own memory, not that of "${requested}".`, {
      hint: `Omit agent_name to use your own memory; reading other agents' memory needs the ${AGENT_MEMORY_ADMIN} capability.`,
      details: { agent_name: requested },
    });
  }
  if (requested === undefined) {
    throw ToolError.invalidArgument('agent_name', 'is required when the caller is not an agent.', 'Name the agent, e.g. "researcher".');
  }
  return requested;
}

/** Agents may use only the namespaces in their config (any with agent_memory_admin); other callers any. */
export function assertNamespaceAccess(caller: ToolCaller, namespace: string): void {
  if (caller.kind !== 'agent' || isAdmin(caller)) return;
  const allowed = caller.namespaces ?? [];
  if (allowed.includes(namespace)) return;
  throw new ToolError('PERMISSION_DENIED', `Agent "${caller.agentName ?? 'unknown'}" may not use the shared namespace "${namespace}".`, {
    hint:
      allowed.length > 0
        ? `This agent's namespaces: ${allowed.join(', ')}.`
        : 'This agent has no shared namespaces; add one to its config `namespaces` to allow it.',
    details: { namespace },
  });
}

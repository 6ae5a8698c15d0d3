/** Who wrote something, for outbox entries and notifications: the agent's name, else `user`. */
import type { ToolCaller } from '@chief-of-staff/core';

export function callerLabel(caller: ToolCaller): string {
  if (caller.kind === 'agent') return caller.agentName ?? 'agent';
  if (caller.kind === 'host' || caller.kind === 'cli') return 'user';
  return caller.agentName ?? caller.kind;
}

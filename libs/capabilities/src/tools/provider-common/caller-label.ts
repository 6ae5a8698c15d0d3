/** Who wrote something, for outbox entries and notifications: the agent's name, else `user`. */
import { isPersonCaller, type ToolCaller } from '@chief-of-staff/core';

export function callerLabel(caller: ToolCaller): string {
  if (caller.kind === 'agent') return caller.agentName ?? 'agent';
  if (isPersonCaller(caller)) return 'user';
  return caller.agentName ?? caller.kind;
}

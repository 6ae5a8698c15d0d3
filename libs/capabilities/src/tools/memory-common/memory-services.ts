/** What the memory-domain tools need from `ctx.services`: the memory store (key `memory`) and, optionally, config. */
import { isPersonCaller, type CosConfig, type ToolCaller } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';

export interface MemoryServices {
  memory: MemoryStore;
  /** Ranking defaults (`facts.halfLifeDays`, `search.rrfK`) come from here when present. */
  config?: CosConfig;
}

/** Who wrote something, for `source` / `written_by` / `delegated_by`: the agent's name, else `user`. */
export function callerName(caller: ToolCaller): string {
  if (caller.kind === 'agent') return caller.agentName ?? 'agent';
  if (isPersonCaller(caller)) return 'user';
  return caller.agentName ?? caller.kind;
}

/**
 * The host's tool calls as the composition root serves them: each runs in its caller's principal scope, waits for a
 * re-exported server still joining and has its tool's learned figures at hand; background work (tool description
 * vectors, re-exported servers' start-up) waits for a pause between calls.
 */
import { principalKeyOf, runInPrincipalScope } from '@chief-of-staff/core';
import type { ToolInvoker } from './call-tool.js';
import type { OrchestrationRuntime } from './orchestration-runtime.js';
import type { LearnedStatistics } from './usage-statistics.js';

/** Background embedding resumes once no host call has run for this long (a client's bursts of calls go first). */
const QUIET_AFTER_CALL_MS = 500;
/** Re-exported external servers are started this long after start-up, once no host call is running… */
const JOIN_AFTER_MS = 100;
/** …or this long after start-up at the latest. */
const JOIN_AT_LATEST_MS = 2_000;

/** Host calls in flight, the last one's end, and whether the Chief of Staff was closed. */
export interface HostActivity {
  callsInFlight: number;
  lastCallEndedAt: number;
  closed: boolean;
}

export function newHostActivity(): HostActivity {
  return { callsInFlight: 0, lastCallEndedAt: 0, closed: false };
}

export interface HostCallDeps {
  invokeTool: ToolInvoker;
  runtime: OrchestrationRuntime;
  /** Re-exported servers whose tools the host does not see yet. */
  joining: () => string[];
  statistics: LearnedStatistics;
  activity: HostActivity;
}

/**
 * A call made for a signed-in person runs in their principal scope, and so does everything it starts (agent runs,
 * background writes); without one, the scope of the caller's context (the owner by default) stays.
 */
export function hostCallTool(deps: HostCallDeps): ToolInvoker {
  const { invokeTool, runtime, statistics, activity } = deps;
  const callToolInScope: ToolInvoker = async (name, args, callOptions) => {
    activity.callsInFlight++;
    try {
      // A re-exported tool of a server still joining is waited for, not reported unknown.
      if (runtime.get(name) === undefined && deps.joining().length > 0) await runtime.prepare();
      // The tool's learned figures are at hand before the call runs (its expected latency is recorded with it).
      await statistics.prefetch([name]);
      return await invokeTool(name, args, callOptions);
    } finally {
      activity.callsInFlight--;
      activity.lastCallEndedAt = performance.now();
    }
  };
  return (name, args, callOptions) => {
    const principal = callOptions?.caller?.principal;
    return principal === undefined ? callToolInScope(name, args, callOptions) : runInPrincipalScope(principalKeyOf(principal), () => callToolInScope(name, args, callOptions));
  };
}

/** Settles once no host call has run for a while (or at once when closed). */
export async function hostQuiet(activity: HostActivity): Promise<void> {
  while (!activity.closed && (activity.callsInFlight > 0 || performance.now() - activity.lastCallEndedAt < QUIET_AFTER_CALL_MS)) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_AFTER_CALL_MS).unref());
  }
}

/**
 * Re-exported external tools are part of what this process serves, but nothing waits for their servers: the tools
 * kept from their last start are offered meanwhile, a call to one starts its server and waits for it, and
 * `orchestration.onToolsChanged` tells the host when the list changed. The servers are started once the first calls
 * have been answered, so their start-up does not compete with those calls for the processor (docs/adr/0057).
 */
export function joinExternalServersWhenFree(runtime: OrchestrationRuntime, activity: HostActivity): void {
  const startedAt = performance.now();
  const joinWhenFree = (): void => {
    if (activity.closed) return;
    // Between calls, and never later than JOIN_AT_LATEST_MS: a client calling without pause must not keep them out.
    if (activity.callsInFlight > 0 && performance.now() - startedAt < JOIN_AT_LATEST_MS) setTimeout(joinWhenFree, 20).unref();
    else void runtime.prepare();
  };
  setTimeout(joinWhenFree, JOIN_AFTER_MS).unref();
}

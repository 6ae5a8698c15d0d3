/**
 * Circuit breakers per tool and per external server (cockatiel): after `threshold` consecutive failures a breaker
 * opens and calls fail fast; after `halfOpenAfterMs` one trial call is let through, and its outcome closes or reopens
 * it. Only failures of the service count (time-outs, errors); a caller's bad arguments or an empty answer do not.
 */
import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';

export type BreakerState = 'closed' | 'open' | 'half_open' | 'isolated';

export interface BreakerStateView {
  name: string;
  scope: 'tool' | 'server';
  state: BreakerState;
}

export interface BreakerSettings {
  /** Consecutive failures that open a breaker (default 5). */
  threshold: number;
  /** How long an open breaker waits before letting a trial call through (default 30 s). */
  halfOpenAfterMs: number;
}

export const DEFAULT_BREAKER_SETTINGS: BreakerSettings = { threshold: 5, halfOpenAfterMs: 30_000 };

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'isolated',
};

export interface CircuitBreakers {
  /** The breakers a call to `tool` (served by `server`, or internal) passes through, outermost first. */
  for(tool: string, server: string): CircuitBreakerPolicy[];
  states(): BreakerStateView[];
}

export function createCircuitBreakers(settings: BreakerSettings = DEFAULT_BREAKER_SETTINGS): CircuitBreakers {
  const breakers = new Map<string, { scope: 'tool' | 'server'; name: string; policy: CircuitBreakerPolicy }>();
  const get = (scope: 'tool' | 'server', name: string): CircuitBreakerPolicy => {
    const key = `${scope}:${name}`;
    let entry = breakers.get(key);
    if (!entry) {
      entry = { scope, name, policy: circuitBreaker(handleAll, { halfOpenAfter: settings.halfOpenAfterMs, breaker: new ConsecutiveBreaker(settings.threshold) }) };
      breakers.set(key, entry);
    }
    return entry.policy;
  };
  return {
    for: (tool, server) => (server === 'internal' ? [get('tool', tool)] : [get('server', server), get('tool', tool)]),
    states: () => [...breakers.values()].map(({ scope, name, policy }) => ({ name, scope, state: STATE_NAMES[policy.state] })),
  };
}

/**
 * Benchmark: six injected sources of 50–300 ms. The wall time of one `enrichPerson` call must stay within 1.15 ×
 * the slowest source (sequential calls would take the sum). The sources model the real adapters' dependency on
 * identity resolution: facts runs its ranked search while identities resolve; delegations, decisions, messages
 * and mail start their own work only once the person is resolved, so their finish time is identities + their own.
 */
import { enrichPerson, type EnrichPersonDeps } from './enrich-person/enrich-person.js';
import type { PersonSourceRequest } from './enrich-person/source-ports.js';
import type { IdentityItem } from './enrich-person/section-items.js';

const LATENCY_MS = { identities: 50, facts: 300, delegations: 150, decisions: 100, messages: 200, emails: 250 };
const SLOWEST_MS = Math.max(...Object.values(LATENCY_MS));
const SUM_MS = Object.values(LATENCY_MS).reduce((a, b) => a + b, 0);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

const identity: IdentityItem = {
  provider: 'email',
  provider_id: 'jane@acme.com',
  email: 'jane@acme.com',
  display_name: 'Jane S.',
  canonical_name: 'Jane Smith',
};

/** A source that needs the resolved person before it can start its own query. */
function afterResolution<T>(ms: number, item: T) {
  return async ({ person, signal }: PersonSourceRequest): Promise<T[]> => {
    await person;
    await sleep(ms, signal);
    return [item];
  };
}

const deps: EnrichPersonDeps = {
  sourceTimeoutMs: 5_000,
  identities: async ({ signal }) => (await sleep(LATENCY_MS.identities, signal), [identity]),
  facts: async ({ person, signal }) => {
    await Promise.all([sleep(LATENCY_MS.facts, signal), person]);
    return [{ category: 'work', key: 'jane.project', value: 'Apollo', confidence: 1, score: 1 }];
  },
  delegations: afterResolution(LATENCY_MS.delegations, { task: 'Budget', due_date: null, priority: 'high', status: 'active', id: 1 }),
  decisions: afterResolution(LATENCY_MS.decisions, { title: 'Hire', status: 'executed', created_at: '2026-01-01T00:00:00.000Z', id: 1 }),
  messages: afterResolution(LATENCY_MS.messages, { sender: 'Jane S.', text: 'hi', date: '2026-01-01T00:00:00.000Z', channel: 'sms' }),
  emails: afterResolution(LATENCY_MS.emails, { subject: 'Budget', from: 'Jane <jane@acme.com>', date: '2026-01-01T00:00:00.000Z', message_id: '1' }),
};

const walls: number[] = [];

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
}

export const benchmarks = [
  {
    name: 'enrichment: six sources of 50–300 ms in parallel',
    iterations: 20,
    time: 0,
    fn: async () => {
      const started = performance.now();
      const result = await enrichPerson(deps, { name: 'Jane Smith' });
      walls.push(performance.now() - started);
      if (Object.values(result.sources).some((report) => report.status !== 'ok')) {
        throw new Error('every source should have answered');
      }
    },
    metrics: () => ({
      slowestSourceMs: SLOWEST_MS,
      sequentialSumMs: SUM_MS,
      wallP95Ms: Math.round(p95(walls) * 10) / 10,
      /** p95 wall time ÷ the slowest source; the goal is ≤ 1.15. */
      wallRatio: Math.round((p95(walls) / SLOWEST_MS) * 1000) / 1000,
      /** What running the sources one after another would cost, for contrast. */
      sequentialRatio: Math.round((SUM_MS / SLOWEST_MS) * 1000) / 1000,
    }),
    goal: { metric: 'wallRatio', max: 1.15 },
  },
];

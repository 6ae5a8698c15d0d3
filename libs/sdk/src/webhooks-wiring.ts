/**
 * Webhooks as the sdk runs them: deliveries received over HTTP (the worker, or an embedder's own server) are checked
 * and stored by `receiveWebhook`; with `webhooks.autoDispatch` a new event is routed to its agents right after the
 * answer is sent, and the scheduler's `webhook_dispatch` task picks up whatever is still waiting (a crash between the
 * two, a failed run with attempts left). Each source's secret is resolved once, here (`env:NAME` / `${NAME}`), so
 * `receiveWebhook` only ever sees the real secret: a source whose variable is unset has none and refuses every
 * delivery, and `checkSecrets` (called by the HTTP server before it listens) refuses to start, naming the variable.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { resolveSecret, unsetSecretError, unsetSecretReferences, type Clock, type ConfigError, type CosConfig, type Logger } from '@chief-of-staff/core';
import { createRateLimiter, importInbox, receiveWebhook, type WebhookAnswer, type WebhookRequest } from '@chief-of-staff/capabilities';
import { dispatchPendingWebhookEvents, dispatchWebhookEvent, type AgentsService, type WebhookDispatchResult } from '@chief-of-staff/agents';
import type { MemoryStore } from '@chief-of-staff/stores';

/** Deliveries accepted per source per minute. */
export const WEBHOOK_RATE_PER_MINUTE = 60;

export interface WebhookReceiver {
  /** Checks and stores one delivery; resolves with the HTTP answer to send. */
  receive(request: WebhookRequest): Promise<WebhookAnswer>;
  /** Routes one stored event now. */
  dispatch(eventId: number, options?: { force?: boolean }): Promise<WebhookDispatchResult>;
  /** Routes new events and failed ones with attempts left. */
  dispatchPending(signal?: AbortSignal): Promise<{ processed: number; failed: number; unrouted: number }>;
  /** Imports the files dropped into `webhooks.inboxDir` (and routes them when auto-dispatch is on). */
  importInbox(signal?: AbortSignal): Promise<{ imported: number; duplicates: number; failed: number; skipped?: string }>;
  /** Resolves when background routing started by `receive` has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Throws a ConfigError naming the key and the variable when a source's secret refers to an unset variable. */
  checkSecrets(): void;
}

/**
 * The webhooks settings with every source's secret resolved, and the error for each source whose secret refers to an
 * unset variable (that source keeps no secret, so its deliveries are refused with 401, never checked against the
 * reference's text).
 */
export function resolveWebhookSecrets(
  webhooks: CosConfig['webhooks'],
  env: NodeJS.ProcessEnv = process.env,
): { webhooks: CosConfig['webhooks']; problems: ConfigError[] } {
  const problems: ConfigError[] = [];
  const sources = Object.fromEntries(
    Object.entries(webhooks.sources).map(([name, source]) => {
      const unset = unsetSecretReferences(source.secret, env);
      if (unset.length > 0) problems.push(unsetSecretError(`webhooks.sources.${name}.secret`, unset, 'the webhook receiver'));
      const { secret, ...rest } = source;
      const resolved = resolveSecret(secret, env);
      return [name, resolved === undefined ? rest : { ...rest, secret: resolved }];
    }),
  );
  return { webhooks: { ...webhooks, sources }, problems };
}

export function createWebhookReceiver(deps: { memory: MemoryStore; agents: AgentsService; config: CosConfig; clock: Clock; logger: Logger; env?: NodeJS.ProcessEnv }): WebhookReceiver {
  const resolved = resolveWebhookSecrets(deps.config.webhooks, deps.env);
  const limiter = createRateLimiter(WEBHOOK_RATE_PER_MINUTE);
  const running = new Set<Promise<unknown>>();
  const dispatchDeps = { memory: deps.memory, agents: deps.agents, logger: deps.logger };
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  return {
    async receive(request) {
      const answer = await receiveWebhook({ events: deps.memory.webhookEvents, webhooks: resolved.webhooks, limiter, nowMs: () => deps.clock.now().getTime() }, request);
      if (answer.storedEventId !== undefined && deps.config.webhooks.autoDispatch) {
        const eventId = answer.storedEventId;
        // After the answer: the sender is never kept waiting on an agent run.
        track(
          nextTurn()
            .then(() => dispatchWebhookEvent(dispatchDeps, eventId))
            .catch((error: unknown) => deps.logger.warn({ err: error, event: eventId }, 'routing a webhook event failed; the webhook_dispatch task retries it')),
        );
      }
      return answer;
    },
    dispatch: (eventId, options) => dispatchWebhookEvent(dispatchDeps, eventId, options),
    async importInbox(signal) {
      const { eventIds, ...counts } = await importInbox({ events: deps.memory.webhookEvents, inboxDir: deps.config.webhooks.inboxDir, logger: deps.logger, nowMs: () => deps.clock.now().getTime() });
      if (deps.config.webhooks.autoDispatch) {
        for (const eventId of eventIds) {
          if (signal?.aborted) break;
          await dispatchWebhookEvent(dispatchDeps, eventId).catch((error: unknown) => deps.logger.warn({ err: error, event: eventId }, 'routing an inbox event failed; the webhook_dispatch task retries it'));
        }
      }
      return counts;
    },
    dispatchPending: (signal) => dispatchPendingWebhookEvents(dispatchDeps, signal ? { signal } : {}),
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    checkSecrets() {
      const [first] = resolved.problems;
      if (first) throw first;
    },
  };
}

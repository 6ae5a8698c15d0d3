/**
 * Connects the scheduler to the rest of the system: its handlers reach the notifier chain, the agent runtime, the
 * usage-pattern detector and vector maintenance through the ports defined by the scheduler library, which itself
 * depends on the stores only.
 */
import type { Clock, CosConfig, Logger } from '@chief-of-staff/core';
import { FACT_CATEGORIES, isSuggestionHidden } from '@chief-of-staff/stores';
import { syncCalendarFeeds } from '@chief-of-staff/providers';
import { currentSuggestions } from '@chief-of-staff/capabilities';
import { analyzeSkillPatterns, type AgentsService } from '@chief-of-staff/agents';
import { SchedulerEngine, type SchedulerPorts } from '@chief-of-staff/scheduler';
import type { CosServices } from './services.js';
import type { WebhookReceiver } from './webhooks-wiring.js';

export interface SchedulerWiring {
  services: CosServices;
  agents: AgentsService;
  config: CosConfig;
  clock: Clock;
  logger: Logger;
  /** Lease owner name; unique per process. */
  owner: string;
  webhooks: WebhookReceiver;
}

export function schedulerPorts(wiring: SchedulerWiring): SchedulerPorts {
  const { services, agents, config, clock, logger, webhooks } = wiring;
  return {
    memory: services.memory,
    config,
    clock,
    logger: logger.child({ component: 'scheduler' }),
    notifications: {
      async notify(request) {
        const notifier = services.providers.notifier;
        if (!notifier) return { delivered: false, channels: [], error: 'notifications are switched off (providers.notifications: none)' };
        const outcome = await notifier.notify({ title: request.title, message: request.body, urgency: request.urgency, origin: request.origin });
        const failed = outcome.failures.map((failure) => `${failure.channel}: ${failure.reason}`).join('; ');
        return { delivered: true, channels: outcome.channels, ...(failed === '' ? {} : { error: failed }) };
      },
    },
    agents: {
      async run(name, instruction, options) {
        const entry = agents.registry.require(name, 'agent');
        const result = await agents.runner.run(entry.config, instruction, { trigger: 'scheduler', signal: options.signal, timeoutSeconds: options.timeoutSeconds });
        return { runId: result.run_id, status: result.status, text: result.text };
      },
    },
    webhooks: {
      dispatchPending: (signal) => webhooks.dispatchPending(signal),
      importInbox: (signal) => webhooks.importInbox(signal),
    },
    proactive: {
      async pushNew() {
        const nowIso = clock.now().toISOString();
        const suggestions = (await currentSuggestions({ services, clock, logger })).filter((suggestion) => suggestion.priority === 'high');
        const states = await services.memory.suggestionState.getMany(suggestions.map((suggestion) => suggestion.key));
        // New, or (alerts) triggered again since the last push; never what was dismissed or is snoozed.
        const fresh = suggestions.filter((suggestion) => {
          const state = states.get(suggestion.key);
          if (isSuggestionHidden(state, nowIso)) return false;
          return !state?.lastPushedAt || (suggestion.category === 'alert' && suggestion.created_at > state.lastPushedAt);
        });
        if (fresh.length === 0) return { pushed: 0 };
        await services.memory.suggestionState.markPushed(fresh.map((suggestion) => ({ key: suggestion.key, category: suggestion.category })));
        return { pushed: fresh.length, text: fresh.map((suggestion) => `• ${suggestion.title} — ${suggestion.description}`).join('\n') };
      },
    },
    skills: {
      analyze: async (options) => ({ ...(await analyzeSkillPatterns(agents, { minOccurrences: options.minOccurrences, confidenceThreshold: options.threshold })) }),
    },
    calendarFeeds: {
      sync: async ({ force }) =>
        (
          await syncCalendarFeeds(services.providers.local.calendar, config.calendar.feeds, {
            timezone: config.timezone,
            selfEmails: [config.user.email, ...config.user.handles].filter((email): email is string => Boolean(email)),
            now: clock.now(),
            force,
          })
        ).map((result) => ({ ...result })),
    },
    maintenance: {
      async embedPendingFacts(signal) {
        const index = services.memory.factVectors;
        if (!index) return 0;
        let embedded = 0;
        for (const category of FACT_CATEGORIES) {
          for (const fact of await services.memory.facts.allInCategory(category)) {
            if (signal.aborted) return embedded;
            if (fact.embeddingStatus !== 'pending') continue;
            await index.upsertFact({ id: fact.id, category: fact.category, key: fact.key, value: fact.value });
            if (await services.memory.facts.setEmbeddingStatus(fact.id, 'ok', fact.updatedAt)) embedded += 1;
          }
        }
        return embedded;
      },
      compactVectors: () => services.documents.optimize(),
    },
  };
}

export function createSchedulerEngine(wiring: SchedulerWiring): SchedulerEngine {
  return new SchedulerEngine({ ...schedulerPorts(wiring), owner: wiring.owner });
}

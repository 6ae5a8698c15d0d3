/**
 * The tool usage, skill suggestions, agent runs, model calls and fallback events contracts (ADR 0065) against the SQLite adapter, on a
 * fresh database file per test.
 */
import { describeAgentRunsRepositoryContract, describeAgentRunStepsRepositoryContract, describeFallbackEventsRepositoryContract, describeModelCallsRepositoryContract, describeSkillSuggestionsRepositoryContract, describeToolUsageRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeToolUsageRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.toolUsage, close: () => store.cleanup() };
});

describeSkillSuggestionsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.skillSuggestions, close: () => store.cleanup() };
});

describeAgentRunsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.agentRuns, close: () => store.cleanup() };
});

describeModelCallsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.modelCalls, close: () => store.cleanup() };
});

describeFallbackEventsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.fallbackEvents, close: () => store.cleanup() };
});

describeAgentRunStepsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.agentRunSteps, close: () => store.cleanup() };
});

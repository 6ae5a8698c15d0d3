/** @chief-of-staff/stores/testing — public API named explicitly below. */
export { TEAM_CALENDAR_ICS } from './fixture-files.js';
export { syntheticFactQueries, syntheticFacts, syntheticFactWords } from './synthetic-facts.js';
export type { SyntheticFact } from './synthetic-facts.js';
export { describeFactsRepositoryContract } from './contracts/facts-repository-contract.js';
export type { OpenedFactsRepository, OpenFactsRepository } from './contracts/facts-repository-contract.js';
// Contracts of the webhook, telemetry and proactive repositories (ADR 0065).
export { describeRepositoryContract, toolErrorOf } from './contracts/contract-jest.js';
export type { OpenedRepository, OpenRepository } from './contracts/contract-jest.js';
export { describeEventRulesRepositoryContract, describeWebhookEventsRepositoryContract } from './contracts/webhook-repositories-contract.js';
export { describeSkillSuggestionsRepositoryContract, describeToolUsageRepositoryContract } from './contracts/telemetry-repositories-contract.js';
export {
  describeAgentRunsRepositoryContract,
  describeFallbackEventsRepositoryContract,
  describeModelCallsRepositoryContract,
} from './contracts/run-log-repositories-contract.js';
export { describeAgentRunStepsRepositoryContract } from './contracts/run-steps-repository-contract.js';
export { describeNotificationsRepositoryContract, describeSuggestionStateRepositoryContract } from './contracts/proactive-repositories-contract.js';
// Memory and lifecycle repository contracts (ADR 0063), and the decisions the search contract ranks.
export { DECISION_SEARCH_CORPUS, DECISION_SEARCH_QUERIES } from './contracts/decision-search-corpus.js';
export { describeIdentitiesRepositoryContract, describeLocationsRepositoryContract } from './contracts/identities-locations-contract.js';
export type {
  OpenedIdentitiesRepository,
  OpenedLocationsRepository,
  OpenIdentitiesRepository,
  OpenLocationsRepository,
} from './contracts/identities-locations-contract.js';
export { describeAgentMemoryRepositoryContract, describeSharedMemoryRepositoryContract } from './contracts/agent-memory-contract.js';
export type {
  OpenAgentMemoryRepository,
  OpenedAgentMemoryRepository,
  OpenedSharedMemoryRepository,
  OpenSharedMemoryRepository,
} from './contracts/agent-memory-contract.js';
export { describeDecisionsRepositoryContract } from './contracts/decisions-repository-contract.js';
export type { OpenDecisionsRepository, OpenedDecisionsRepository } from './contracts/decisions-repository-contract.js';
export { describeDelegationsRepositoryContract } from './contracts/delegations-repository-contract.js';
export type { OpenDelegationsRepository, OpenedDelegationsRepository } from './contracts/delegations-repository-contract.js';
export { describeAlertRulesRepositoryContract } from './contracts/alert-rules-repository-contract.js';
export type { OpenAlertRulesRepository, OpenedAlertRulesRepository } from './contracts/alert-rules-repository-contract.js';
// The local messages store's contract (ADR 0073).
export { describeMessagesRepositoryContract } from './contracts/messages-repository-contract.js';
// The reminders repository contract (ADR 0071).
export { describeRemindersRepositoryContract } from './contracts/reminders-repository-contract.js';
// The local calendar's contract (ADR 0070).
export { describeCalendarRepositoryContract } from './contracts/calendar-repository-contract.js';
// The mail repository contract (ADR 0072).
export { describeMailRepositoryContract } from './contracts/mail-repository-contract.js';
// Users and personal access tokens contract (ADR 0074).
export { describeSignInRepositoriesContract } from './contracts/sign-in-repositories-contract.js';
export type { SignInRepositories } from './contracts/sign-in-repositories-contract.js';

/**
 * Loads what alert evaluation reads from the store: active delegations, pending decisions and a fact lookup.
 * Kept apart from the pure evaluation so the worker and `check_alerts` read the same rows the same way.
 */
import type { FactsRepository } from '../memory/facts-repository.js';
import type { DecisionsRepository } from './decisions-repository.js';
import type { DelegationsRepository } from './delegations-repository.js';
import type { AlertData } from './evaluate-alerts.js';

export function loadAlertData(repos: {
  facts: FactsRepository;
  decisions: DecisionsRepository;
  delegations: DelegationsRepository;
}): AlertData {
  return {
    delegations: repos.delegations.allActive(),
    decisions: repos.decisions.allPending(),
    getFact: (category, key) => repos.facts.get(category, key),
  };
}

/**
 * Loads what alert evaluation reads from the store: active delegations, pending decisions and the facts that the
 * given rules watch. Kept apart from the pure evaluation so the worker and `check_alerts` read the same rows the same
 * way.
 */
import type { FactCategory } from '../db/enums.js';
import type { FactsRepository } from '../memory/facts-repository.js';
import { parseAlertCondition } from './alert-conditions.js';
import type { DecisionsRepository } from './decisions-repository.js';
import type { DelegationsRepository } from './delegations-repository.js';
import type { AlertData, AlertFact, AlertRuleLike } from './evaluate-alerts.js';

/**
 * Reads the rows evaluation needs. Evaluation itself stays synchronous, so the facts that `stale_fact` rules look up
 * are read here first (an enabled rule's fact, once each); a rule whose condition does not parse is left for
 * evaluation to report.
 */
export async function loadAlertData(
  repos: {
    facts: FactsRepository;
    decisions: DecisionsRepository;
    delegations: DelegationsRepository;
  },
  /** The rules that will be evaluated over the data (their watched facts are read). */
  rules: readonly AlertRuleLike[],
): Promise<AlertData> {
  const watched = new Map<string, { category: FactCategory; key: string }>();
  for (const rule of rules) {
    if (!rule.enabled || rule.alertType !== 'stale_fact') continue;
    try {
      const { category, key } = parseAlertCondition('stale_fact', rule.condition);
      watched.set(factKey(category, key), { category, key });
    } catch {
      // Evaluation parses the condition again and says what is wrong with it.
    }
  }
  const facts = new Map<string, AlertFact>();
  for (const [id, { category, key }] of watched) {
    const fact = await repos.facts.get(category, key);
    if (fact) facts.set(id, fact);
  }
  return {
    delegations: await repos.delegations.allActive(),
    decisions: await repos.decisions.allPending(),
    getFact: (category, key) => facts.get(factKey(category, key)),
  };
}

function factKey(category: FactCategory, key: string): string {
  return `${category}\u0000${key}`;
}

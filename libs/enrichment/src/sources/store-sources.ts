/**
 * The six sources over the real stores: identities, facts, delegations and decisions from the memory store;
 * messages and mail from the provider registry. A provider that is switched off leaves its source out, with the
 * registry's own explanation of how to turn it on as the `unavailable` reason.
 */
import type { MemoryStore } from '@chief-of-staff/stores';
import type { ProviderRegistry } from '@chief-of-staff/providers';
import type { EnrichmentSection } from '../enrich-person/sections.js';
import type { EnrichmentSources } from '../enrich-person/source-ports.js';
import { sanitizeReason } from '../enrich-person/source-errors.js';
import { createDecisionsSource } from './decisions-source.js';
import { createDelegationsSource } from './delegations-source.js';
import { createFactsSource, type FactsSourceOptions } from './facts-source.js';
import { createIdentitiesSource } from './identities-source.js';
import { createMailSource } from './mail-source.js';
import { createMessagesSource } from './messages-source.js';

/** What the sources read from the registry: the two providers, and `require` for the reason one is off. */
export type EnrichmentProviders = Pick<ProviderRegistry, 'mail' | 'messages' | 'require'>;

export interface StoreSources extends EnrichmentSources {
  unavailableReasons: Partial<Record<EnrichmentSection, string>>;
}

function whyAbsent(providers: EnrichmentProviders | undefined, kind: 'mail' | 'messages'): string {
  if (!providers) return `No provider registry is attached, so ${kind} cannot be searched.`;
  try {
    providers.require(kind);
  } catch (error) {
    if (error instanceof Error) return sanitizeReason(error.message);
  }
  return `The ${kind} provider is not available.`;
}

export function createStoreSources(
  memory: MemoryStore,
  providers: EnrichmentProviders | undefined,
  options: FactsSourceOptions = {},
): StoreSources {
  const messages = providers?.messages ?? null;
  const mail = providers?.mail ?? null;
  const unavailableReasons: Partial<Record<EnrichmentSection, string>> = {};
  if (!messages) unavailableReasons.recent_messages = whyAbsent(providers, 'messages');
  if (!mail) unavailableReasons.recent_emails = whyAbsent(providers, 'mail');
  return {
    identities: createIdentitiesSource(memory.identities),
    facts: createFactsSource(memory, options),
    delegations: createDelegationsSource(memory.delegations, memory.clock),
    decisions: createDecisionsSource(memory.decisions),
    messages: messages ? createMessagesSource(messages) : undefined,
    emails: mail ? createMailSource(mail) : undefined,
    unavailableReasons,
  };
}

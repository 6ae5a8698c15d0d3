/**
 * The ports enrichment reads through. Each section has one source: a plain async function, so the real stores,
 * a remote service or a test can supply it. A source receives an `AbortSignal` that fires when its own timeout
 * expires or the call is cancelled; it returns rows already in the section's item shape (order and cap are
 * applied by `enrichPerson`, so a source may return more than it shows).
 */
import type {
  DecisionItem,
  DelegationItem,
  EmailItem,
  FactItem,
  IdentityItem,
  MessageItem,
} from './section-items.js';

/** The communications window: `[now − days_back days, now]`. */
export interface TimeWindow {
  since: Date;
  until: Date;
}

/**
 * Who the profile is about, after identity resolution: the search terms of
 * docs/enrichment.md#where-each-section-comes-from. Every list is distinct (case-insensitively) and in resolution
 * order.
 */
export interface ResolvedPerson {
  /** The name as the caller gave it (trimmed). */
  query: string;
  /** The person's canonical name (one), or none when no identity matched. */
  canonicalNames: readonly string[];
  /** Display names of those identities. */
  displayNames: readonly string[];
  /**
   * The canonical and display names of the resolved person; the input name alone when no identity matched (a part of
   * a name, such as "Tom", would also match other people).
   */
  names: readonly string[];
  /** Email addresses of those identities (lower-case). */
  emails: readonly string[];
  /** Provider ids that are not already in `emails`: phone numbers, chat handles, user names. */
  handles: readonly string[];
}

export interface IdentitiesSourceRequest {
  /** The name as the caller gave it (trimmed). */
  name: string;
  signal: AbortSignal;
}

/**
 * Finds the identities matching `name` and every identity sharing a matched canonical name
 * (docs/enrichment.md#where-each-section-comes-from). Resolution picks one person from them (or asks which one);
 * that person's canonical name, display names, emails and handles become the terms the other sources search for.
 */
export type IdentitiesSource = (request: IdentitiesSourceRequest) => Promise<readonly IdentityItem[]>;

export interface PersonSourceRequest {
  /** The name as the caller gave it (trimmed), usable at once. */
  name: string;
  /**
   * The resolved person. It settles when identity resolution ends and never rejects: if identities are
   * unavailable, fail or time out, it holds the input name alone. Sources that can start on the name alone
   * await it only for the part that needs the other terms.
   */
  person: Promise<ResolvedPerson>;
  window: TimeWindow;
  signal: AbortSignal;
}

export type PersonSource<TItem> = (request: PersonSourceRequest) => Promise<readonly TItem[]>;

/** Up to six sources; a missing one makes its section `unavailable`. */
export interface EnrichmentSources {
  identities?: IdentitiesSource | undefined;
  facts?: PersonSource<FactItem> | undefined;
  delegations?: PersonSource<DelegationItem> | undefined;
  decisions?: PersonSource<DecisionItem> | undefined;
  messages?: PersonSource<MessageItem> | undefined;
  emails?: PersonSource<EmailItem> | undefined;
}

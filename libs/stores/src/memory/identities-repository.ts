/**
 * Identities (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#memory-and-identity): links
 * between a person's canonical name and their handles on each provider. Provider ids are normalised so the same
 * handle always maps to one row: emails lower-case, phones as digits with a leading `+`.
 */
import { isEmailAddress, normalizeEmail, ToolError } from '@chief-of-staff/core';
import { IDENTITY_PROVIDERS, type IdentityProvider } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, MAX_NAME_LENGTH } from '../db/validation.js';

export interface IdentityRecord {
  id: number;
  canonicalName: string;
  provider: IdentityProvider;
  /** Normalised: emails lower-case, phones digits with a leading +. */
  providerId: string;
  displayName: string | null;
  email: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export interface LinkIdentityInput {
  canonicalName: string;
  provider: IdentityProvider;
  providerId: string;
  displayName?: string | null;
  email?: string | null;
  metadata?: Record<string, unknown> | null;
}

export const IDENTITY_SEARCH_LIMITS = { defaultLimit: 10, maxLimit: 100 };
/** list_people pages by person (each with all their identities), so its pages are smaller. */
export const PEOPLE_LIST_LIMITS = { defaultLimit: 25, maxLimit: 100 };

/** One person: every identity sharing a canonical name (case-folded), in provider then id order. */
export interface PersonIdentities {
  /** The canonical name as first linked (identities of one person may differ in case only). */
  canonicalName: string;
  identities: IdentityRecord[];
}

/** Groups rows already ordered by person (`person` = the folded canonical name) into one entry per person. */
export function groupPeople(persons: readonly string[], rows: readonly (IdentityRecord & { person: string })[]): PersonIdentities[] {
  const byPerson = new Map<string, IdentityRecord[]>();
  for (const { person, ...identity } of rows) {
    const list = byPerson.get(person) ?? [];
    list.push(identity);
    byPerson.set(person, list);
  }
  return persons.flatMap((person) => {
    const list = byPerson.get(person) ?? [];
    const first = [...list].sort((a, b) => a.id - b.id)[0];
    return first ? [{ canonicalName: first.canonicalName, identities: list }] : [];
  });
}

const EMAIL_PROVIDERS: ReadonlySet<IdentityProvider> = new Set(['email', 'm365_email']);
const PHONE_PROVIDERS: ReadonlySet<IdentityProvider> = new Set(['phone', 'sms', 'whatsapp']);

/** The normalised provider id: emails lower-case, phones `+digits`, anything else trimmed. */
export function normalizeProviderId(provider: IdentityProvider, providerId: string): string {
  const text = providerId.trim();
  if (text === '') throw ToolError.invalidArgument('provider_id', 'must not be empty.', 'Give the handle, address or number on that provider.');
  const looksLikeEmail = text.includes('@');
  if (EMAIL_PROVIDERS.has(provider) || (provider === 'imessage' && looksLikeEmail)) {
    return normalizeEmail('provider_id', text).toLowerCase();
  }
  if (PHONE_PROVIDERS.has(provider) || provider === 'imessage') {
    const digits = text.replace(/\D/g, '');
    if (digits.length < 3) {
      throw ToolError.invalidArgument('provider_id', `${JSON.stringify(providerId)} is not a phone number.`, 'Use a number such as +44 20 7946 0958.');
    }
    return `+${digits}`;
  }
  return text;
}

/** The link a `link` call asks for, validated and normalised: the handle, and the fields to store (omitted ones kept). */
export interface IdentityLink {
  provider: IdentityProvider;
  providerId: string;
  fields: Pick<IdentityRecord, 'canonicalName'> & Partial<Pick<IdentityRecord, 'displayName' | 'email' | 'metadata'>>;
}

/**
 * Validates and normalises a link; an email handle also fills `email` when none is given. Every adapter links from
 * this, so all refuse the same input with the same error.
 */
export function identityLink(input: LinkIdentityInput): IdentityLink {
  const canonicalName = assertText('canonical_name', input.canonicalName, MAX_NAME_LENGTH);
  const provider = assertEnum('provider', input.provider, IDENTITY_PROVIDERS);
  const providerId = normalizeProviderId(provider, input.providerId);
  const displayName = input.displayName == null ? input.displayName : assertText('display_name', input.displayName, MAX_NAME_LENGTH);
  let email = input.email == null ? input.email : normalizeEmail('email', input.email);
  if (email === undefined && isEmailAddress(providerId) && (EMAIL_PROVIDERS.has(provider) || provider === 'imessage')) {
    email = providerId;
  }
  return {
    provider,
    providerId,
    fields: {
      canonicalName,
      ...(displayName === undefined ? {} : { displayName }),
      ...(email === undefined ? {} : { email }),
      ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
    },
  };
}

export interface IdentitiesRepository {
  link(input: LinkIdentityInput): Promise<{ identity: IdentityRecord; created: boolean }>;
  /** Removes the link; returns the removed row or undefined when absent. */
  unlink(provider: IdentityProvider, providerId: string): Promise<IdentityRecord | undefined>;
  get(provider: IdentityProvider, providerId: string): Promise<IdentityRecord | undefined>;
  /** Every identity whose canonical name equals `name` (case-folded). */
  listByCanonicalName(name: string): Promise<IdentityRecord[]>;
  /**
   * Case-folded substring over canonical name, display name, email and provider id. Order: exact canonical
   * match first, then canonical name, provider, id.
   */
  search(filters: { query: string; provider?: IdentityProvider }, page: PageRequest): Promise<Page<IdentityRecord>>;
  /**
   * People, one entry per canonical name (case-folded) with all their identities, in folded-name order. A `query`
   * keeps the people any of whose identities match it the way `search` does.
   */
  listPeople(filters: { query?: string }, page: PageRequest): Promise<Page<PersonIdentities>>;
}

/**
 * The inline person label brief-writing agents put next to a name: the person's canonical (full) name, else the name
 * as given, followed by " — <role>" when a relationship fact keyed `person.<canonical>.role` (or
 * `.title`) exists, else " (<team>)" from `person.<canonical>.team`, else nothing. With no linked identity the name
 * as given stands in for the canonical one, so a role remembered before any identity was linked still shows. Display
 * names are not used: they are per-service nicknames ("Tom B" on Slack) that do not tell a reader who is meant.
 */
import { foldCase } from '@chief-of-staff/core';
import type { FactItem, IdentityItem } from '../enrich-person/section-items.js';

export interface PersonLabelParts {
  /** The name as given. */
  name: string;
  /** The person's identities in section order (the first one's canonical name is the person's). */
  identities: readonly IdentityItem[];
  /** Facts that may hold the role or team. */
  facts: readonly FactItem[];
}

/** The fact key for one attribute of a person, e.g. `person.Jane Smith.role`. */
export function personFactKey(canonicalName: string, attribute: string): string {
  return `person.${canonicalName}.${attribute}`;
}

function relationshipValue(facts: readonly FactItem[], canonicalName: string, attribute: string): string | undefined {
  const wanted = foldCase(personFactKey(canonicalName.trim(), attribute));
  const fact = facts.find((item) => item.category === 'relationship' && foldCase(item.key.trim()) === wanted);
  const value = fact?.value.replace(/\s+/g, ' ').trim();
  return value ? value : undefined;
}

export function formatPersonLabel(parts: PersonLabelParts): string {
  // Without a linked identity the name as given is the best canonical name there is: its facts still count.
  const canonical = parts.identities[0]?.canonical_name.trim() ?? parts.name.trim();
  const role = relationshipValue(parts.facts, canonical, 'role') ?? relationshipValue(parts.facts, canonical, 'title');
  if (role) return `${canonical} — ${role}`;
  const team = relationshipValue(parts.facts, canonical, 'team');
  return team ? `${canonical} (${team})` : canonical;
}

/**
 * Participant resolution for group availability (docs/reference/algorithms.md#group-availability): an address is used
 * as given; a name is looked up with search_identity (exact canonical or display name first, else the first substring
 * match) and the identity's email taken.
 */
import { foldCase, normalizeEmail } from '@chief-of-staff/core';
import type { ProviderToolContext } from '../provider-common/provider-services.js';

export interface ResolvedParticipant {
  input: string;
  email: string | null;
  name: string | null;
}

interface IdentityLike {
  canonicalName: string;
  displayName: string | null;
  email: string | null;
  provider: string;
  providerId: string;
}

function emailOf(identity: IdentityLike): string | null {
  if (identity.email) return identity.email.toLowerCase();
  return identity.provider === 'email' || identity.provider === 'm365_email' ? identity.providerId.toLowerCase() : null;
}

export async function resolveParticipant(ctx: ProviderToolContext, input: string, index: number): Promise<ResolvedParticipant> {
  const text = input.trim();
  if (text.includes('@')) return { input, email: normalizeEmail(`participants[${index}]`, text).toLowerCase(), name: null };
  const identities = ctx.services.memory?.identities;
  if (!identities) return { input, email: null, name: null };
  const found: IdentityLike[] = (await identities.search({ query: text }, { limit: 50 })).items;
  const folded = foldCase(text);
  const exact = found.filter((i) => foldCase(i.canonicalName) === folded || (i.displayName !== null && foldCase(i.displayName) === folded));
  const candidates = exact.length > 0 ? exact : found;
  const person = candidates[0];
  if (!person) return { input, email: null, name: null };
  // The matching row may be a phone or chat handle; any identity of the same person with an address will do.
  const sameName = found.filter((i) => foldCase(i.canonicalName) === foldCase(person.canonicalName));
  const email = [person, ...sameName].map(emailOf).find((value) => value !== null) ?? null;
  return { input, email, name: person.canonicalName };
}

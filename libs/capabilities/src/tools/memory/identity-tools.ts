/**
 * Identity tools (docs/reference/tool-catalogue.md#memory-and-identity): search_identity, list_people (one entry per
 * person with all their handles), link_identity (upsert) and unlink_identity.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { IDENTITY_PROVIDERS, IDENTITY_SEARCH_LIMITS, PEOPLE_LIST_LIMITS, type IdentityRecord } from '@chief-of-staff/stores';
import { LOCAL_DELETE, LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import {
  cursorSchema,
  deletedOutputSchema,
  limitSchema,
  listOutputSchema,
  nameSchema,
  withWarnings,
} from '../memory-common/memory-schemas.js';
import type { MemoryServices } from '../memory-common/memory-services.js';
import { LIST_PEOPLE_EXAMPLES, SEARCH_IDENTITY_EXAMPLES, LINK_IDENTITY_EXAMPLES, UNLINK_IDENTITY_EXAMPLES } from './identity-tools.examples.js';

const providerSchema = z.enum(IDENTITY_PROVIDERS);

const identitySchema = z.object({
  id: z.number().int(),
  canonical_name: z.string(),
  provider: providerSchema,
  provider_id: z.string(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

function toIdentity(identity: IdentityRecord): z.input<typeof identitySchema> {
  return {
    id: identity.id,
    canonical_name: identity.canonicalName,
    provider: identity.provider,
    provider_id: identity.providerId,
    display_name: identity.displayName,
    email: identity.email,
    metadata: identity.metadata ?? null,
    created_at: identity.createdAt,
    updated_at: identity.updatedAt,
  };
}

export const searchIdentityTool = defineTool({
  name: 'search_identity',
  examples: SEARCH_IDENTITY_EXAMPLES,
  title: 'Search identities',
  description:
    "Finds people's linked handles (email addresses, phone numbers, Slack or GitHub ids…) by a case-insensitive piece of their name, " +
    'display name, email or handle; exact name matches come first. Use it to resolve who someone is across channels. ' +
    'Example: {"query": "noa"}.',
  input: z
    .object({
      query: nameSchema('Part of a name, email address or handle.', 500),
      provider: providerSchema.optional().describe('Only links on this provider.'),
      limit: limitSchema(IDENTITY_SEARCH_LIMITS.defaultLimit, IDENTITY_SEARCH_LIMITS.maxLimit, 'identities'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(identitySchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.identities.search(
      { query: args.query, provider: args.provider },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings({ items: page.items.map(toIdentity), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});

const personSchema = z.object({
  canonical_name: z.string(),
  identities: z.array(identitySchema),
});

export const listPeopleTool = defineTool({
  name: 'list_people',
  examples: LIST_PEOPLE_EXAMPLES,
  title: 'List people',
  description:
    'Lists the people you have linked handles for, one entry per person (canonical name, case-insensitive) with all ' +
    'their identities, in name order; a query keeps the people any of whose name, display name, email or handle ' +
    'contains it. Use it to browse or audit who is known; use search_identity to resolve one handle. ' +
    'Example: {"query": "levi", "limit": 25}.',
  input: z
    .object({
      query: z.string().trim().max(500).optional().describe('Part of a name, email address or handle; blank lists everyone.'),
      limit: limitSchema(PEOPLE_LIST_LIMITS.defaultLimit, PEOPLE_LIST_LIMITS.maxLimit, 'people'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(personSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.identities.listPeople(
      { ...(args.query === undefined ? {} : { query: args.query }) },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings(
      {
        items: page.items.map((person) => ({ canonical_name: person.canonicalName, identities: person.identities.map(toIdentity) })),
        next_cursor: page.next_cursor,
        total: page.total,
      },
      page.warnings,
    );
  },
});

export const linkIdentityTool = defineTool({
  name: 'link_identity',
  examples: LINK_IDENTITY_EXAMPLES,
  title: 'Link identity',
  description:
    "Links a handle on some provider (email, phone, Slack, GitHub…) to a person's canonical name, or updates that link. " +
    'Emails are stored lower-case and phone numbers as +digits, so the same handle is never linked twice. ' +
    'Example: {"canonical_name": "Noa Levi", "provider": "email", "provider_id": "Noa@Example.com"}.',
  input: z
    .object({
      canonical_name: nameSchema('The person\'s canonical full name, e.g. "Noa Levi".'),
      provider: providerSchema.describe(`Where the handle lives: ${IDENTITY_PROVIDERS.join(', ')}.`),
      provider_id: nameSchema('The handle, address or number on that provider.', 320),
      display_name: z.string().trim().min(1).max(200).optional().describe('Name shown on that provider, if different.'),
      email: z.string().trim().min(3).max(320).optional().describe('Email address of the person, if known.'),
      metadata: z.record(z.string(), z.unknown()).optional().describe('Any extra JSON details (team, title…).'),
    })
    .strict(),
  output: z.object({ identity: identitySchema, created: z.boolean() }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const { identity, created } = await ctx.services.memory.identities.link({
      canonicalName: args.canonical_name,
      provider: args.provider,
      providerId: args.provider_id,
      displayName: args.display_name,
      email: args.email,
      metadata: args.metadata,
    });
    return { identity: toIdentity(identity), created };
  },
});

export const unlinkIdentityTool = defineTool({
  name: 'unlink_identity',
  examples: UNLINK_IDENTITY_EXAMPLES,
  title: 'Unlink identity',
  description:
    'Removes the link between a handle and a person. NOT_FOUND when no such link exists. ' +
    'Example: {"provider": "slack", "provider_id": "U024BE7LH"}.',
  input: z
    .object({
      provider: providerSchema.describe('Provider of the handle.'),
      provider_id: nameSchema('The handle to unlink (normalised the same way as when linked).', 320),
    })
    .strict(),
  output: deletedOutputSchema(),
  annotations: LOCAL_DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const removed = await ctx.services.memory.identities.unlink(args.provider, args.provider_id);
    if (!removed) throw ToolError.notFound('Identity', `${args.provider}:${args.provider_id}`);
    return { deleted: true as const, id: removed.id };
  },
});

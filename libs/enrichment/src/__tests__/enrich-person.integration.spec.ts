import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { configSchema, createToolContext, FakeClock, runTool, type ToolCaller } from '@chief-of-staff/core';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { enrichPerson } from '../enrich-person/enrich-person.js';
import { enrichPersonResultSchema, type EnrichPersonResult } from '../enrich-person/enrich-person-schemas.js';
import {
  decisionItemSchema,
  delegationItemSchema,
  emailItemSchema,
  factItemSchema,
  identityItemSchema,
  messageItemSchema,
} from '../enrich-person/section-items.js';
import { createEnrichmentService } from '../service/create-enrichment-service.js';
import { createStoreSources } from '../sources/store-sources.js';
import { enrichPersonTool } from '../tools/enrich-person-tool.js';
import { importChat, importMail, me, seedJane } from './seed-person-data.js';

const DAY_MS = 86_400_000;

function registryFor(store: TestMemoryStore, providers: { mail?: 'local' | 'none'; messages?: 'local' | 'none' } = {}): ProviderRegistry {
  const config = { ...configSchema.parse({ providers: { ...providers, notifications: 'none' } }), timezone: 'UTC' };
  return createProviderRegistry({ config, memory: store, desktop: null });
}

/** Every item of every section must be exactly a data row of its section: no extra keys, no error objects. */
function expectOnlyDataRows(result: EnrichPersonResult): void {
  const schemas = {
    identities: identityItemSchema,
    facts: factItemSchema,
    delegations: delegationItemSchema,
    decisions: decisionItemSchema,
    recent_messages: messageItemSchema,
    recent_emails: emailItemSchema,
  };
  for (const [section, schema] of Object.entries(schemas)) {
    const items = (result as Record<string, unknown>)[section];
    if (items === undefined) continue;
    expect(Array.isArray(items)).toBe(true);
    for (const item of items as unknown[]) {
      expect(schema.strict().safeParse(item).success).toBe(true);
      expect(item).not.toHaveProperty('error');
    }
  }
}

describe('enrich_person over the real stores', () => {
  let store: TestMemoryStore;
  let providers: ProviderRegistry;

  beforeEach(async () => {
    store = createTestMemoryStore({ clock: new FakeClock('2026-03-10T12:00:00.000Z') });
    providers = registryFor(store);
    await seedJane(store, providers);
  });

  afterEach(async () => {
    providers.close();
    await store.cleanup();
  });

  it('returns all six sections, each capped at 10, with the person label', async () => {
    const service = createEnrichmentService({ memory: store, providers });
    const result = await service.enrich({ name: 'Jane Smith' });

    expect(result.label).toBe('Jane Smith — VP Engineering');
    expect(result).not.toHaveProperty('resolved_name');
    expect(result.identities?.map((identity) => `${identity.provider}:${identity.provider_id}`)).toEqual([
      'email:jane@acme.com',
      'imessage:+15551234567',
      'slack:U123',
    ]);
    for (const section of ['facts', 'delegations', 'decisions', 'recent_messages', 'recent_emails'] as const) {
      expect(result[section]).toHaveLength(10);
      expect(result.sources[section]).toMatchObject({ status: 'ok', count: 10 });
    }
    expect(result.sources.identities).toMatchObject({ status: 'ok', count: 3 });
    expect(result.untrusted_content).toBe(true);
    expectOnlyDataRows(result);

    // Facts: the person's own facts are fully relevant and come first.
    expect(result.facts?.slice(0, 2).map((fact) => fact.key).sort()).toEqual(['person.Jane Smith.role', 'person.Jane Smith.team']);
    expect(result.facts?.some((fact) => fact.key === 'bob.project')).toBe(false);
    // Delegations: matched on any name or email, case-folded; active ones ordered by due date, undated last.
    expect(result.delegations?.every((item) => item.status === 'active')).toBe(true);
    expect(result.delegations?.[0]).toMatchObject({ task: 'Task 0 for Jane', due_date: '2026-04-01' });
    // Decisions: newest first, including the one owned under a display name.
    expect(result.decisions?.[0]?.title).toBe('Hiring plan');
    // Messages: newest first, the user's reply included, the sender shown by name.
    expect(result.recent_messages?.[0]).toMatchObject({ sender: 'me', text: 'My reply', channel: 'imessage' });
    expect(result.recent_messages?.[1]).toMatchObject({ sender: 'Jane S.', text: 'Jane message 0', date: '2026-03-10T11:00:00.000Z' });
    expect(result.recent_messages?.some((message) => message.text === 'Jane Smith said hi')).toBe(false);
    // Mail: from her, or addressed to her; a body that only mentions her address does not count.
    expect(result.recent_emails?.[0]).toMatchObject({ subject: 'Direct to Jane', from: `${me.name} <${me.address}>` });
    expect(result.recent_emails?.[1]).toMatchObject({ subject: 'Update 0', from: 'Jane Smith <jane@acme.com>' });
    expect(result.recent_emails?.some((mail) => mail.subject === 'Contacts')).toBe(false);
  });

  it('resolves a handle or a display name to the person', async () => {
    const service = createEnrichmentService({ memory: store, providers });
    const byHandle = await service.enrich({ name: 'jsmith' });
    expect(byHandle.resolved_name).toBe('Jane Smith');
    expect(byHandle.identities).toHaveLength(3);
    expect(byHandle.recent_emails?.length).toBeGreaterThan(0);
    expect(byHandle.delegations?.length).toBeGreaterThan(0);
  });

  it('answers an unknown person with only the name (and the source report)', async () => {
    const service = createEnrichmentService({ memory: store, providers });
    const result = await service.enrich({ name: 'Zed Unknown' });
    expect(Object.keys(result).sort()).toEqual(['label', 'name', 'sources', 'untrusted_content']);
    expect(result.label).toBe('Zed Unknown');
    for (const report of Object.values(result.sources)) expect(report.status).toBe('empty');
  });

  it('passes days_back to the message and mail searches as the time window', async () => {
    const now = store.clock.now().getTime();
    await store.identities.link({ canonicalName: 'Omar Haddad', provider: 'email', providerId: 'omar@example.org' });
    await store.identities.link({ canonicalName: 'Omar Haddad', provider: 'whatsapp', providerId: '+44 20 7946 0958' });
    for (const [id, days] of [
      ['o-3', 3],
      ['o-20', 20],
      ['o-60', 60],
    ] as const) {
      await importChat(providers, { id, conversation: 'chat-omar', sender: '+442079460958', text: id, at: new Date(now - days * DAY_MS) });
      await importMail(providers, { id, subject: id, from: { name: 'Omar', address: 'omar@example.org' }, to: [me], at: new Date(now - days * DAY_MS) });
    }
    const service = createEnrichmentService({ memory: store, providers });
    const texts = (result: EnrichPersonResult) => [result.recent_messages?.map((m) => m.text), result.recent_emails?.map((m) => m.subject)];

    expect(texts(await service.enrich({ name: 'Omar Haddad' }))).toEqual([['o-3'], ['o-3']]);
    expect(texts(await service.enrich({ name: 'Omar Haddad', days_back: 30 }))).toEqual([['o-3', 'o-20'], ['o-3', 'o-20']]);
    expect(texts(await service.enrich({ name: 'Omar Haddad', days_back: 90 }))).toEqual([
      ['o-3', 'o-20', 'o-60'],
      ['o-3', 'o-20', 'o-60'],
    ]);
  });

  it('keeps the other sections when a source fails or hangs, and says so in sources', async () => {
    const sources = createStoreSources(store, providers);
    const result = await enrichPerson(
      {
        ...sources,
        clock: store.clock,
        sourceTimeoutMs: 200,
        decisions: async () => {
          throw new Error('disk I/O error');
        },
        emails: () => new Promise(() => undefined),
      },
      { name: 'Jane Smith' },
    );
    expect(result.sources.decisions).toMatchObject({ status: 'error', count: 0 });
    expect(result.sources.recent_emails).toMatchObject({ status: 'timeout', count: 0 });
    expect(result.sources.recent_emails.duration_ms).toBeGreaterThanOrEqual(190);
    expect(result).not.toHaveProperty('decisions');
    expect(result).not.toHaveProperty('recent_emails');
    expect(result.sources.decisions.message).not.toContain('disk');
    for (const section of ['identities', 'facts', 'delegations', 'recent_messages'] as const) {
      expect(result.sources[section].status).toBe('ok');
      expect(result[section]?.length).toBeGreaterThan(0);
    }
    expectOnlyDataRows(result);
  });

  it('reports switched-off providers as unavailable with how to turn them on', async () => {
    const off = registryFor(store, { mail: 'none', messages: 'none' });
    try {
      const result = await createEnrichmentService({ memory: store, providers: off }).enrich({ name: 'Jane Smith' });
      expect(result.sources.recent_emails).toMatchObject({ status: 'unavailable', count: 0, duration_ms: 0 });
      expect(result.sources.recent_emails.message).toContain('providers.mail');
      expect(result.sources.recent_messages.message).toContain('providers.messages');
      expect(result).not.toHaveProperty('recent_emails');
      expect(result.delegations).toHaveLength(10);
    } finally {
      off.close();
    }
  });

  it('exposes the label for brief writers', async () => {
    const service = createEnrichmentService({ memory: store, providers });
    expect(await service.personLabel('jane')).toBe('Jane Smith — VP Engineering');
    await store.facts.delete('relationship', 'person.Jane Smith.role');
    expect(await service.personLabel('jane')).toBe('Jane Smith (Platform)');
    expect(await service.personLabel('Bob Stone')).toBe('Bob Stone');
    expect(await service.personLabel('Nobody')).toBe('Nobody');
  });

  it('shows a remembered role even when no identity is linked yet', async () => {
    await store.facts.upsert({ category: 'relationship', key: 'person.Dana Reed.role', value: 'Head of Platform', source: 'user' });
    const service = createEnrichmentService({ memory: store, providers });
    expect(await service.personLabel('Dana Reed')).toBe('Dana Reed — Head of Platform');
  });
});

describe('enrich_person with a part of a name', () => {
  let store: TestMemoryStore;
  let providers: ProviderRegistry;

  beforeEach(async () => {
    store = createTestMemoryStore({ clock: new FakeClock('2026-03-10T12:00:00.000Z') });
    providers = registryFor(store);
    await store.identities.link({ canonicalName: 'Tom Becker', provider: 'slack', providerId: 'U900', displayName: 'Tom B' });
    await store.identities.link({ canonicalName: 'Tom Becker', provider: 'email', providerId: 'tom.becker@acme.com' });
    await store.delegations.create({ task: 'Send the Q3 numbers', delegatedTo: 'Tom Becker' });
    await store.decisions.create({ title: 'Tom Becker owns the launch' });
    // "Tom" is part of this word too: it must not make the decision Tom Becker's.
    await store.decisions.create({ title: 'Ship tomorrow' });
  });

  afterEach(async () => {
    providers.close();
    await store.cleanup();
  });

  const addTomHardy = async () => {
    await store.identities.link({ canonicalName: 'Tom Hardy', provider: 'email', providerId: 'tom.hardy@northwind.io' });
    await store.delegations.create({ task: 'Book the venue', delegatedTo: 'Tom Hardy' });
  };

  it('answers with the candidates, and no merged profile, when the name fits several people', async () => {
    await addTomHardy();
    const result = await createEnrichmentService({ memory: store, providers }).enrich({ name: 'Tom' });

    expect(result.candidates).toEqual([
      { canonical_name: 'Tom Becker', emails: ['tom.becker@acme.com'] },
      { canonical_name: 'Tom Hardy', emails: ['tom.hardy@northwind.io'] },
    ]);
    expect(Object.keys(result).sort()).toEqual(['candidates', 'label', 'name', 'sources', 'untrusted_content']);
    expect(result.label).toBe('Tom');
    expect(result.sources.identities.message).toBe('"Tom" fits 2 people: Tom Becker, Tom Hardy. Ask again with one full name, email or handle.');
    for (const section of ['facts', 'delegations', 'decisions', 'recent_messages', 'recent_emails'] as const) {
      expect(result.sources[section]).toMatchObject({ status: 'skipped', count: 0 });
    }
    expect(enrichPersonResultSchema.safeParse(result).success).toBe(true);
  });

  it('picks the one person a full name, an exact handle or an email means, with only their data', async () => {
    await addTomHardy();
    const service = createEnrichmentService({ memory: store, providers });
    for (const name of ['Tom Hardy', 'tom.hardy@northwind.io']) {
      const result = await service.enrich({ name });
      expect(result).not.toHaveProperty('candidates');
      expect(result.identities?.map((identity) => identity.provider_id)).toEqual(['tom.hardy@northwind.io']);
      expect(result.delegations?.map((item) => item.task)).toEqual(['Book the venue']);
    }
    const bySlackName = await service.enrich({ name: 'tom b' });
    expect(bySlackName.resolved_name).toBe('Tom Becker');
    expect(bySlackName.identities?.every((identity) => identity.canonical_name === 'Tom Becker')).toBe(true);
  });

  it('finds what names the only Tom in full, under the full name rather than a nickname', async () => {
    const result = await createEnrichmentService({ memory: store, providers }).enrich({ name: 'Tom' });

    expect(result).not.toHaveProperty('candidates');
    expect(result.resolved_name).toBe('Tom Becker');
    expect(result.label).toBe('Tom Becker');
    expect(result.delegations?.map((item) => item.task)).toEqual(['Send the Q3 numbers']);
    expect(result.decisions?.map((item) => item.title)).toEqual(['Tom Becker owns the launch']);
  });
});

describe('the enrich_person tool', () => {
  let store: TestMemoryStore;
  let providers: ProviderRegistry;

  beforeEach(async () => {
    store = createTestMemoryStore({ clock: new FakeClock('2026-03-10T12:00:00.000Z') });
    providers = registryFor(store);
    await seedJane(store, providers);
  });

  afterEach(async () => {
    providers.close();
    await store.cleanup();
  });

  const call = (args: unknown, caller?: ToolCaller) =>
    runTool(
      enrichPersonTool,
      args,
      createToolContext({
        services: { enrichment: createEnrichmentService({ memory: store, providers }) },
        clock: store.clock,
        ...(caller ? { caller } : {}),
      }),
    );

  it('is read-only and open-world', () => {
    expect(enrichPersonTool.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
  });

  it('returns output that validates against its schema for the host', async () => {
    const result = await call({ name: '  Jane Smith ', days_back: 14 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ name: 'Jane Smith', label: 'Jane Smith — VP Engineering' });
    expect(Object.keys(result.value)).toContain('recent_emails');
  });

  it('limits an agent to the sections its capabilities allow', async () => {
    const result = await call({ name: 'Jane Smith' }, { kind: 'agent', agentName: 'brief', capabilities: ['enrichment', 'memory_read', 'mail_read'] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const value = result.value as EnrichPersonResult;
    expect(value.identities).toHaveLength(3);
    expect(value.recent_emails?.length).toBeGreaterThan(0);
    for (const section of ['delegations', 'decisions', 'recent_messages'] as const) {
      expect(value).not.toHaveProperty(section);
      expect(value.sources[section].status).toBe('skipped');
    }
  });

  it('rejects invalid input with INVALID_ARGUMENT naming the field', async () => {
    const blank = await call({ name: ' ' });
    expect(!blank.ok && blank.error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(!blank.ok && blank.error.message).toMatch(/^name: must not be blank/);
    const tooFar = await call({ name: 'Jane', days_back: 91 });
    expect(!tooFar.ok && tooFar.error.message).toBe('days_back: must be a whole number of days from 1 to 90.');
    const fraction = await call({ name: 'Jane', days_back: 2.5 });
    expect(!fraction.ok && fraction.error.message).toBe('days_back: must be a whole number of days from 1 to 90.');
  });
});

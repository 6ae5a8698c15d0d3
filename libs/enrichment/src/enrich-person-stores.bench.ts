/**
 * Benchmark: `enrich_person` over real stores holding 100k facts, 10k delegations and 10k decisions (plus a local
 * message and mail store), on a SQLite file in a temporary directory. Goal: p95 < 50 ms. The store is seeded once
 * and shared; the per-source entries that follow show where the time goes (every store call is synchronous
 * SQLite, so inside one process the sources' costs add up rather than overlap).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema, FakeClock } from '@chief-of-staff/core';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { bulkLoad } from '@chief-of-staff/sqlite/testing';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import { communicationsWindow } from './enrich-person/enrich-person.js';
import { resolvePerson, unresolvedPerson } from './enrich-person/resolve-person.js';
import type { PersonSource, ResolvedPerson } from './enrich-person/source-ports.js';
import { createEnrichmentService } from './service/create-enrichment-service.js';
import type { EnrichmentService } from './service/enrichment-service.js';
import { createStoreSources, type StoreSources } from './sources/store-sources.js';

const FACTS = 100_000;
const DELEGATIONS = 10_000;
const DECISIONS = 10_000;
const MESSAGES = 5_000;
const MAILS = 2_000;
const PEOPLE = 500;

const WORDS = (
  'budget roadmap hiring launch pricing vendor security audit contract travel offsite design review metrics ' +
  'quarterly planning onboarding migration latency customer renewal partner legal finance marketing support'
).split(' ');

let dataDir = '';
let memory: SqliteMemoryStore | undefined;
let providers: ProviderRegistry | undefined;
let service: EnrichmentService | undefined;
let sources: StoreSources | undefined;
/** Each person resolved once in setup, so the per-source entries time that source only. */
const resolved = new Map<string, ResolvedPerson>();
let names: string[] = [];
let call = 0;

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seed(store: SqliteMemoryStore, registry: ProviderRegistry): Promise<void> {
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const now = store.clock.now().getTime();
  names = Array.from({ length: PEOPLE }, (_, i) => `Person${i} Surname${i % 97}`);

  await bulkLoad(store, async () => {
    for (const [i, name] of names.entries()) {
      await store.identities.link({ canonicalName: name, provider: 'email', providerId: `person${i}@example.org`, displayName: `Person${i} ${String.fromCharCode(65 + (i % 26))}.` });
      await store.identities.link({ canonicalName: name, provider: 'phone', providerId: `+1555${String(1_000_000 + i)}` });
    }
    for (let i = 0; i < FACTS; i += 1) {
      const person = names[i % PEOPLE] as string;
      const about = i % 20 === 0 ? `${person} ` : '';
      await store.facts.upsert({ category: pick(['work', 'personal', 'preference', 'backlog'] as const), key: `fact.${i}`, value: `${about}${words(8)}`, source: 'user' });
    }
    for (const name of names) {
      await store.facts.upsert({ category: 'relationship', key: `person.${name}.role`, value: `Lead of ${pick(WORDS)}`, source: 'user' });
    }
    for (let i = 0; i < DELEGATIONS; i += 1) {
      const delegation = await store.delegations.create({ task: `${words(3)} ${i}`, delegatedTo: names[i % PEOPLE] as string, dueDate: `2026-0${1 + (i % 9)}-1${i % 10}` });
      if (i % 3 === 0) await store.delegations.update(delegation.id, { status: 'completed' });
    }
    for (let i = 0; i < DECISIONS; i += 1) {
      await store.decisions.create({ title: `${words(3)} ${i}`, description: `Agreed with ${names[i % PEOPLE]} on ${words(6)}`, owner: names[(i * 7) % PEOPLE] as string });
    }
    const chat = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const p = i % PEOPLE;
      chat.push({
        externalId: `msg-${i}`,
        conversationId: `chat-${p}`,
        conversationTitle: null,
        channel: 'sms',
        senderHandle: i % 4 === 0 ? 'me@home.test' : `+1555${String(1_000_000 + p)}`,
        senderName: null,
        isFromMe: i % 4 === 0,
        text: words(12),
        sentAt: new Date(now - (i % 60) * 86_400_000 - i * 1000),
        participants: [],
      });
    }
    await registry.local.messages.importMessages(chat);
    const inbox = await registry.local.mail.ensureMailbox('local', 'INBOX');
    for (let i = 0; i < MAILS; i += 1) {
      const p = i % PEOPLE;
      await registry.local.mail.importMessage(
        inbox.id,
        {
          internetMessageId: `<mail-${i}@example.org>`,
          threadId: `t-${i}`,
          subject: words(5),
          from: { name: names[p] as string, address: `person${p}@example.org` },
          to: [{ name: 'Me', address: 'me@home.test' }],
          cc: [],
          date: new Date(now - (i % 60) * 86_400_000 - i * 1000),
          bodyText: words(40),
          bodyHtml: null,
          snippet: '',
          inReplyTo: null,
          references: [],
          attachments: [],
          read: undefined,
          flagged: undefined,
        },
        { read: true, flagged: false },
      );
    }
  });
}

async function open(): Promise<void> {
  if (memory) return;
  dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-enrich-'));
  memory = openMemoryStore({ dataDir, clock: new FakeClock('2026-03-10T12:00:00.000Z') });
  providers = createProviderRegistry({
    config: { ...configSchema.parse({ providers: { notifications: 'none' } }), timezone: 'UTC' },
    memory,
    desktop: null,
  });
  // A filter may skip the entry that tears down; the temporary store goes either way.
  process.once('exit', () => void close());
  await seed(memory, providers);
  service = createEnrichmentService({ memory, providers });
  sources = createStoreSources(memory, providers);
  for (const name of names) {
    const found = await sources.identities?.({ name, signal: new AbortController().signal });
    const resolution = resolvePerson(name, found ?? []);
    resolved.set(name, resolution.kind === 'person' ? resolution.person : unresolvedPerson(name));
  }
}

async function close(): Promise<void> {
  if (!memory) return;
  providers?.close();
  await memory.close();
  memory = undefined;
  rmSync(dataDir, { recursive: true, force: true });
}

/** A different person each call, by canonical name, so no call only re-reads the previous one's pages. */
function nextName(): string {
  return names[(call += 37) % names.length] as string;
}

/** One source alone, with the person already resolved (as it is when the identities task has finished). */
function sourceAlone(key: 'facts' | 'delegations' | 'decisions' | 'messages' | 'emails') {
  return {
    name: `enrichment: ${key} source alone (same store)`,
    iterations: 50,
    setup: open,
    fn: async () => {
      const name = nextName();
      const source = sources?.[key] as PersonSource<unknown>;
      await source({
        name,
        person: Promise.resolve(resolved.get(name) ?? unresolvedPerson(name)),
        window: communicationsWindow(new Date('2026-03-10T12:00:00.000Z'), 7),
        signal: new AbortController().signal,
      });
    },
  };
}

export const benchmarks = [
  {
    name: 'enrichment: enrich_person over 100k facts, 10k delegations, 10k decisions',
    iterations: 200,
    setup: open,
    fn: async () => {
      const name = nextName();
      const result = await service?.enrich({ name });
      if (!result?.facts || !result.delegations || !result.decisions) throw new Error(`sections missing for ${name}`);
    },
    goal: { metric: 'p95', max: 50 },
  },
  {
    name: 'enrichment: identities source alone (same store)',
    iterations: 50,
    setup: open,
    fn: async () => {
      await sources?.identities?.({ name: nextName(), signal: new AbortController().signal });
    },
  },
  sourceAlone('facts'),
  sourceAlone('delegations'),
  sourceAlone('decisions'),
  sourceAlone('messages'),
  { ...sourceAlone('emails'), teardown: close },
];

/**
 * The identities, locations, agent memory and shared memory contracts (ADR 0063) against the PostgreSQL adapter: one
 * throw-away server for the file, a fresh database per test. Also what only PostgreSQL has: many writers of the same
 * new row at once, and texts holding U+0000.
 */
import { expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import {
  describeAgentMemoryRepositoryContract,
  describeIdentitiesRepositoryContract,
  describeLocationsRepositoryContract,
  describeSharedMemoryRepositoryContract,
} from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresAgentMemoryRepository } from './agent-memory-repository.js';
import { createPostgresIdentitiesRepository } from './identities-repository.js';
import { createPostgresLocationsRepository } from './locations-repository.js';
import { createPostgresSharedMemoryRepository } from './shared-memory-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('memory');

async function open(clock: FakeClock) {
  const database = await databases.open(3);
  return {
    identities: createPostgresIdentitiesRepository(database, clock),
    locations: createPostgresLocationsRepository(database, clock),
    agentMemory: createPostgresAgentMemoryRepository(database, clock),
    sharedMemory: createPostgresSharedMemoryRepository(database, clock),
    close: () => database.close(),
  };
}

describeWithPostgres('on PostgreSQL', () => {
  describeIdentitiesRepositoryContract('PostgreSQL', open);
  describeLocationsRepositoryContract('PostgreSQL', open);
  describeAgentMemoryRepositoryContract('PostgreSQL', open);
  describeSharedMemoryRepositoryContract('PostgreSQL', open);
});

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
}

describeWithPostgres('memory repositories on PostgreSQL only', () => {
  it('keep one row when several writers create the same identity, location or memory at once', async () => {
    const opened = await open(new FakeClock());
    try {
      const many = <T>(write: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
      const links = await many((i) => opened.identities.link({ canonicalName: `Noa ${i}`, provider: 'slack', providerId: 'U1' }));
      expect(links.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(links.map((result) => result.identity.id)).size).toBe(1);
      const places = await many((i) => opened.locations.upsert({ name: i % 2 === 0 ? 'Office' : 'OFFICE', notes: `n${i}` }));
      expect(places.filter((result) => result.created)).toHaveLength(1);
      expect((await opened.locations.list({}, {})).total).toBe(1);
      const memories = await many((i) => opened.agentMemory.upsert({ agentName: 'a', memoryType: 'insight', key: 'k', value: `v${i}` }));
      expect(memories.filter((result) => result.created)).toHaveLength(1);
      expect((await opened.agentMemory.list({ agentName: 'a' }, {})).total).toBe(1);
      const entries = await many((i) => opened.sharedMemory.upsert({ namespace: 'n', key: 'k', value: `v${i}`, writtenBy: 'w' }));
      expect(entries.filter((result) => result.created)).toHaveLength(1);
      expect((await opened.sharedMemory.list({ namespace: 'n' }, {})).total).toBe(1);
    } finally {
      await opened.close();
    }
  });

  it('refuse a NUL character in a stored text, naming the field, and find nothing for one', async () => {
    const opened = await open(new FakeClock());
    try {
      const fieldOf = async (work: Promise<unknown>) => {
        const error = await rejection(work);
        return isToolError(error) && error.code === 'INVALID_ARGUMENT' ? error.message.split(':')[0] : error;
      };
      expect(await fieldOf(opened.identities.link({ canonicalName: 'a\u0000b', provider: 'slack', providerId: 'U1' }))).toBe('canonical_name');
      expect(await fieldOf(opened.identities.link({ canonicalName: 'a', provider: 'slack', providerId: 'U\u00001' }))).toBe('provider_id');
      expect(await fieldOf(opened.locations.upsert({ name: 'x', notes: 'a\u0000' }))).toBe('notes');
      expect(await fieldOf(opened.agentMemory.upsert({ agentName: 'a', memoryType: 'insight', key: 'k', value: '\u0000' }))).toBe('value');
      expect(await fieldOf(opened.sharedMemory.upsert({ namespace: 'n', key: 'k\u0000', value: 'v', writtenBy: 'w' }))).toBe('key');
      expect(await opened.identities.get('slack', 'U\u00001')).toBeUndefined();
      expect((await opened.identities.search({ query: '\u0000' }, {})).items).toEqual([]);
      expect(await opened.identities.listByCanonicalName('\u0000')).toEqual([]);
      expect(await opened.locations.getByName('\u0000')).toBeUndefined();
      expect((await opened.locations.list({ query: 'a\u0000' }, {})).total).toBe(0);
      expect((await opened.agentMemory.list({ agentName: 'a', query: '\u0000' }, {})).total).toBe(0);
      expect(await opened.agentMemory.clear({ agentName: 'a\u0000' })).toBe(0);
      expect((await opened.sharedMemory.list({ namespace: 'n', query: '\u0000' }, {})).total).toBe(0);
    } finally {
      await opened.close();
    }
  });
});

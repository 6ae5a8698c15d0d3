/**
 * The users and access tokens contracts (ADR 0074) against the PostgreSQL adapter: one throw-away server for the
 * file, a fresh database per test, sorting text by language (so the email order is checked to be byte-wise).
 */
import { describeSignInRepositoriesContract } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { accessTokens } from '../schema/auth.js';
import { createPostgresAccessTokensRepository } from './access-tokens-repository.js';
import { createPostgresUsersRepository } from './users-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('sign_in', { languageSorted: true });

describeWithPostgres('on PostgreSQL', () => {
  describeSignInRepositoriesContract('PostgreSQL', async (clock) => {
    const database = await databases.open();
    return {
      repository: {
        users: createPostgresUsersRepository(database, clock),
        accessTokens: createPostgresAccessTokensRepository(database, clock),
        storedTokenHashes: async () => (await database.db.select({ hash: accessTokens.tokenHash }).from(accessTokens)).map((row) => row.hash),
      },
      close: () => database.close(),
    };
  });
});

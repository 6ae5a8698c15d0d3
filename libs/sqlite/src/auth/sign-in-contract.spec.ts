/** The users and access tokens contracts (ADR 0074) against the SQLite adapter, on a fresh database file per test. */
import { accessTokens } from '../db/schema/auth.js';
import { describeSignInRepositoriesContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeSignInRepositoriesContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return {
    repository: {
      users: store.users,
      accessTokens: store.accessTokens,
      storedTokenHashes: async () => store.database.db.select({ hash: accessTokens.tokenHash }).from(accessTokens).all().map((row) => row.hash),
    },
    close: () => store.cleanup(),
  };
});

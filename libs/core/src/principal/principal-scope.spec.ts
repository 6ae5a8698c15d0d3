import { describe, expect, it } from '@jest/globals';
import {
  currentPrincipalKey,
  currentPrincipalScope,
  OWNER_PRINCIPAL,
  principalKeyOf,
  runInPrincipalScope,
  runInSystemScope,
  SYSTEM_SCOPE,
} from './principal-scope.js';

describe('principal scope', () => {
  it('is the owner\'s when nothing set one, and the signed-in user\'s inside a call and everything it awaits', async () => {
    expect(currentPrincipalScope()).toBe(OWNER_PRINCIPAL);
    const seen = await runInPrincipalScope(principalKeyOf({ kind: 'user', userId: 7, email: 'noa@example.com', via: 'access_token' }), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentPrincipalKey();
    });
    expect(seen).toBe('user:7');
    expect(principalKeyOf({ kind: 'owner' })).toBe(OWNER_PRINCIPAL);
    expect(currentPrincipalScope()).toBe(OWNER_PRINCIPAL);
  });

  it('refuses a key that is not a principal\'s, and has no principal to write for in the system scope', () => {
    expect(() => runInPrincipalScope('*', () => undefined)).toThrow(/Not a principal key/);
    expect(() => runInPrincipalScope("user:1' OR '1'='1", () => undefined)).toThrow(/Not a principal key/);
    runInSystemScope(() => {
      expect(currentPrincipalScope()).toBe(SYSTEM_SCOPE);
      expect(() => currentPrincipalKey()).toThrow(/system scope/);
    });
  });
});

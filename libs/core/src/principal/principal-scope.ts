/**
 * Whose rows a piece of work may read and write: the principal scope of the request (team mode, ADR 0078). It is
 * carried in async context from the surface that signed the person in (MCP over HTTP) through every tool call, agent
 * run and scheduled task it starts, so repositories take it from the context and never from tool arguments. The
 * embedded SQLite storage holds one person's data and ignores it; the PostgreSQL storage scopes every query by it and
 * row-level security enforces the same rule.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolPrincipal } from '../tools/tool-definition.js';

/** The key of the data directory's one person (the server token's holder): every row of a single-person store. */
export const OWNER_PRINCIPAL = 'owner';

/**
 * The scope of work that spans every principal and reads no one's content for anybody: the scheduler claiming due
 * tasks, the administrator's usage counts. Entered only through `runInSystemScope`.
 */
export const SYSTEM_SCOPE = '*';

const PRINCIPAL_KEY_PATTERN = /^(owner|user:[1-9][0-9]{0,17})$/;

const scope = new AsyncLocalStorage<string>();

/** The stored key of a principal: `owner`, or `user:<id>` for a user of `cos users`. */
export function principalKeyOf(principal: ToolPrincipal | undefined): string {
  return principal === undefined || principal.kind === 'owner' ? OWNER_PRINCIPAL : `user:${principal.userId}`;
}

/** True for a key `principalKeyOf` can return (the system scope is not a principal). */
export function isPrincipalKey(value: string): boolean {
  return PRINCIPAL_KEY_PATTERN.test(value);
}

/** Runs `work` (and everything it starts) as `principalKey`'s. */
export function runInPrincipalScope<T>(principalKey: string, work: () => T): T {
  if (!isPrincipalKey(principalKey)) throw new RangeError(`Not a principal key: ${JSON.stringify(principalKey)} (owner or user:<id>).`);
  return scope.run(principalKey, work);
}

/** Runs `work` across every principal's rows (see SYSTEM_SCOPE); what it writes must name each row's principal. */
export function runInSystemScope<T>(work: () => T): T {
  return scope.run(SYSTEM_SCOPE, work);
}

/** The scope of the work in progress: a principal key, SYSTEM_SCOPE, or the owner when nothing set one. */
export function currentPrincipalScope(): string {
  return scope.getStore() ?? OWNER_PRINCIPAL;
}

/**
 * The principal the work in progress acts for; throws in the system scope, where a write must name the row's
 * principal itself.
 */
export function currentPrincipalKey(): string {
  const current = currentPrincipalScope();
  if (current === SYSTEM_SCOPE) throw new Error('No principal in the system scope: name the row\'s principal explicitly.');
  return current;
}

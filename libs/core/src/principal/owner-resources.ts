/**
 * The rule for everything configured for the server rather than stored as someone's rows — its environment and
 * secret references, the data directory's shared folders, the accounts and calendar feeds of the config file, the
 * external MCP servers, the maintenance handlers: they are the owner's, and a person uses only what is theirs
 * (docs/security.md#what-the-owner-configured, ADR 0096). Checked in code wherever such a resource is reached.
 */
import type { ToolCaller } from '../tools/tool-definition.js';
import { currentPrincipalScope, OWNER_PRINCIPAL, principalKeyOf, SYSTEM_SCOPE } from './principal-scope.js';

/**
 * The principal a call acts for: the one the caller signed in as when the surface says (MCP over HTTP, the console),
 * else the scope the work runs in (an agent run or a scheduled task carries its person's scope). The system scope
 * is the server's own work, which is the owner's.
 */
export function principalOfCall(caller?: Pick<ToolCaller, 'principal'>): string {
  const scope = currentPrincipalScope();
  const scoped = scope === SYSTEM_SCOPE ? OWNER_PRINCIPAL : scope;
  if (caller?.principal === undefined) return scoped;
  const signedIn = principalKeyOf(caller.principal);
  // Both must say owner: a user's call never becomes the owner's through one of the two.
  return signedIn === OWNER_PRINCIPAL ? scoped : signedIn;
}

/** True when the call acts for the owner, who may use what is configured for the server. */
export function actsAsOwner(caller?: Pick<ToolCaller, 'principal'>): boolean {
  return principalOfCall(caller) === OWNER_PRINCIPAL;
}

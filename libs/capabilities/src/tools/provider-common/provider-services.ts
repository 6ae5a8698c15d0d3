/**
 * What the personal-data tools need from `ctx.services`: the provider registry (key `providers`), optionally the
 * configuration (send policy, user identity, locale, allowed roots) and the memory store (participant names).
 */
import type { CosConfig, ToolContext } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { toToolError, type ProviderFor, type ProviderKind, type ProviderRegistry } from '@chief-of-staff/providers';

/** The configuration keys these tools read; every one has a default when `config` is absent. */
export type ProviderToolConfig = Pick<CosConfig, 'user' | 'mail' | 'locale' | 'documents'> & { storage?: Pick<CosConfig['storage'], 'url'> };

export interface ProviderServices {
  providers: ProviderRegistry;
  config?: ProviderToolConfig;
  /** Resolves participant names to addresses in find_group_availability (search_identity). */
  memory?: Pick<MemoryStore, 'identities'>;
}

export type ProviderToolContext = ToolContext<ProviderServices>;

/** The provider for `kind`, or a NOT_CONFIGURED tool error saying how to turn it on. */
export function requireProvider<K extends ProviderKind>(ctx: ProviderToolContext, kind: K): ProviderFor<K> {
  try {
    return ctx.services.providers.require(kind);
  } catch (error) {
    throw toToolError(error);
  }
}

/**
 * The default fallback chains for well-known external services, and the registry metadata external tools get from
 * them. Chains name tools by their bare external name; each resolves to whichever connected server serves it, and a
 * member that is not connected is skipped. A tool in several chains falls back along the first one in which a
 * connected tool follows it (tavily_search is last in the official-data chain but falls back to perplexity_search in
 * the quick-search one), else it takes the first chain it appears in. Files fail at once: a file that is not there is
 * not found anywhere else either.
 */
import type { ToolIntelligenceOverride } from '../registry/tool-intelligence-registry.js';
import { foldToolName } from './external-tool-name.js';
import type { ExternalToolInfo } from './mcp-server-pool.js';
import type { ExternalServerConfig } from './servers-file.js';

interface ChainDefinition {
  domain: string;
  members: ReadonlyArray<readonly [string, number]>;
  typicalMs: number;
  timeoutMs: number;
  fallback: boolean;
}

export const DEFAULT_CHAINS: readonly ChainDefinition[] = [
  { domain: 'official_data', members: [['datagov_query', 95], ['perplexity_search', 90], ['tavily_search', 85]], typicalMs: 5_000, timeoutMs: 60_000, fallback: true },
  { domain: 'web_research', members: [['perplexity_research', 100], ['perplexity_ask', 95], ['tavily_search', 80]], typicalMs: 30_000, timeoutMs: 300_000, fallback: true },
  { domain: 'web_research', members: [['tavily_search', 90], ['perplexity_search', 85]], typicalMs: 5_000, timeoutMs: 60_000, fallback: true },
  { domain: 'files', members: [['read_file', 80], ['write_file', 80], ['read_text_file', 80]], typicalMs: 200, timeoutMs: 30_000, fallback: false },
];

/** Tools that are slow whatever chain they are in. */
const SLOW_TOOLS = new Set(['perplexity_reason', 'perplexity_research']);

/** Domains whose tools never fall back. */
export const NO_FALLBACK_DOMAINS: ReadonlySet<string> = new Set(['files']);

function domainOfServer(server: ExternalServerConfig | undefined): string {
  if (!server) return 'external';
  if (server.name.toLowerCase().includes('datagov')) return 'official_data';
  if (server.capability === 'web_search') return 'web_research';
  if (/file|fs/.test(server.name.toLowerCase())) return 'files';
  return 'external';
}

/**
 * Registry overrides for the connected external tools: domain, chain priority and hierarchy, latency from the
 * chain's tier, then the user's `toolOverrides` from the servers file on top.
 */
export function externalToolOverrides(
  tools: readonly ExternalToolInfo[],
  servers: readonly ExternalServerConfig[],
): Record<string, ToolIntelligenceOverride> {
  const byBareName = new Map<string, ExternalToolInfo[]>();
  for (const tool of tools) {
    const key = foldToolName(tool.remoteName);
    byBareName.set(key, [...(byBareName.get(key) ?? []), tool]);
  }
  const overrides: Record<string, ToolIntelligenceOverride> = {};
  for (const tool of tools) {
    const server = servers.find((candidate) => candidate.name === tool.server);
    const bare = foldToolName(tool.remoteName);
    const successors = (candidate: ChainDefinition): string[] =>
      candidate.members
        .slice(candidate.members.findIndex(([name]) => name === bare) + 1)
        .flatMap(([name]) => (byBareName.get(name) ?? []).filter((member) => member.name !== tool.name).map((member) => member.name));
    const chains = DEFAULT_CHAINS.filter((candidate) => candidate.members.some(([name]) => name === bare));
    const chain = chains.find((candidate) => candidate.fallback && successors(candidate).length > 0) ?? chains[0];
    const override: ToolIntelligenceOverride = { domain: chain?.domain ?? domainOfServer(server) };
    if (chain) {
      const position = chain.members.findIndex(([name]) => name === bare);
      override.priority = chain.members[position]?.[1] ?? 50;
      override.hierarchy = chain.fallback ? successors(chain) : [];
      const slow = SLOW_TOOLS.has(bare);
      override.latency = { typicalMs: slow ? 30_000 : chain.typicalMs, timeoutMs: slow ? 300_000 : chain.timeoutMs, userFeedbackDelayMs: 1_000 };
    }
    if (server?.timeoutMs) override.latency = { ...(override.latency ?? {}), timeoutMs: server.timeoutMs } as ToolIntelligenceOverride['latency'];
    const own = server?.toolOverrides[tool.remoteName] ?? server?.toolOverrides[tool.name];
    overrides[tool.name] = { ...override, ...(own as ToolIntelligenceOverride | undefined) };
  }
  return overrides;
}

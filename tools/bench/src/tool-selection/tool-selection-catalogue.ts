/**
 * The catalogue every ranker of the tool-selection benchmark sees: our built-in tools (name, title, description,
 * latency, input schema), the intent set's fake external servers (known to the registry through their keyword
 * overrides, as in the intent benchmark) and every recorded third-party tool, named `<server>__<tool>` the way the
 * server pool names them. Third-party tools get no overrides: like a server joined at run time, they are known only by
 * name, title, description and schema. Also the text the lexical peers index for each tool.
 */
import { createHash } from 'node:crypto';
import { toolInputJsonSchema, type LatencyTier, type ToolExamples } from '@chief-of-staff/core';
import type { CatalogueToolInfo, ToolIntelligenceOverride } from '@chief-of-staff/orchestration';
import { builtInToolGroups, createOrchestrationStatsTool } from '@chief-of-staff/sdk';
import type { IntentSet, MetaToolPlugin, RecordedServer } from './selection-fixtures.js';

export type ToolSource = 'built-in' | 'intent-external' | 'third-party';

export interface SelectionCatalogueTool {
  name: string;
  title: string;
  description: string;
  latency?: LatencyTier;
  inputSchema?: { properties?: Record<string, unknown>; required?: readonly string[] };
  examples?: ToolExamples;
  source: ToolSource;
}

export interface SelectionCatalogue {
  tools: SelectionCatalogueTool[];
  /** Registry overrides: only the intent set's fake external tools have any. */
  overrides: Record<string, ToolIntelligenceOverride>;
}

const MAX_NAME = 64;
const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/**
 * The catalogue name of a server's tool. The same rule as the server pool's (not part of the orchestration library's
 * public API): `<server>__<tool>` folded to `[a-z0-9_]`, a name past 64 characters cut and given a short hash.
 */
export function thirdPartyToolName(server: string, tool: string): string {
  const full = `${fold(server)}__${fold(tool)}`;
  if (full.length <= MAX_NAME) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

export function builtInCatalogueTools(): SelectionCatalogueTool[] {
  // get_orchestration_stats is served beside tool_search in every catalogue, outside the groups; its dependencies are
  // only read when it runs.
  const unused = (): never => {
    throw new Error('not run in the benchmark');
  };
  const orchestrationStats = createOrchestrationStatsTool({ memory: unused, breakers: unused, servers: unused, now: unused });
  return [...builtInToolGroups(), { tools: [orchestrationStats] }].flatMap((group) =>
    group.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      latency: tool.latency,
      inputSchema: toolInputJsonSchema(tool) as SelectionCatalogueTool['inputSchema'],
      ...(tool.examples ? { examples: tool.examples } : {}),
      source: 'built-in' as const,
    })),
  );
}

/** The intent set's fake servers, described and overridden exactly as the intent benchmark does. */
export function intentExternalTools(intents: IntentSet): {
  tools: SelectionCatalogueTool[];
  overrides: Record<string, ToolIntelligenceOverride>;
} {
  const tools = Object.keys(intents.external).map((name) => ({
    name,
    title: name.replace('__', ' '),
    description: `External tool ${name}.`,
    source: 'intent-external' as const,
  }));
  const overrides = Object.fromEntries(
    Object.entries(intents.external).map(([name, tool]) => [
      name,
      {
        domain: tool.domain,
        priority: tool.priority,
        hierarchy: tool.hierarchy ?? [],
        intentSignals: [
          {
            keywords: tool.keywords,
            weight: tool.exclusiveIntent ? 95 : 80,
            ...(tool.exclusiveIntent ? { exclusiveIntent: tool.exclusiveIntent } : {}),
          },
        ],
      },
    ]),
  );
  return { tools, overrides };
}

export function thirdPartyCatalogueTools(servers: readonly RecordedServer[]): SelectionCatalogueTool[] {
  return servers.flatMap((server) =>
    server.tools.map((tool) => ({
      name: thirdPartyToolName(server.server, tool.name),
      // Servers without titles are shown by name; the registry needs some title, so the tool's own name stands in.
      title: tool.title ?? tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as SelectionCatalogueTool['inputSchema'],
      source: 'third-party' as const,
    })),
  );
}

/** The server name the MetaTool catalogue is joined under (its tools are `metatool__<plugin>`). */
export const METATOOL_SERVER = 'metatool';

/** The one parameter every MetaTool plugin is served with: the catalogue describes plugins, not their inputs. */
export const METATOOL_INPUT_SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string', description: 'What to ask, in plain words.' } },
  required: ['query'],
} as const;

/** The MetaTool plugins as the host sees them once the MetaTool server has joined: name and description only. */
export function metaToolCatalogueTools(plugins: readonly MetaToolPlugin[]): SelectionCatalogueTool[] {
  return plugins.map((plugin) => ({
    name: thirdPartyToolName(METATOOL_SERVER, plugin.name),
    // A tool served without a title is shown as the server pool shows it.
    title: `${plugin.name} (${METATOOL_SERVER})`,
    description: plugin.description,
    inputSchema: METATOOL_INPUT_SCHEMA as unknown as SelectionCatalogueTool['inputSchema'],
    source: 'third-party' as const,
  }));
}

/** Joins catalogue parts; a name that appears twice is refused (the fixtures would disagree about what it is). */
export function joinCatalogue(
  parts: ReadonlyArray<{
    tools: readonly SelectionCatalogueTool[];
    overrides?: Record<string, ToolIntelligenceOverride>;
  }>,
): SelectionCatalogue {
  const tools: SelectionCatalogueTool[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    for (const tool of part.tools) {
      if (seen.has(tool.name))
        throw new Error(
          `Tool "${tool.name}" is in the catalogue twice (${tool.source}); rename the recorded server or the fake tool.`,
        );
      seen.add(tool.name);
      tools.push(tool);
    }
  }
  return {
    tools,
    overrides: Object.assign({}, ...parts.map((part) => part.overrides ?? {})) as Record<
      string,
      ToolIntelligenceOverride
    >,
  };
}

/** The registry's view of a catalogue tool. */
export function catalogueToolInfo(tool: SelectionCatalogueTool): CatalogueToolInfo {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    ...(tool.latency ? { latency: tool.latency } : {}),
    ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.examples ? { examples: tool.examples } : {}),
  };
}

/** `create_calendar_event`, `getFileInfo`, `github__search_repos` → words. */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/__|[_\-.\s/:]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** Parameter names (as words) and descriptions of the top-level input properties. */
export function parameterText(tool: SelectionCatalogueTool): string {
  const properties = tool.inputSchema?.properties ?? {};
  return Object.entries(properties)
    .map(([name, schema]) => {
      const description =
        typeof schema === 'object' &&
        schema !== null &&
        typeof (schema as { description?: unknown }).description === 'string'
          ? (schema as { description: string }).description
          : '';
      return `${nameWords(name)} ${description}`.trim();
    })
    .join('\n');
}

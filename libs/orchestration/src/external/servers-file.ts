/**
 * The external MCP servers file (`mcpServersFile`): Claude Desktop's `{"mcpServers": {...}}` shape, so a user can
 * paste the block they already have, plus optional keys per server — `capability` (only `web_search`), `timeoutMs`,
 * `disabled`, `shared` (whether signed-in users may use it, ADR 0096) and `toolOverrides` (registry metadata per tool). A missing file means no servers; a malformed one, or a
 * malformed entry, is reported with the fix and the remaining servers still load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

/** Servers whose names contain one of these words are search services: they serve `web_search` unless told otherwise. */
const SEARCH_SERVER_WORDS = ['tavily', 'perplexity', 'brave', 'exa', 'datagov'];

const overrideSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

const common = {
  capability: z.literal('web_search').optional(),
  timeoutMs: z.number().int().min(100).max(900_000).optional(),
  disabled: z.boolean().optional(),
  shared: z.boolean().optional(),
  toolOverrides: overrideSchema.optional(),
};

const stdioSchema = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
    type: z.literal('stdio').optional(),
    ...common,
  })
  .strict();

const httpSchema = z
  .object({
    url: z.url(),
    headers: z.record(z.string(), z.string()).default({}),
    type: z.enum(['http', 'streamable-http', 'streamableHttp']).optional(),
    ...common,
  })
  .strict();

export type ExternalTransportConfig =
  | { kind: 'stdio'; command: string; args: readonly string[]; env: Readonly<Record<string, string>>; cwd?: string }
  | { kind: 'http'; url: string; headers: Readonly<Record<string, string>> };

export interface ExternalServerConfig {
  name: string;
  transport: ExternalTransportConfig;
  /** `web_search` when the server's tools are granted by that capability. */
  capability?: 'web_search';
  /** Per-call limit for this server's tools (otherwise their latency tier's). */
  timeoutMs?: number;
  disabled: boolean;
  /**
   * Whether signed-in users (and their agents) may use the server's tools. A server runs with the owner's `env` and
   * headers, so it is the owner's alone unless its entry says `"shared": true` (a public service with no personal
   * credential).
   */
  shared?: boolean;
  /** Registry metadata per remote tool name (priority, hierarchy, latency, intentSignals, …). */
  toolOverrides: Readonly<Record<string, Record<string, unknown>>>;
}

export interface ServersFile {
  servers: ExternalServerConfig[];
  /** What could not be used, each with how to fix it. */
  problems: string[];
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`).join('; ');
}

export function parseServersFile(text: string, source: string): ServersFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { servers: [], problems: [`${source} is not valid JSON (${(error as Error).message}); fix it or remove it.`] };
  }
  const entries = (json as { mcpServers?: unknown } | null)?.mcpServers;
  if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) {
    return { servers: [], problems: [`${source} needs a top-level "mcpServers" object, as in Claude Desktop's configuration.`] };
  }
  const servers: ExternalServerConfig[] = [];
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(entries as Record<string, unknown>)) {
    const isHttp = typeof entry === 'object' && entry !== null && 'url' in entry;
    const parsed = (isHttp ? httpSchema : stdioSchema).safeParse(entry);
    if (!parsed.success) {
      problems.push(`Server "${name}" in ${source} is skipped: ${issuesText(parsed.error)}. Give it a "command" (with "args") or a "url".`);
      continue;
    }
    const value = parsed.data;
    const transport: ExternalTransportConfig =
      'url' in value
        ? { kind: 'http', url: value.url, headers: value.headers }
        : { kind: 'stdio', command: value.command, args: value.args, env: value.env, ...(value.cwd ? { cwd: value.cwd } : {}) };
    const searchByName = SEARCH_SERVER_WORDS.some((word) => name.toLowerCase().includes(word));
    const capability = value.capability ?? (searchByName ? 'web_search' : undefined);
    servers.push({
      name,
      transport,
      ...(capability ? { capability } : {}),
      ...(value.timeoutMs ? { timeoutMs: value.timeoutMs } : {}),
      disabled: value.disabled ?? false,
      shared: value.shared ?? false,
      toolOverrides: value.toolOverrides ?? {},
    });
  }
  return { servers, problems };
}

export function readServersFile(path: string): ServersFile {
  if (!existsSync(path)) return { servers: [], problems: [] };
  try {
    return parseServersFile(readFileSync(path, 'utf8'), path);
  } catch (error) {
    return { servers: [], problems: [`${path} could not be read (${(error as Error).message}).`] };
  }
}

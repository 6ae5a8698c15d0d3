/**
 * Loaders of the tool-selection request sets and third-party tool recordings: the intent set
 * (tools/bench/fixtures/intents.json), the own-tools requests (tool-selection/own-requests.json), the recorded
 * `tools/list` of third-party MCP servers (tool-selection/third-party/servers/*.json) and the requests written against
 * them (tool-selection/third-party/requests.json). Each file is checked as it is read, so a malformed entry is refused
 * with its file, its position and what to write instead, rather than skewing the figures quietly.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Split = 'dev' | 'test';

/** One labelled request: any of `tools` counts as a hit; no tools means off-topic (nothing should be offered). */
export interface SelectionRequest {
  q: string;
  tools: string[];
  split: Split;
  /** The set this request repeats (left out by `loadRequestSet`). */
  copyOf?: string;
}

/** A fake external tool of the intent set, described only by the keywords the registry is given for it. */
export interface IntentExternalTool {
  domain: string;
  priority: number;
  hierarchy?: string[];
  keywords: string[];
  exclusiveIntent?: string;
}

export interface IntentSet {
  external: Record<string, IntentExternalTool>;
  requests: SelectionRequest[];
}

export interface RecordedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** One third-party MCP server's recorded `tools/list`, with where it came from. */
export interface RecordedServer {
  server: string;
  package: string;
  version: string;
  licence: string;
  tools: RecordedTool[];
}

export const FIXTURES_DIR = resolve(import.meta.dirname, '..', '..', 'fixtures');
export const TOOL_SELECTION_DIR = join(FIXTURES_DIR, 'tool-selection');

/** A malformed fixture: the message names the file and the entry, and says what is expected. */
export class FixtureError extends Error {
  override name = 'FixtureError';
}

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(path: string): Json {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new FixtureError(`${path}: cannot be read (${(error as Error).message}).`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new FixtureError(
      `${path}: is not valid JSON (${(error as Error).message}); fix the syntax and run again.`,
    );
  }
}

function requireString(value: Json, where: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new FixtureError(`${where}: "${what}" must be a non-empty string, got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * The labelled requests under `key`. `offTopicLabel` is the intent set's "abstain" marker: a request labelled with it
 * is off-topic and is read as having no tools, like `[]` in the newer sets.
 */
function parseRequests(data: Json, path: string, key: string, offTopicLabel?: string): SelectionRequest[] {
  if (!isObject(data) || !Array.isArray(data[key]))
    throw new FixtureError(`${path}: expected an object with a "${key}" array of { "q", "tools", "split" }.`);
  return (data[key] as Json[]).map((entry, index) => {
    const where = `${path}: ${key}[${index}]`;
    if (!isObject(entry))
      throw new FixtureError(
        `${where}: expected an object { "q", "tools", "split" }, got ${JSON.stringify(entry)}.`,
      );
    const q = requireString(entry['q'], where, 'q');
    const tools = entry['tools'];
    if (!Array.isArray(tools) || tools.some((tool) => typeof tool !== 'string' || tool === '')) {
      throw new FixtureError(
        `${where} ("${q}"): "tools" must be an array of tool names (${offTopicLabel ? `["${offTopicLabel}"] or [] ` : '[] '}for an off-topic request).`,
      );
    }
    const split = entry['split'];
    if (split !== 'dev' && split !== 'test') {
      throw new FixtureError(
        `${where} ("${q}"): "split" must be "dev" or "test", got ${JSON.stringify(split)}; run tools/bench/src/tool-selection/assign-splits.ts to assign it.`,
      );
    }
    const copyOf = entry['copyOf'];
    if (copyOf !== undefined && (typeof copyOf !== 'string' || copyOf === ''))
      throw new FixtureError(`${where} ("${q}"): "copyOf", when given, must name the set the request repeats.`);
    const labels = (tools as string[]).filter((tool) => tool !== offTopicLabel);
    if (offTopicLabel && labels.length > 0 && labels.length < tools.length) {
      throw new FixtureError(
        `${where} ("${q}"): "${offTopicLabel}" cannot be combined with tools; an off-topic request lists only "${offTopicLabel}".`,
      );
    }
    return { q, tools: labels, split, ...(copyOf ? { copyOf } : {}) };
  });
}

/** The intent set: its fake external tools and its requests ("abstain" → no tools). */
export function loadIntentSet(path = join(FIXTURES_DIR, 'intents.json')): IntentSet {
  const data = readJson(path);
  if (!isObject(data) || !isObject(data['external']))
    throw new FixtureError(
      `${path}: expected { "external": { "<server>__<tool>": {...} }, "intents": [...] }.`,
    );
  const external: Record<string, IntentExternalTool> = {};
  for (const [name, tool] of Object.entries(data['external'])) {
    const where = `${path}: external.${name}`;
    if (
      !isObject(tool) ||
      typeof tool['domain'] !== 'string' ||
      typeof tool['priority'] !== 'number' ||
      !Array.isArray(tool['keywords'])
    ) {
      throw new FixtureError(
        `${where}: expected { "domain": string, "priority": number, "keywords": string[] }.`,
      );
    }
    external[name] = tool as unknown as IntentExternalTool;
  }
  return { external, requests: parseRequests(data, path, 'intents', 'abstain') };
}

/**
 * Requests in the `{ description, requests: [{ q, tools, split, copyOf? }] }` shape (own-tools and third-party sets).
 * A request marked `copyOf` repeats one of another set and is left out, so no request counts twice; it stays in the
 * file so the deterministic split of the requests after it does not move.
 */
export function loadRequestSet(path: string): SelectionRequest[] {
  return parseRequests(readJson(path), path, 'requests')
    .filter((request) => request.copyOf === undefined)
    .map(({ copyOf: _copyOf, ...request }) => request);
}

export function parseRecordedServer(data: Json, path: string): RecordedServer {
  if (!isObject(data))
    throw new FixtureError(
      `${path}: expected { "server", "package", "version", "licence", "tools": [...] }.`,
    );
  const server = requireString(data['server'], path, 'server');
  if (!/^[a-z0-9_]+$/.test(server))
    throw new FixtureError(
      `${path}: "server" must be a short name of [a-z0-9_] (it prefixes every tool name), got "${server}".`,
    );
  const pkg = requireString(data['package'], path, 'package');
  const version = requireString(data['version'], path, 'version');
  const licence = requireString(data['licence'], path, 'licence');
  if (!Array.isArray(data['tools']) || data['tools'].length === 0)
    throw new FixtureError(`${path}: "tools" must be the non-empty array the server's tools/list returned.`);
  const seen = new Set<string>();
  const tools = (data['tools'] as Json[]).map((tool, index): RecordedTool => {
    const where = `${path}: tools[${index}]`;
    if (!isObject(tool))
      throw new FixtureError(`${where}: expected { "name", "description", "inputSchema" }.`);
    const name = requireString(tool['name'], where, 'name');
    if (seen.has(name)) throw new FixtureError(`${where}: tool "${name}" is listed twice.`);
    seen.add(name);
    const description = requireString(tool['description'], `${where} (${name})`, 'description');
    if (!isObject(tool['inputSchema']))
      throw new FixtureError(`${where} (${name}): "inputSchema" must be the tool's JSON Schema object.`);
    const title = tool['title'];
    if (title !== undefined && typeof title !== 'string')
      throw new FixtureError(`${where} (${name}): "title", when given, must be a string.`);
    return { name, description, inputSchema: tool['inputSchema'], ...(title ? { title } : {}) };
  });
  return { server, package: pkg, version, licence, tools };
}

/** A MetaTool plugin as our stdio server serves it: its name made safe for MCP, its description as given. */
export interface MetaToolPlugin {
  /** The plugin's name with every character outside [A-Za-z0-9_-] replaced by `_` (`PDF&URLTool` → `PDF_URLTool`). */
  name: string;
  description: string;
}

export const METATOOL_DIR = join(TOOL_SELECTION_DIR, 'metatool');

/** The name the MetaTool server serves a plugin under. */
export const metaToolServedName = (plugin: string): string => plugin.replace(/[^A-Za-z0-9_-]/g, '_');

/** The longest request `tool_search` accepts; three MetaTool requests are longer. */
export const SEARCH_QUERY_LIMIT = 500;

/** A request cut at the last word boundary within `tool_search`'s limit, as a host shortens one it may not send whole. */
export function withinSearchLimit(query: string): string {
  if (query.length <= SEARCH_QUERY_LIMIT) return query;
  const cut = query.slice(0, SEARCH_QUERY_LIMIT);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).trim();
}

/**
 * The MetaTool catalogue (`plugin_des.json`: plugin name → description) and its development requests
 * (`dev-queries.jsonl`: one `{ "query", "tool" }` per line, `tool` a plugin name). Requests are returned with the
 * plugin's served name, cut to `tool_search`'s 500 characters; every one is development data (`split: "dev"`).
 */
export function loadMetaTool(dir = METATOOL_DIR): { plugins: MetaToolPlugin[]; requests: Array<{ q: string; tool: string }> } {
  const cataloguePath = join(dir, 'plugin_des.json');
  const data = readJson(cataloguePath);
  if (!isObject(data)) throw new FixtureError(`${cataloguePath}: expected { "<plugin>": "<description>" }.`);
  const plugins = Object.entries(data).map(([name, description]) => ({
    name: metaToolServedName(name),
    description: requireString(description, `${cataloguePath}: ${name}`, 'description'),
  }));
  const served = new Set(plugins.map((plugin) => plugin.name));
  if (served.size !== plugins.length) throw new FixtureError(`${cataloguePath}: two plugins share a served name once characters outside [A-Za-z0-9_-] are replaced.`);
  const requestsPath = join(dir, 'dev-queries.jsonl');
  let text: string;
  try {
    text = readFileSync(requestsPath, 'utf8');
  } catch (error) {
    throw new FixtureError(`${requestsPath}: cannot be read (${(error as Error).message}).`);
  }
  const requests = text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== '')
    .map(({ line, index }) => {
      const where = `${requestsPath}:${index + 1}`;
      let entry: Json;
      try {
        entry = JSON.parse(line) as Json;
      } catch (error) {
        throw new FixtureError(`${where}: is not valid JSON (${(error as Error).message}).`);
      }
      if (!isObject(entry)) throw new FixtureError(`${where}: expected { "query", "tool" }.`);
      const q = withinSearchLimit(requireString(entry['query'], where, 'query'));
      const tool = metaToolServedName(requireString(entry['tool'], where, 'tool'));
      if (!served.has(tool)) throw new FixtureError(`${where} ("${q}"): "tool" names no plugin of ${cataloguePath}.`);
      return { q, tool };
    });
  return { plugins, requests };
}

/** Every recorded server in `dir` (sorted by file name); none when the directory does not exist yet. */
export function loadRecordedServers(
  dir = join(TOOL_SELECTION_DIR, 'third-party', 'servers'),
): RecordedServer[] {
  if (!existsSync(dir)) return [];
  const servers = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => parseRecordedServer(readJson(join(dir, file)), join(dir, file)));
  const names = new Map<string, string>();
  for (const server of servers) {
    const clash = names.get(server.server);
    if (clash)
      throw new FixtureError(
        `${dir}: servers "${clash}" and "${server.package}" share the short name "${server.server}"; give one another name.`,
      );
    names.set(server.server, server.package);
  }
  return servers;
}

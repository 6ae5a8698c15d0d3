/**
 * A data directory that joins one external MCP server of 2,000 tools, for the `tool_search` speed benchmarks at the
 * scale of a host with many servers: the MetaTool plugins (`fixtures/tool-selection/metatool`) and the recorded
 * third-party tools (`fixtures/tool-selection/third-party/servers`), each also in the editions vendors publish side by
 * side (pro, EU-hosted, lite, v2, …) under its own name and with a sentence of its own, served by the name →
 * description stdio server of the MetaTool benchmark and re-exported, so the host's search ranks them beside ours.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { METATOOL_DIR } from '../tool-selection/selection-fixtures.js';

/** The server's name in the servers file: its tools are served as `catalogue__<tool>`. */
export const HUGE_SERVER_NAME = 'catalogue';
export const HUGE_SERVER_TOOLS = 2000;

const RECORDINGS = resolve(import.meta.dirname, '..', '..', 'fixtures', 'tool-selection', 'third-party', 'servers');
const SERVER_SCRIPT = resolve(import.meta.dirname, '..', 'tool-selection', 'metatool-server.mjs');
/** Names the server pool accepts (`server__tool` within 64 characters). */
const MAX_NAME = 55;

/** Editions of one tool as vendors publish them: a name suffix and what sets the edition apart. */
const EDITIONS: ReadonlyArray<[string, string]> = [
  ['', ''],
  ['pro', 'Pro edition for teams, with shared workspaces and higher limits.'],
  ['eu', 'Hosted in the EU: requests and data stay in European data centres.'],
  ['lite', 'A lighter edition with fewer options that answers faster.'],
  ['v2', 'Version 2 of the API, with paging and richer results.'],
  ['mobile', 'Tuned for phones: short answers and links that open in the app.'],
  ['archive', 'Also reaches records older than a year, from the archive.'],
  ['sandbox', 'A test sandbox: nothing it does changes anything for real.'],
];

const servedName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, MAX_NAME);

/** `count` tools (name → description): every source tool's first edition, then every source tool's second, and so on. */
export function hugeServerTools(count = HUGE_SERVER_TOOLS): Record<string, string> {
  const plugins = JSON.parse(readFileSync(join(METATOOL_DIR, 'plugin_des.json'), 'utf8')) as Record<string, string>;
  const sources: Array<[string, string]> = Object.entries(plugins);
  for (const file of readdirSync(RECORDINGS).filter((name) => name.endsWith('.json')).sort()) {
    const server = JSON.parse(readFileSync(join(RECORDINGS, file), 'utf8')) as { server: string; tools: Array<{ name: string; description: string }> };
    for (const tool of server.tools) sources.push([`${server.server}_${tool.name}`, tool.description]);
  }
  const tools: Record<string, string> = {};
  for (const [suffix, sentence] of EDITIONS) {
    for (const [name, description] of sources) {
      if (Object.keys(tools).length >= count) return tools;
      const base = servedName(name).slice(0, suffix === '' ? MAX_NAME : MAX_NAME - suffix.length - 1);
      const served = suffix === '' ? base : `${base}_${suffix}`;
      if (!(served in tools)) tools[served] = sentence === '' ? description : `${description.trim()} ${sentence}`;
    }
  }
  if (Object.keys(tools).length < count) throw new Error(`The fixtures give only ${Object.keys(tools).length} tools; ${count} are needed.`);
  return tools;
}

/**
 * Prepares `dataDir` for a server run: `cos.config.yaml` re-exports external tools, `mcp-servers.json` joins the
 * server with the first `tools` of `hugeServerTools` (written to `catalogue.json` beside it), or no server when 0.
 */
export function prepareHugeServerDataDir(dataDir: string, tools = HUGE_SERVER_TOOLS): void {
  writeFileSync(join(dataDir, 'cos.config.yaml'), 'orchestration:\n  reexportExternal: true\n');
  const catalogue = join(dataDir, `${HUGE_SERVER_NAME}.json`);
  if (tools > 0) writeFileSync(catalogue, JSON.stringify(hugeServerTools(tools)));
  const entry = { command: process.execPath, args: [SERVER_SCRIPT], env: { METATOOL_CATALOGUE: catalogue } };
  writeFileSync(join(dataDir, 'mcp-servers.json'), JSON.stringify({ mcpServers: tools > 0 ? { [HUGE_SERVER_NAME]: entry } : {} }, null, 2));
}

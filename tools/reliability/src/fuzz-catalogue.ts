/**
 * Property-based fuzzing of every catalogue tool through the real MCP server (the bundle, over stdio): generated
 * hostile arguments for each tool, and after the run the same server must still answer, every response must have
 * been a well-formed result (or a tool error with a message), the database must pass `PRAGMA integrity_check`, and a
 * canary dataset must be unchanged by every tool that declares itself read-only (write tools run afterwards: a valid
 * generated call to delete_fact may legitimately remove a canary).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_MAIN } from './app-mains.js';
import { hostileArguments } from './hostile-values.js';
import { scanDataDir, scanLog, SUITE_MODEL_KEY } from './secret-scan.js';

const CALL_TIMEOUT_MS = 20_000;

export interface FuzzOptions {
  /** Generated calls per tool. */
  inputsPerTool: number;
  seed?: number;
  /** Only tools whose name matches (for a quick local look). */
  only?: RegExp;
}

export interface FuzzFailure {
  tool: string;
  args: string;
  problem: string;
}

export interface FuzzReport {
  tools: number;
  inputs: number;
  toolErrors: number;
  /** Calls that got no well-formed answer: a protocol error, a malformed result or a time-out. */
  malformed: number;
  /** The server process exited or stopped answering. */
  crashes: number;
  integrity: string;
  canaryChanged: boolean;
  failures: FuzzFailure[];
  seconds: number;
}

const CANARY = [
  { category: 'work', key: 'canary_budget', value: 'The Q3 canary budget is 40k' },
  { category: 'personal', key: 'canary_birthday', value: 'Canary birthday is on 3 March' },
  { category: 'preference', key: 'canary_coffee', value: 'Canary drinks oat flat whites' },
];

function textOf(result: { content?: unknown }): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  return content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

function wellFormed(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return 'the result is not an object';
  const value = result as { content?: unknown; isError?: unknown };
  if (!Array.isArray(value.content)) return 'the result has no content array';
  if (value.isError === true && textOf(value).trim() === '') return 'a tool error without a message';
  if (value.isError === true && /\n\s+at .+\(.+:\d+:\d+\)/.test(textOf(value))) return 'a stack trace reached the client';
  return undefined;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function canarySnapshot(client: Client): Promise<string> {
  const facts = await client.callTool({ name: 'list_facts', arguments: { limit: 100 } });
  const items = ((facts.structuredContent as { items?: Array<{ key: string; value: string; category: string }> } | undefined)?.items ?? [])
    .filter((fact) => fact.key.startsWith('canary_'))
    .map((fact) => `${fact.category}/${fact.key}=${fact.value}`)
    .sort();
  return items.join('\n');
}

export async function fuzzCatalogue(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_MAIN],
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn', COS_SCHEDULER_RUN_IN_SERVER: 'never', ANTHROPIC_API_KEY: SUITE_MODEL_KEY },
    stderr: 'pipe',
  });
  // Warnings and errors are where a hostile input could make the server print what it holds.
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  let exited = false;
  transport.onclose = () => {
    exited = true;
  };
  const client = new Client({ name: 'reliability-fuzz', version: '1' });
  const report: FuzzReport = { tools: 0, inputs: 0, toolErrors: 0, malformed: 0, crashes: 0, integrity: 'not checked', canaryChanged: false, failures: [], seconds: 0 };
  try {
    await client.connect(transport);
    for (const fact of CANARY) await client.callTool({ name: 'store_fact', arguments: fact });
    const canaryBefore = await canarySnapshot(client);
    const listed = (await client.listTools()).tools.filter((tool) => !options.only || options.only.test(tool.name));
    // Read-only tools run first; the canary must survive all of them.
    const writes = (tool: Tool) => tool.annotations?.readOnlyHint !== true;
    const ordered = [...listed.filter((tool) => !writes(tool)), ...listed.filter(writes)];
    report.tools = ordered.length;
    let seed = options.seed ?? 20261124;
    let checkedCanary = false;
    for (const tool of ordered) {
      if (writes(tool) && !checkedCanary) {
        checkedCanary = true;
        report.canaryChanged = (await canarySnapshot(client)) !== canaryBefore;
      }
      const properties = Object.keys((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {});
      const samples = fc.sample(hostileArguments(properties), { numRuns: options.inputsPerTool, seed: seed++ });
      for (const args of samples) {
        if (exited) break;
        report.inputs += 1;
        const shown = JSON.stringify(args)?.slice(0, 300) ?? String(args);
        try {
          const result = await withTimeout(client.callTool({ name: tool.name, arguments: args as Record<string, unknown> }), CALL_TIMEOUT_MS);
          const problem = wellFormed(result);
          if (problem) {
            report.malformed += 1;
            report.failures.push({ tool: tool.name, args: shown, problem });
          } else if (result.isError === true) {
            report.toolErrors += 1;
          }
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // A JSON-RPC error for arguments that are not an object is the protocol's answer, not a failure.
          if (/Invalid (arguments|params)|-32602|Expected object/i.test(message) && !exited) {
            report.toolErrors += 1;
            continue;
          }
          report.malformed += 1;
          report.failures.push({ tool: tool.name, args: shown, problem: message.slice(0, 200) });
        }
      }
      if (exited) break;
    }
    if (!exited && !checkedCanary) report.canaryChanged = (await canarySnapshot(client)) !== canaryBefore;
  } finally {
    if (exited) report.crashes += 1;
    await client.close().catch(() => undefined);
    const db = new Database(join(dataDir, 'cos.db'), { readonly: true });
    try {
      report.integrity = String(db.pragma('integrity_check', { simple: true }));
    } finally {
      db.close();
    }
    scanLog('fuzzing', log);
    scanDataDir('fuzzing', dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    report.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return report;
}

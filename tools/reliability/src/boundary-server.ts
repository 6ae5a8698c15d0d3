/**
 * The bundled MCP server over stdio on a fresh data directory, with a configuration file and agents written where
 * the server loads them (`<dataDir>/cos.config.yaml`, `<dataDir>/agents/*.yaml`), and the model pointed at a
 * scripted fake Messages API. The environment is built from scratch, so a developer's own key or data never leaks in.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SERVER_MAIN } from './app-mains.js';
import { registerSecret, scanDataDir, scanLog } from './secret-scan.js';
import { startScriptedModel, type ScriptedModel } from './scripted-model.js';
import { toolText } from './tool-text.js';

const MODEL_KEY = 'sk-ant-api03-reliability-boundary-key';

export interface AgentSpec {
  name: string;
  capabilities: readonly string[];
  namespaces?: readonly string[];
  /** Extra YAML lines (e.g. `max_rounds: 4`). */
  extra?: readonly string[];
}

export interface BoundaryServerOptions {
  agents: readonly AgentSpec[];
  /** The body of `cos.config.yaml`. */
  config?: string;
  /** Extra environment variables for the server (e.g. a mail password the config names). */
  env?: Record<string, string>;
  name: string;
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
  structured: Record<string, unknown> | undefined;
  /** The whole answer as JSON, for checks of what a user would see. */
  raw: string;
}

export interface BoundaryServer {
  dataDir: string;
  model: ScriptedModel;
  client: Client;
  /** False once the server process has gone. */
  alive(): boolean;
  call(name: string, args: Record<string, unknown>, timeoutMs?: number): Promise<ToolAnswer>;
  close(): Promise<void>;
}

export function agentYaml(agent: AgentSpec): string {
  return [
    `name: ${agent.name}`,
    `description: "Reliability test agent ${agent.name}."`,
    'system_prompt: |',
    `  You are ${agent.name}. Do what the user asks with the tools you have.`,
    `capabilities: [${agent.capabilities.join(', ')}]`,
    `namespaces: [${(agent.namespaces ?? []).join(', ')}]`,
    'model: haiku',
    ...(agent.extra ?? []),
    '',
  ].join('\n');
}


export async function startBoundaryServer(options: BoundaryServerOptions): Promise<BoundaryServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-boundary-'));
  mkdirSync(join(dataDir, 'agents'), { recursive: true });
  mkdirSync(join(dataDir, 'documents'), { recursive: true });
  for (const agent of options.agents) writeFileSync(join(dataDir, 'agents', `${agent.name}.yaml`), agentYaml(agent));
  writeFileSync(join(dataDir, 'cos.config.yaml'), options.config ?? 'timezone: UTC\n');
  const model = await startScriptedModel();
  registerSecret(MODEL_KEY);
  for (const value of Object.values(options.env ?? {})) registerSecret(value);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_MAIN],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dataDir,
      COS_DATA_DIR: dataDir,
      COS_TIMEZONE: 'UTC',
      COS_LOG_LEVEL: 'info',
      COS_SCHEDULER_RUN_IN_SERVER: 'never',
      ANTHROPIC_API_KEY: MODEL_KEY,
      ANTHROPIC_BASE_URL: model.url,
      ...options.env,
    },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  let exited = false;
  transport.onclose = () => {
    exited = true;
  };
  const client = new Client({ name: options.name, version: '1' });
  try {
    await client.connect(transport);
  } catch (error) {
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    dataDir,
    model,
    client,
    alive: () => !exited,
    async call(name, args, timeoutMs = 60_000) {
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs });
      const structured = result.structuredContent as Record<string, unknown> | undefined;
      return { isError: result.isError === true, text: toolText(result), structured, raw: JSON.stringify(result) };
    },
    async close() {
      await client.close().catch(() => undefined);
      await model.close();
      scanLog(options.name, log);
      scanDataDir(options.name, dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

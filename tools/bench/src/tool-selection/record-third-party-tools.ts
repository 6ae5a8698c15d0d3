/**
 * Records the tool catalogues of real third-party MCP servers installed from npm (root devDependencies) as the
 * fixtures the tool-selection benchmark reads: tools/bench/fixtures/tool-selection/third-party/servers/<server>.json
 * with each tool's name, title, description and input schema, plus the package's name, version and licence. Each
 * server is started with the MCP SDK's stdio client exactly as a host would start it, with a scratch HOME and data
 * files and no credentials, and (where `unshare` is available) with no network, so every recording proves that the
 * server starts offline. The benchmark itself never starts these servers.
 *
 * Run: npx tsx --conditions=@chief-of-staff/source tools/bench/src/tool-selection/record-third-party-tools.ts [server…]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

interface ServerSpec {
  /** Short name; catalogue names are `<server>__<tool>`. */
  server: string;
  package: string;
  /** The bin entry to run when the package declares several. */
  bin?: string;
  args?: (scratch: string) => string[];
  env?: (scratch: string) => Record<string, string>;
}

interface PackageJson {
  name: string;
  version: string;
  license?: string | { type: string };
  bin?: string | Record<string, string>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const outputDir = resolve(repoRoot, 'tools', 'bench', 'fixtures', 'tool-selection', 'third-party', 'servers');

const servers: ServerSpec[] = [
  { server: 'filesystem', package: '@modelcontextprotocol/server-filesystem', args: (scratch) => [scratch] },
  { server: 'memory', package: '@modelcontextprotocol/server-memory', env: (scratch) => ({ MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') }) },
  { server: 'everything', package: '@modelcontextprotocol/server-everything', args: () => ['stdio'] },
  { server: 'sequential_thinking', package: '@modelcontextprotocol/server-sequential-thinking' },
  { server: 'github', package: '@modelcontextprotocol/server-github' },
  { server: 'chart', package: '@antv/mcp-server-chart' },
  { server: 'time', package: 'time-mcp' },
  { server: 'weather', package: '@dangahagan/weather-mcp' },
  { server: 'git', package: '@cyanheads/git-mcp-server', env: () => ({ MCP_TRANSPORT_TYPE: 'stdio', MCP_LOG_LEVEL: 'error' }) },
  { server: 'shrimp', package: 'mcp-shrimp-task-manager', env: (scratch) => ({ DATA_DIR: join(scratch, 'data'), ENABLE_GUI: 'false' }) },
  { server: 'taskmanager', package: '@kazuph/mcp-taskmanager', env: (scratch) => ({ TASK_MANAGER_FILE_PATH: join(scratch, 'tasks.json') }) },
  { server: 'fetch', package: 'mcp-fetch-server', bin: 'mcp-fetch-server' },
];

/** Whether servers can be started in a namespace without network (unprivileged user namespaces allowed). */
const offline = spawnSync('unshare', ['--net', '--map-root-user', process.execPath, '-e', ''], { stdio: 'ignore' }).status === 0;

function readPackage(name: string): { dir: string; json: PackageJson } {
  const dir = resolve(repoRoot, 'node_modules', name);
  const file = join(dir, 'package.json');
  if (!existsSync(file)) throw new Error(`${name} is not installed: add it with npm install -D --save-exact ${name}@<version> (see tools/bench/fixtures/tool-selection/README.md).`);
  return { dir, json: JSON.parse(readFileSync(file, 'utf8')) as PackageJson };
}

/**
 * The package's licence: its package.json field, or, when that says "SEE LICENSE IN <file>", the licence named in
 * that file or (the reference servers ship no LICENSE file) in the README's License section.
 */
function licenceOf(dir: string, json: PackageJson): string {
  const declared = typeof json.license === 'string' ? json.license : (json.license?.type ?? 'UNKNOWN');
  if (!declared.startsWith('SEE LICENSE IN')) return declared;
  const licenceFile = join(dir, declared.replace('SEE LICENSE IN', '').trim());
  const readme = join(dir, 'README.md');
  const text = existsSync(licenceFile)
    ? readFileSync(licenceFile, 'utf8')
    : existsSync(readme)
      ? (/^## Licen[cs]e\s+([\s\S]*?)(?:^## |$(?![\s\S]))/mu.exec(readFileSync(readme, 'utf8'))?.[1] ?? '')
      : '';
  const known: Array<[RegExp, string]> = [
    [/\bMIT License\b/iu, 'MIT'],
    [/\bApache License\b/iu, 'Apache-2.0'],
    [/\bISC License\b/iu, 'ISC'],
  ];
  return known.find(([pattern]) => pattern.test(text))?.[1] ?? declared;
}

function binOf(spec: ServerSpec, dir: string, json: PackageJson): string {
  const bin = typeof json.bin === 'string' ? json.bin : spec.bin ? json.bin?.[spec.bin] : Object.values(json.bin ?? {})[0];
  if (!bin) throw new Error(`${spec.package} declares no bin entry to start.`);
  return join(dir, bin);
}

async function record(spec: ServerSpec): Promise<number> {
  const { dir, json } = readPackage(spec.package);
  const scratch = mkdtempSync(join(tmpdir(), `record-${spec.server}-`));
  mkdirSync(join(scratch, 'data'), { recursive: true });
  const entry = binOf(spec, dir, json);
  const args = [entry, ...(spec.args?.(scratch) ?? [])];
  // A minimal environment built from scratch: no tokens or keys of the developer's can reach the server.
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: scratch, NODE_ENV: 'production', ...(spec.env?.(scratch) ?? {}) };
  const transport = offline
    ? new StdioClientTransport({ command: 'unshare', args: ['--net', '--map-root-user', process.execPath, ...args], env, cwd: scratch, stderr: 'pipe' })
    : new StdioClientTransport({ command: process.execPath, args, env, cwd: scratch, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'tool-selection-recorder', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: 20_000 });
    const tools = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: 20_000 });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const recording = {
      server: spec.server,
      package: json.name,
      version: json.version,
      licence: licenceOf(dir, json),
      tools: tools.map((tool) => ({
        name: tool.name,
        ...(tool.title ?? tool.annotations?.title ? { title: tool.title ?? tool.annotations?.title } : {}),
        description: tool.description ?? '',
        inputSchema: tool.inputSchema,
      })),
    };
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(join(outputDir, `${spec.server}.json`), `${JSON.stringify(recording, null, 2)}\n`);
    return tools.length;
  } catch (error) {
    throw new Error(`${spec.package} did not answer tools/list: ${(error as Error).message}\n${stderr.slice(-2000)}`);
  } finally {
    await client.close().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const wanted = process.argv.slice(2);
const chosen = wanted.length > 0 ? servers.filter((spec) => wanted.includes(spec.server)) : servers;
if (chosen.length === 0) throw new Error(`No server named ${wanted.join(', ')}; known: ${servers.map((spec) => spec.server).join(', ')}.`);
console.log(offline ? 'Starting each server without network (unshare --net).' : 'unshare is unavailable: servers start with the network reachable.');
let total = 0;
let failed = 0;
for (const spec of chosen) {
  try {
    const count = await record(spec);
    total += count;
    console.log(`${spec.server.padEnd(20)} ${String(count).padStart(3)} tools  (${spec.package})`);
  } catch (error) {
    failed += 1;
    console.error(`${spec.server}: ${(error as Error).message}`);
  }
}
console.log(`${total} tools from ${chosen.length - failed} servers written to ${outputDir}`);
if (failed > 0) process.exitCode = 1;

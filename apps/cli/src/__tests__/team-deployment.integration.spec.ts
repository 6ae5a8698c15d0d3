/**
 * docs/deployment.md §1–§5 as written: the SQL and the `cos` commands are read out of the page's own code blocks (so
 * the page and this test cannot drift apart) and run, on a throw-away PostgreSQL, as an administrator would — the SQL
 * through psql as the superuser, every `cos` command through the built CLI as the ordinary login `cos` the page
 * creates. It ends in a working team deployment: users and tokens made by the commands, `cos doctor` without a
 * problem, a server and a worker started with the page's command lines, and each signed-in person storing and finding
 * facts that nobody else sees. A second case leaves out the `GRANT cos_scoped TO cos` of §1: `cos doctor` and the
 * server then name the SQL that is missing, and running it is all it takes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { CLI_MAIN, createCliSandbox, type CliRun, type CliSandbox } from './run-cli.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

const DEPLOYMENT_DOC = resolve(import.meta.dirname, '..', '..', '..', '..', 'docs', 'deployment.md');
const PSQL = join(process.env['COS_TEST_PG_BIN'] ?? '/usr/lib/postgresql/15/bin', 'psql');
const SERVER_TOKEN = 'team-deployment-server-token-0123456789abcdef';

interface CodeBlock {
  language: string;
  text: string;
}

/** The fenced code blocks of each numbered section (`## 1.` … ) of the page, in order. */
function sectionBlocks(markdown: string): Map<number, CodeBlock[]> {
  const sections = new Map<number, CodeBlock[]>();
  let section = 0;
  let open: CodeBlock | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      if (line.startsWith('```')) {
        sections.get(section)?.push(open);
        open = undefined;
      } else {
        open.text += `${line}\n`;
      }
      continue;
    }
    const heading = /^## (\d+)\. /.exec(line);
    if (heading) {
      section = Number(heading[1]);
      sections.set(section, []);
    } else if (line.startsWith('```') && section > 0) {
      open = { language: line.slice(3).trim(), text: '' };
    }
  }
  return sections;
}

/** The words of one shell command line: double or single quotes group, a `#` outside them starts a comment. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (char === '#' && word === undefined) {
      break;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The `cos …` command lines of a shell block, as argument lists without `cos` (and without an `X=… ` prefix). */
function cosCommands(block: CodeBlock): string[][] {
  return block.text
    .split('\n')
    .map(shellWords)
    .map((words) => (words[0]?.includes('=') ? words.slice(1) : words))
    .filter((words) => words[0] === 'cos')
    .map((words) => words.slice(1));
}

function only<T>(items: readonly T[] | undefined, what: string): T {
  if (items?.length !== 1 || items[0] === undefined) throw new Error(`docs/deployment.md: expected exactly one ${what}, found ${items?.length ?? 0}`);
  return items[0];
}

function blocksOf(sections: Map<number, CodeBlock[]>, section: number, language: string): CodeBlock[] {
  return (sections.get(section) ?? []).filter((block) => block.language === language);
}

/** Runs SQL through psql as the superuser, stopping at the first error (as `psql -v ON_ERROR_STOP=1` does). */
function psql(url: string, sql: string): void {
  const result = spawnSync(PSQL, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', '-'], { input: sql, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed (exit ${result.status}): ${result.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/** Starts a long-running `cos` command and resolves once its output matches `ready`. */
async function startCos(sandbox: CliSandbox, args: string[], env: Record<string, string>, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, [CLI_MAIN, ...args], {
    env: { PATH: process.env['PATH'] ?? '', HOME: sandbox.dataDir, COS_DATA_DIR: sandbox.dataDir, COS_TIMEZONE: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`cos ${args.join(' ')} did not start within 60 s:\n${text}`)), 60_000);
    const poll = setInterval(() => {
      if (ready.test(text)) {
        clearInterval(poll);
        clearTimeout(timer);
        done();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      fail(new Error(`cos ${args.join(' ')} exited with ${code}:\n${text}`));
    });
  });
  return {
    child,
    log: () => text,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface ToolAnswer {
  isError: boolean;
  text: string;
  structured: Record<string, unknown>;
}

/** One `tools/call` over the stateless Streamable HTTP endpoint, as any MCP client sends it. */
async function callTool(url: string, token: string, name: string, args: Record<string, unknown>): Promise<{ status: number; answer?: ToolAnswer; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const body = await response.text();
  if (response.status !== 200) return { status: response.status, body };
  // The answer is one server-sent event (or plain JSON).
  const json = body.trimStart().startsWith('{') ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? '{}');
  const message = JSON.parse(json) as { result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> }; error?: { message: string } };
  if (!message.result) return { status: response.status, body };
  return {
    status: response.status,
    body,
    answer: { isError: message.result.isError === true, text: message.result.content?.map((part) => part.text ?? '').join('') ?? '', structured: message.result.structuredContent ?? {} },
  };
}

async function must(url: string, token: string, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { status, answer, body } = await callTool(url, token, name, args);
  if (status !== 200 || !answer || answer.isError) throw new Error(`${name} failed (HTTP ${status}): ${answer?.text ?? body}`);
  return answer.structured;
}

/** The `postgres: …` lines of `cos doctor --json`. */
function postgresChecks(run: CliRun): { name: string; status: string; detail: string }[] {
  return run.json<{ checks: { name: string; status: string; detail: string }[] }>().checks.filter((check) => check.name === 'database' || check.name.startsWith('postgres'));
}

const doc = sectionBlocks(readFileSync(DEPLOYMENT_DOC, 'utf8'));
let postgres: TestPostgres;
const sandboxes: CliSandbox[] = [];
const running: Started[] = [];

beforeAll(async () => {
  postgres = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
}, 60_000);

afterAll(async () => {
  for (const process of running) await process.stop();
  for (const sandbox of sandboxes) sandbox.remove();
  await postgres?.stop();
});

/** The page's `COS_DATABASE_URL`, pointed at the throw-away server (its host and port stand for the page's `db.internal:5432`). */
function databaseUrl(database = 'chief_of_staff'): string {
  const line = only(
    (doc.get(1) ?? []).flatMap((block) => block.text.split('\n').filter((text) => text.startsWith('export COS_DATABASE_URL='))),
    '`export COS_DATABASE_URL=` line in §1',
  );
  const url = new URL(only(shellWords(line).filter((word) => word.startsWith('COS_DATABASE_URL=')), 'URL').slice('COS_DATABASE_URL='.length));
  expect(`${url.username}@${url.host}${url.pathname}`).toBe('cos@db.internal:5432/chief_of_staff');
  url.host = `127.0.0.1:${postgres.port}`;
  url.pathname = `/${database}`;
  return url.toString();
}

describeWithPostgres('docs/deployment.md, followed as written', () => {
  it('has the blocks this test runs', () => {
    const setup = only(blocksOf(doc, 1, 'sql').filter((block) => block.text.includes('CREATE ROLE cos LOGIN')), 'superuser SQL block in §1');
    expect(setup.text).toMatch(/^CREATE ROLE cos_scoped NOLOGIN/m);
    expect(setup.text).toMatch(/^GRANT cos_scoped TO cos;/m);
    // Default privileges name the role that creates the tables: `cos`, not the superuser running the block.
    for (const block of blocksOf(doc, 1, 'sql')) {
      for (const line of block.text.split('\n').filter((text) => text.startsWith('ALTER DEFAULT PRIVILEGES'))) expect(line).toMatch(/^ALTER DEFAULT PRIVILEGES FOR ROLE cos /);
    }
    expect(cosCommands(only(blocksOf(doc, 1, 'sh'), 'shell block in §1'))).toEqual([['doctor']]);
    expect(cosCommands(only(blocksOf(doc, 3, 'sh'), 'shell block in §3')).map((args) => args.slice(0, 2).join(' '))).toEqual([
      'users add',
      'users add',
      'tokens create',
      'users list',
      'users disable',
    ]);
    expect(cosCommands(only(blocksOf(doc, 4, 'sh'), 'shell block in §4'))).toEqual([['serve', '--http', '--host', '0.0.0.0', '--port', '8765']]);
    expect(cosCommands(only(blocksOf(doc, 5, 'sh'), 'shell block in §5'))).toEqual([['worker', '--json-logs']]);
  });

  it('ends in a working team deployment where each person sees only their own rows', async () => {
    // §1, as the superuser, once.
    const setup = only(blocksOf(doc, 1, 'sql').filter((block) => block.text.includes('CREATE ROLE cos LOGIN')), 'superuser SQL block in §1');
    psql(postgres.url, setup.text);
    const env = { COS_DATABASE_URL: databaseUrl() };
    const sandbox = createCliSandbox('team-deployment');
    sandboxes.push(sandbox);
    // The server's configuration: §2's OpenID Connect block, the server token of the administrator, and (§4) servers
    // that leave scheduled work to the workers; the workers' health port is any free one on a test machine.
    const oidc = only(blocksOf(doc, 2, 'yaml'), 'YAML block in §2').text;
    writeFileSync(
      join(sandbox.dataDir, '..', 'cos.config.yaml'),
      `${oidc}scheduler:\n  runInServer: never\n  healthPort: ${await freePort()}\n`,
    );
    const config = { ...env, COS_CONFIG: join(sandbox.dataDir, '..', 'cos.config.yaml'), COS_MCP_HTTP_TOKEN: SERVER_TOKEN };

    // §1: cos doctor, the first process to connect (it creates the tables).
    const [doctorArgs] = cosCommands(only(blocksOf(doc, 1, 'sh'), 'shell block in §1'));
    const firstDoctor = await sandbox.run([...(doctorArgs ?? []), '--json'], config);
    expect(postgresChecks(firstDoctor).filter((check) => check.status === 'fail')).toEqual([]);

    // §3: users and tokens, every line as written.
    const outputs: CliRun[] = [];
    for (const args of cosCommands(only(blocksOf(doc, 3, 'sh'), 'shell block in §3'))) {
      const run = await sandbox.run(args, config);
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 0, stderr: '' });
      outputs.push(run);
    }
    const ariToken = outputs[2]?.stdout.split('\n')[0] ?? '';
    expect(ariToken).toMatch(/^cos_pat_/);
    expect(outputs[3]?.stdout).toMatch(/noa@example\.com/);
    const noaToken = (await sandbox.run(['tokens', 'create', '--user', 'noa@example.com', '--name', 'laptop'], config)).stdout.split('\n')[0] ?? '';
    expect(noaToken).toMatch(/^cos_pat_/);

    // A team database now: cos doctor finds nothing to fix, row-level security included.
    const doctor = await sandbox.run(['doctor', '--json'], config);
    const checks = postgresChecks(doctor);
    expect(checks.filter((check) => check.status === 'fail')).toEqual([]);
    expect(checks.find((check) => check.name === 'postgres: row-level security')?.detail).toMatch(/Team mode: 2 user\(s\); every session is bound/);
    expect(checks.find((check) => check.name === 'database')?.status).toBe('ok');

    // §4 and §5: a server and a worker with the page's command lines (the port the page names may be taken here).
    const [serveArgs] = cosCommands(only(blocksOf(doc, 4, 'sh'), 'shell block in §4'));
    const port = await freePort();
    const serveLine = (serveArgs ?? []).map((word) => (word === '8765' ? String(port) : word));
    const server = await startCos(sandbox, serveLine, config, /listening on http:\/\/\S+\/mcp/);
    running.push(server);
    const [workerArgs] = cosCommands(only(blocksOf(doc, 5, 'sh'), 'shell block in §5'));
    const worker = await startCos(sandbox, workerArgs ?? [], config, /"msg":"worker started"/);
    running.push(worker);
    const url = `http://127.0.0.1:${port}/mcp`;

    // The disabled person is refused; the other signs in and works on their own rows.
    expect((await callTool(url, ariToken, 'query_memory', { query: 'launch' })).status).toBe(401);
    await must(url, noaToken, 'store_fact', { category: 'work', key: 'launch', value: 'Noa: the launch moves to May 3' });
    await must(url, SERVER_TOKEN, 'store_fact', { category: 'work', key: 'launch', value: 'Owner: the board meets in June' });
    expect((await sandbox.run(['users', 'enable', 'ari@example.com'], config)).code).toBe(0);
    await must(url, ariToken, 'store_fact', { category: 'work', key: 'launch', value: 'Ari: the launch party is booked' });

    const seen = async (token: string) => JSON.stringify(await must(url, token, 'query_memory', { query: 'launch' }));
    const noa = await seen(noaToken);
    expect(noa).toContain('Noa: the launch moves to May 3');
    expect(noa).not.toMatch(/Owner:|Ari:/);
    const ari = await seen(ariToken);
    expect(ari).toContain('Ari: the launch party is booked');
    expect(ari).not.toMatch(/Owner:|Noa:/);
    const owner = await seen(SERVER_TOKEN);
    expect(owner).toContain('Owner: the board meets in June');
    expect(owner).not.toMatch(/Noa:|Ari:/);
    expect(server.log()).not.toMatch(/may not create the extensions/);
    expect(worker.child.exitCode).toBeNull();
    await worker.stop();
    await server.stop();
  }, 240_000);

  it('names the missing grant, in cos doctor and to each signed-in person, when §1 left out GRANT cos_scoped TO cos', async () => {
    const setup = only(blocksOf(doc, 1, 'sql').filter((block) => block.text.includes('CREATE ROLE cos LOGIN')), 'superuser SQL block in §1');
    const database = 'chief_of_staff_forgot';
    const partial = setup.text
      .replaceAll('chief_of_staff', database)
      // The roles belong to the whole server: the first case may have made them already.
      .replace(/^CREATE ROLE cos LOGIN.*$/m, () => "DO $$ BEGIN CREATE ROLE cos LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;")
      .replace(/^CREATE ROLE cos_scoped .*$/m, () => 'DO $$ BEGIN CREATE ROLE cos_scoped NOLOGIN NOSUPERUSER NOBYPASSRLS; EXCEPTION WHEN duplicate_object THEN NULL; END $$;')
      .replace(/^GRANT cos_scoped TO cos;.*$/m, '');
    expect(partial).not.toContain('GRANT cos_scoped TO cos');
    psql(postgres.url, partial);
    const url = databaseUrl(database);
    const sandbox = createCliSandbox('team-deployment-forgot');
    sandboxes.push(sandbox);
    const env = { COS_DATABASE_URL: url, COS_MCP_HTTP_TOKEN: SERVER_TOKEN };
    psql(postgres.url, `REVOKE cos_scoped FROM cos;`);
    try {
      expect((await sandbox.run(['users', 'add', 'noa@example.com'], env)).code).toBe(0);
      const token = (await sandbox.run(['tokens', 'create', '--user', 'noa@example.com'], env)).stdout.split('\n')[0] ?? '';

      const doctor = await sandbox.run(['doctor', '--json'], env);
      const checks = postgresChecks(doctor);
      // The database itself is fine; only team mode's binding is not, and the fix is the one SQL line.
      expect(checks.find((check) => check.name === 'database')?.status).toBe('ok');
      const binding = checks.find((check) => check.name === 'postgres: row-level security');
      expect(binding?.status).toBe('fail');
      expect(binding?.detail).toContain('GRANT cos_scoped TO cos;');
      expect(binding?.detail).not.toMatch(/extension/);

      const port = await freePort();
      const server = await startCos(sandbox, ['serve', '--http', '--host', '127.0.0.1', '--port', String(port)], env, /listening on http:\/\/\S+\/mcp/);
      running.push(server);
      const refused = await callTool(`http://127.0.0.1:${port}/mcp`, token, 'store_fact', { category: 'work', key: 'k', value: 'v' });
      expect(refused.answer?.isError).toBe(true);
      expect(refused.answer?.text).toMatch(/TEAM_MODE_UNBOUND/);
      expect(refused.answer?.text).toContain('GRANT cos_scoped TO cos;');
      // The owner is still served.
      await must(`http://127.0.0.1:${port}/mcp`, SERVER_TOKEN, 'store_fact', { category: 'work', key: 'k', value: 'v' });
      await server.stop();

      // The SQL it named, then a restart: the person is served.
      psql(postgres.url, 'GRANT cos_scoped TO cos;');
      const again = await startCos(sandbox, ['serve', '--http', '--host', '127.0.0.1', '--port', String(port)], env, /listening on http:\/\/\S+\/mcp/);
      running.push(again);
      await must(`http://127.0.0.1:${port}/mcp`, token, 'store_fact', { category: 'work', key: 'k', value: 'noa' });
      const checksAfter = postgresChecks(await sandbox.run(['doctor', '--json'], env));
      expect(checksAfter.filter((check) => check.status === 'fail')).toEqual([]);

      // §1's grants for tables another role owns run as written too (here they change nothing: `cos` owns them).
      const grants = only(blocksOf(doc, 1, 'sql').filter((block) => block.text.includes('GRANT USAGE ON SCHEMA public, drizzle TO cos_scoped')), 'grants block in §1');
      const superuserUrl = new URL(postgres.url);
      superuserUrl.pathname = `/${database}`;
      psql(superuserUrl.toString(), grants.text);
      expect(postgresChecks(await sandbox.run(['doctor', '--json'], env)).filter((check) => check.status === 'fail')).toEqual([]);
    } finally {
      psql(postgres.url, 'GRANT cos_scoped TO cos;');
    }
  }, 240_000);
});

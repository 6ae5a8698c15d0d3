/**
 * Team mode on several machines' worth of processes: N MCP HTTP servers and M workers on one PostgreSQL database, in
 * team mode (users exist), behind a round-robin proxy. Clients of several principals (each with a personal access
 * token made by `cos tokens create`) write and read for a fixed time while one server and one worker are killed with
 * SIGKILL. Reported: failed calls (after the client's retries onto the others), acknowledged writes missing
 * afterwards, rows stored under the wrong principal, reads that showed another principal's marker, and scheduled
 * occurrences that ran more or less than once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { CLI_MAIN, WORKER_MAIN } from './app-mains.js';
import { startHttpServer, TOKEN, type StartedServer } from './http-load.js';
import { withLoggedCause } from './logged-cause.js';
import { sleep } from './stored-rows.js';

export interface TeamClusterOptions {
  servers: number;
  workers: number;
  principals: number;
  clients: number;
  seconds: number;
  /** Scheduled tasks of the owner, each with one occurrence due during the run. */
  tasks: number;
}

export interface TeamClusterReport {
  servers: number;
  workers: number;
  principals: number;
  clients: number;
  seconds: number;
  calls: number;
  /** Calls that failed even after the client's retries. */
  failedCalls: number;
  /** Attempts retried because a server was gone or answered 5xx. */
  retries: number;
  p95Ms: number;
  acknowledgedWrites: number;
  lostWrites: number;
  /** Acknowledged facts stored under another principal than the one that wrote them. */
  misfiledWrites: number;
  /** Answers that held another principal's marker. */
  crossReads: number;
  serverKilled: boolean;
  workerKilled: boolean;
  /** Occurrences due during the run, and those that ran not exactly once. */
  occurrences: number;
  notExactlyOnce: number;
  firstErrors: string[];
}

const RETRIES = 8;

interface Principal {
  index: number;
  email: string;
  token: string;
  key: string;
}

function cli(args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [CLI_MAIN, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`cos ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** A round-robin proxy like a load balancer's: a backend that refuses the connection is skipped for the next one. */
function startProxy(backends: () => string[]): Promise<{ server: Server; url: string }> {
  let next = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tried: number): void => {
    const targets = backends();
    if (tried >= targets.length) {
      res.writeHead(502).end('no backend answered');
      return;
    }
    const target = new URL(targets[next++ % targets.length] as string);
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!res.headersSent && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET')) forward(req, res, body, tried + 1);
      else res.destroy();
    });
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp` });
    }),
  );
}

function startWorker(dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [WORKER_MAIN], {
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'team-cluster', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);
}

export async function runTeamCluster(options: TeamClusterOptions): Promise<TeamClusterReport> {
  const { startTestPostgres } = await import('@chief-of-staff/postgres/testing');
  const database = await startTestPostgres({ database: 'cos_team' });
  const root = mkdtempSync(join(tmpdir(), 'cos-team-cluster-'));
  const shared = {
    COS_DATABASE_URL: database.url,
    COS_SCHEDULER_TICK_SECONDS: '1',
    COS_SCHEDULER_HANDLER_TIMEOUT_SECONDS: '5',
    COS_SCHEDULER_LEASE_GRACE_SECONDS: '1',
    COS_SCHEDULER_HEALTH_PORT: '0',
  };
  const servers: StartedServer[] = [];
  const alive = new Set<StartedServer>();
  const workers: ChildProcess[] = [];
  let proxy: Server | undefined;
  const errors: string[] = [];
  try {
    // Team mode begins with the users, before any server opens the database (a server opened before refuses them).
    const cliEnv = { ...shared, HOME: root, COS_DATA_DIR: join(root, 'cli') };
    const principals: Principal[] = [];
    for (let index = 0; index < options.principals; index += 1) {
      const email = `member${index}@example.com`;
      const user = JSON.parse(cli(['users', 'add', email, '--json'], cliEnv)) as { id: number };
      const token = /cos_pat_[A-Za-z0-9_-]+/.exec(cli(['tokens', 'create', '--user', email, '--name', 'cluster'], cliEnv))?.[0];
      if (token === undefined) throw new Error(`no token printed for ${email}`);
      principals.push({ index, email, token, key: `user:${user.id}` });
    }
    for (let index = 0; index < options.servers; index += 1) {
      const server = await startHttpServer(join(root, `server${index}`), shared);
      servers.push(server);
      alive.add(server);
    }
    const started = await startProxy(() => [...alive].map((server) => server.url.replace(/\/mcp$/, '')));
    proxy = started.server;
    for (let index = 0; index < options.workers; index += 1) workers.push(startWorker(join(root, `worker${index}`), shared));

    // The owner's tasks: one occurrence each, due between 5 s and 60 % of the run; the next is minutes later.
    const owner = await connect(started.url, TOKEN);
    const runStart = Date.now();
    for (let task = 0; task < options.tasks; task += 1) {
      const dueMs = runStart + 5_000 + Math.floor(((options.seconds * 600 - 5_000) * task) / Math.max(1, options.tasks));
      const result = await owner.callTool({
        name: 'create_scheduled_task',
        arguments: {
          name: `cluster_${task}`,
          schedule_type: 'interval',
          schedule_config: { minutes: 30, start_at: new Date(dueMs).toISOString() },
          handler_type: 'alert_eval',
        },
      });
      if (result.isError) throw new Error(`create_scheduled_task: ${JSON.stringify(result.content)}`);
    }
    await owner.close();

    const latencies: number[] = [];
    const acknowledged: Array<{ key: string; principal: Principal }> = [];
    let calls = 0;
    let failedCalls = 0;
    let retries = 0;
    let crossReads = 0;
    const markerOf = (principal: Principal) => `marker${principal.index}x`;
    const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<string | undefined> => {
      calls += 1;
      const begun = performance.now();
      for (let attempt = 0; ; attempt += 1) {
        try {
          const result = await client.callTool({ name, arguments: args });
          const text = JSON.stringify(result.content);
          if (result.isError) {
            failedCalls += 1;
            errors.push(`${name}: ${text.slice(0, 200)}`);
            return undefined;
          }
          latencies.push(performance.now() - begun);
          return text;
        } catch (error) {
          if (attempt >= RETRIES) {
            failedCalls += 1;
            errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
            return undefined;
          }
          retries += 1;
          await sleep(100 * (attempt + 1));
        }
      }
    };
    const clients = await Promise.all(
      Array.from({ length: options.clients }, async (_, index) => {
        const principal = principals[index % principals.length] as Principal;
        return { principal, index, client: await connect(started.url, principal.token) };
      }),
    );
    const deadline = performance.now() + options.seconds * 1_000;
    let serverKilled = false;
    let workerKilled = false;
    const chaos = (async () => {
      await sleep(options.seconds * 400);
      const victim = servers[0];
      if (victim !== undefined && servers.length > 1) {
        // The balancer keeps sending to it until its connections are refused, as a real one does until its health check.
        victim.child.kill('SIGKILL');
        serverKilled = true;
        await new Promise((done) => victim.child.once('exit', done));
        alive.delete(victim);
      }
      await sleep(options.seconds * 100);
      if (workers.length > 1) {
        workers[0]?.kill('SIGKILL');
        workerKilled = true;
      }
    })();
    await Promise.all(
      clients.map(async ({ principal, index, client }) => {
        const others = principals.filter((other) => other !== principal).map(markerOf);
        for (let round = 0; performance.now() < deadline; round += 1) {
          const key = `cluster_${principal.index}_${index}_${round}`;
          const stored = await call(client, 'store_fact', { category: 'work', key, value: `${markerOf(principal)} budget note ${round}` });
          if (stored !== undefined) acknowledged.push({ key, principal });
          const read = await call(client, 'query_memory', { query: `budget note ${round % 20}`, limit: 5 });
          if (read !== undefined && others.some((marker) => read.includes(marker))) crossReads += 1;
        }
      }),
    );
    await chaos;
    await Promise.all(clients.map(({ client }) => client.close().catch(() => undefined)));

    // Every occurrence due in the run gets the time a killed worker's lease takes to expire, then is counted.
    await sleep(8_000);
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    let occurrences = 0;
    let notExactlyOnce = 0;
    let lostWrites = 0;
    let misfiledWrites = 0;
    try {
      const runs = await check.query<{ name: string; succeeded: string }>(
        `SELECT t.name, count(r.id) FILTER (WHERE r.status = 'succeeded' AND r.trigger = 'scheduled') AS succeeded
           FROM scheduled_tasks t LEFT JOIN task_runs r ON r.task_id = t.id
          WHERE t.name LIKE 'cluster\\_%' GROUP BY t.name`,
      );
      occurrences = runs.rows.length;
      notExactlyOnce = runs.rows.filter((row) => Number(row.succeeded) !== 1).length;
      for (const row of runs.rows.filter((entry) => Number(entry.succeeded) !== 1)) errors.push(`task ${row.name} ran ${row.succeeded} times`);
      const facts = await check.query<{ key: string; principal_id: string }>(`SELECT key, principal_id FROM facts WHERE key LIKE 'cluster\\_%'`);
      const storedBy = new Map(facts.rows.map((row) => [row.key, row.principal_id]));
      for (const { key, principal } of acknowledged) {
        const holder = storedBy.get(key);
        if (holder === undefined) lostWrites += 1;
        else if (holder !== principal.key) misfiledWrites += 1;
      }
    } finally {
      await check.end();
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      servers: options.servers,
      workers: options.workers,
      principals: options.principals,
      clients: options.clients,
      seconds: options.seconds,
      calls,
      failedCalls,
      retries,
      p95Ms: Math.round(percentile(sorted, 0.95)),
      acknowledgedWrites: acknowledged.length,
      lostWrites,
      misfiledWrites,
      crossReads,
      serverKilled,
      workerKilled,
      occurrences,
      notExactlyOnce,
      // Each unexpected error with what the servers logged under its ref (the logs go with the run's data).
      firstErrors: errors.slice(0, 5).map((error) => withLoggedCause(error, servers.map((server) => server.log()))),
    };
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all([...servers.map((server) => server.child), ...workers].map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((done) => child.once('exit', done)) : undefined)));
    proxy?.close();
    await database.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

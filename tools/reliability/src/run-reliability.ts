/**
 * `npm run reliability`: the full reliability run (CI runs a fast subset as a test). Prints one table; exits 1 when
 * any failure count is not zero. `-- --inputs N` sets the generated calls per tool (default: enough for 10,000);
 * `-- --clients N --seconds S` the HTTP load (default 50 clients for 60 s); `-- --kill-rounds N` the SIGKILL rounds
 * (default 20; the server, the worker and the CLI each get that many). `-- --soak MINUTES` runs only the soak: 10
 * clients at a steady rate for that long (30 outside CI), reporting the server's memory over time.
 */
import { fuzzCatalogue } from './fuzz-catalogue.js';
import { runHttpLoad } from './http-load.js';
import { runHttpSurface } from './http-surface.js';
import { runCapabilityBoundary } from './capability-boundary.js';
import { runCliKillRounds } from './cli-kill-rounds.js';
import { runDiskFull } from './disk-full.js';
import { runExternalServerFaults } from './external-server-faults.js';
import { runKillRounds } from './kill-rounds.js';
import { runLockedStores } from './locked-stores.js';
import { runModelFaults } from './model-faults.js';
import { secretScanSummary } from './secret-scan.js';
import { runTeamCluster } from './team-cluster.js';
import { runWorkerKillRounds } from './worker-kill-rounds.js';

const TOTAL_INPUTS = 10_000;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Memory is stable when the second half of the soak adds no more than this to the server's RSS. */
const SOAK_GROWTH_LIMIT_MB = 50;

function printRows(title: string, rows: Array<[string, string, boolean]>): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(title);
  for (const [label, value, ok] of rows) console.log(`${label.padEnd(width)}  ${value}${ok ? '' : '  ← FAILED'}`);
  if (rows.some(([, , ok]) => !ok)) process.exitCode = 1;
}

async function soak(minutes: number): Promise<void> {
  const load = await runHttpLoad({ clients: 10, seconds: minutes * 60, pauseMs: 250 });
  const samples = load.rssSamplesMb;
  const middle = samples[Math.floor(samples.length / 2)] ?? NaN;
  const growth = load.rssEndMb - middle;
  const everyFiveMinutes = samples.filter((_, index) => index % 30 === 0 || index === samples.length - 1);
  printRows(`soak: ${load.clients} HTTP clients for ${minutes} min`, [
    ['calls', `${load.calls} (${load.callsPerSecond}/s)`, true],
    ['failed calls', String(load.errors), load.errors === 0],
    ['p50 / p95 latency', `${load.p50Ms} / ${load.p95Ms} ms`, true],
    ['acknowledged writes lost', `${load.lostWrites} of ${load.acknowledgedWrites}`, load.lostWrites === 0],
    ['server RSS every 5 min', `${everyFiveMinutes.join(' → ')} MB`, true],
    [`RSS growth over the second half (limit ${SOAK_GROWTH_LIMIT_MB} MB)`, `${growth} MB`, growth <= SOAK_GROWTH_LIMIT_MB],
    ['integrity_check', load.integrity, load.integrity === 'ok'],
    ['secrets in the log or data dir', load.secretsFound.length === 0 ? 'none' : load.secretsFound.join(', '), load.secretsFound.length === 0],
  ]);
  for (const error of load.firstErrors) console.log(`  soak: ${error}`);
}

async function main(): Promise<void> {
  const soakMinutes = argument('--soak');
  if (soakMinutes !== undefined) return soak(Number(soakMinutes) || 30);
  const perTool = Number(argument('--inputs') ?? 0) || Math.ceil(TOTAL_INPUTS / 95);
  const fuzz = await fuzzCatalogue({ inputsPerTool: perTool, seed: Number(argument('--seed') ?? 20261124) });
  const load = await runHttpLoad({ clients: Number(argument('--clients') ?? 50), seconds: Number(argument('--seconds') ?? 60) });
  const killRounds = Number(argument('--kill-rounds') ?? 20);
  const kills = await runKillRounds({ rounds: killRounds });
  const workerKills = await runWorkerKillRounds({ rounds: killRounds });
  const cliKills = await runCliKillRounds({ rounds: killRounds });
  const external = await runExternalServerFaults();
  const diskFull = await runDiskFull();
  const locked = await runLockedStores();
  const surface = await runHttpSurface();
  const boundary = await runCapabilityBoundary();
  const modelFaults = await runModelFaults();
  const cluster = await runTeamCluster({ servers: 3, workers: 2, principals: 5, clients: Number(argument('--clients') ?? 50), seconds: Number(argument('--seconds') ?? 60), tasks: 20 });
  const secrets = secretScanSummary();
  const rows: Array<[string, string, boolean]> = [
    ['hostile inputs tried (tools × inputs)', `${fuzz.inputs} (${fuzz.tools} × ${perTool})`, true],
    ['answered as tool errors with a message', String(fuzz.toolErrors), true],
    ['server crashes', String(fuzz.crashes), fuzz.crashes === 0],
    ['malformed answers or time-outs', String(fuzz.malformed), fuzz.malformed === 0],
    ['integrity_check', fuzz.integrity, fuzz.integrity === 'ok'],
    ['canary changed by read-only tools', fuzz.canaryChanged ? 'yes' : 'no', !fuzz.canaryChanged],
    ['fuzzing seconds', String(fuzz.seconds), true],
    [`HTTP load: ${load.clients} clients × ${load.seconds} s, calls`, `${load.calls} (${load.callsPerSecond}/s)`, true],
    ['HTTP load: failed calls', String(load.errors), load.errors === 0],
    ['HTTP load: p50 / p95 latency', `${load.p50Ms} / ${load.p95Ms} ms`, true],
    ['HTTP load: p95 by tool', Object.entries(load.p95ByTool).map(([name, ms]) => `${name} ${ms} ms`).join(', '), true],
    ['HTTP load: acknowledged writes lost', `${load.lostWrites} of ${load.acknowledgedWrites}`, load.lostWrites === 0],
    ['HTTP load: server RSS after warm-up → end', `${load.rssStartMb} → ${load.rssEndMb} MB`, true],
    ['HTTP load: integrity_check', load.integrity, load.integrity === 'ok'],
    ['secrets (token, model key) in the log or data dir', load.secretsFound.length === 0 ? 'none' : load.secretsFound.join(', '), load.secretsFound.length === 0],
    [`SIGKILL of the MCP server during writes: rounds`, String(kills.rounds), true],
    ['  acknowledged writes lost', `${kills.lostWrites} of ${kills.acknowledgedWrites}`, kills.lostWrites === 0],
    ['  integrity_check', kills.integrity, kills.integrity === 'ok'],
    [`SIGKILL of the worker receiving webhooks: rounds`, String(workerKills.rounds), true],
    ['  acknowledged deliveries lost', `${workerKills.lostWrites} of ${workerKills.acknowledgedWrites}`, workerKills.lostWrites === 0],
    ['  integrity_check', workerKills.integrity, workerKills.integrity === 'ok'],
    [`SIGKILL of cos memory add: commands (killed)`, `${cliKills.commands} (${cliKills.killed}) in ${cliKills.rounds} rounds`, true],
    ['  facts reported stored but lost', `${cliKills.lostWrites} of ${cliKills.acknowledgedWrites}`, cliKills.lostWrites === 0],
    ['  commands failed without being killed', String(cliKills.failed), cliKills.failed === 0],
    ['  integrity_check', cliKills.integrity, cliKills.integrity === 'ok'],
    ['external servers hanging, failing, crashing: calls', `${external.calls} (${external.recoveredByFallback} answered by the fallback)`, true],
    ['  answered late / raw upstream errors shown', `${external.lateAnswers} / ${external.rawErrorsShown}`, external.lateAnswers === 0 && external.rawErrorsShown === 0],
    ['  breaker open after repeated failures', external.breakerOpened ? `yes (answers in ${external.openBreakerAnswerMs} ms)` : 'no', external.breakerOpened],
    ['  crashed server restarted / our server crashed', `${external.restartedAfterCrash ? 'yes' : 'no'} / ${external.serverCrashes}`, external.restartedAfterCrash && external.serverCrashes === 0],
    ...(diskFull.skipped
      ? ([['full disk (tmpfs)', `not run: ${diskFull.skipped}`, true]] as Array<[string, string, boolean]>)
      : ([
          ['full disk (tmpfs): writes refused saying so', `${diskFull.refusedClearly} of ${diskFull.writesWhileFull}`, diskFull.refusedClearly === diskFull.writesWhileFull],
          ['  raw errors shown / reads failed / server crashed', `${diskFull.rawErrorsShown} / ${diskFull.readsFailed} / ${diskFull.serverCrashed ? 1 : 0}`, diskFull.rawErrorsShown === 0 && diskFull.readsFailed === 0 && !diskFull.serverCrashed],
          ['  writes work again once space is freed', diskFull.writeAfterFreeing ? 'yes' : 'no', diskFull.writeAfterFreeing],
          ['  acknowledged writes lost / integrity_check', `${diskFull.lostWrites} of ${diskFull.acknowledgedWrites} / ${diskFull.integrity}`, diskFull.lostWrites === 0 && diskFull.integrity === 'ok'],
        ] as Array<[string, string, boolean]>)),
    ['database locked by another program: writes refused saying so', `${locked.refusedClearly} of ${locked.writesWhileLocked}`, locked.refusedClearly === locked.writesWhileLocked],
    ['  reads failed / writes work after release', `${locked.readsFailed} / ${locked.writeAfterRelease ? 'yes' : 'no'}`, locked.readsFailed === 0 && locked.writeAfterRelease],
    locked.vectorsSkipped
      ? ['vector store read-only underneath the server', `not run: ${locked.vectorsSkipped}`, true]
      : [
          'vector store read-only: ingest refused saying so / facts still stored / ingest after',
          `${locked.ingestRefusedClearly ? 'yes' : 'no'} / ${locked.factStoredWhileVectorsLocked ? 'yes' : 'no'} / ${locked.ingestAfterRelease ? 'yes' : 'no'}`,
          locked.ingestRefusedClearly && locked.factStoredWhileVectorsLocked && locked.ingestAfterRelease,
        ],
    ['  raw errors shown / lost writes / integrity_check', `${locked.rawErrorsShown} / ${locked.lostWrites} / ${locked.integrity}`, locked.rawErrorsShown === 0 && locked.lostWrites === 0 && locked.integrity === 'ok'],
    [
      'HTTP surfaces: refusals with the right status (401, 403, 421, 413, slow body cut)',
      `${surface.checks.filter((check) => check.ok).length} of ${surface.checks.length}`,
      surface.checks.every((check) => check.ok),
    ],
    ...surface.bursts.map(
      (burst): [string, string, boolean] => [
        `  ${burst.surface}: 1,000 at once × ${burst.requests / 1_000}, unanswered or 5xx`,
        `${burst.errors} of ${burst.requests} (p95 ${burst.p95Ms} ms; RSS by round ${burst.rssByRoundMb.join(' → ')} MB${burst.heapUsedByRoundMb.length > 0 ? `, live heap after GC ${burst.heapUsedByRoundMb.join(' → ')} MB` : ''})`,
        burst.errors === 0 && burst.rssSettled && burst.heapSettled,
      ],
    ),
    [`capability boundary: scenarios / attempts (${boundary.outsideCapabilities} tools outside the agent's capabilities)`, `${boundary.scenarios} / ${boundary.attempts}`, true],
    ['  boundary violations', String(boundary.violations), boundary.violations === 0],
    [`model API faults (429, 500, 529, hang, malformed): cases`, String(modelFaults.scenarios), true],
    ['  raw errors shown / hung calls / unclear endings', `${modelFaults.rawErrorsShown} / ${modelFaults.hungCalls} / ${modelFaults.unclear}`, modelFaults.rawErrorsShown === 0 && modelFaults.hungCalls === 0 && modelFaults.unclear === 0],
    [`team mode: ${cluster.servers} servers + ${cluster.workers} workers on PostgreSQL, ${cluster.clients} clients of ${cluster.principals} people × ${cluster.seconds} s, calls`, `${cluster.calls} (p95 ${cluster.p95Ms} ms, ${cluster.retries} retried onto another server)`, true],
    ['  one server and one worker killed with SIGKILL mid-run', cluster.serverKilled && cluster.workerKilled ? 'yes' : 'no', cluster.serverKilled && cluster.workerKilled],
    ['  failed calls / acknowledged writes lost', `${cluster.failedCalls} / ${cluster.lostWrites} of ${cluster.acknowledgedWrites}`, cluster.failedCalls === 0 && cluster.lostWrites === 0],
    ['  rows under another person / answers with another person\'s data', `${cluster.misfiledWrites} / ${cluster.crossReads}`, cluster.misfiledWrites === 0 && cluster.crossReads === 0],
    ['  scheduled occurrences not run exactly once', `${cluster.notExactlyOnce} of ${cluster.occurrences}`, cluster.notExactlyOnce === 0],
    [
      `secrets (${secrets.secrets}) in any log or data-dir file of the suite`,
      `${secrets.findings.length === 0 ? 'none' : secrets.findings.join(', ')} (${secrets.logsScanned} logs, ${secrets.filesScanned} files scanned)`,
      secrets.findings.length === 0,
    ],
  ];
  printRows('reliability: hostile input, load, crashes and faults through the real processes', rows);
  for (const failure of fuzz.failures.slice(0, 20)) console.log(`  ${failure.tool}: ${failure.problem} — ${failure.args}`);
  for (const error of load.firstErrors) console.log(`  load: ${error}`);
  for (const error of cluster.firstErrors) console.log(`  team cluster: ${error}`);
  for (const detail of external.details) console.log(`  external: ${detail}`);
  for (const detail of [...diskFull.details, ...locked.details]) console.log(`  storage: ${detail}`);
  for (const detail of boundary.details) console.log(`  boundary: ${detail}`);
  for (const check of surface.checks.filter((entry) => !entry.ok)) console.log(`  http: ${check.surface} ${check.check}: expected ${check.expected}, got ${check.got}`);
  if (modelFaults.rawErrorsShown + modelFaults.hungCalls + modelFaults.unclear > 0) for (const detail of modelFaults.details) console.log(`  model: ${detail}`);
}

await main();

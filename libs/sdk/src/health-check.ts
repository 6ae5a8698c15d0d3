/**
 * `checkHealth(config)`: the checks behind `cos doctor`, so a person (or an embedder's own status page) can see at a
 * glance what works on this machine and what to fix. It opens the same stores `createChiefOfStaff` opens and only
 * reads from them; the embedder is loaded only with `deep: true`, because loading it takes a second or more.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONFIG_FILE_NAME,
  createSilentLogger,
  createSystemClock,
  isCosError,
  isSecretReference,
  RETIRED_CONFIG_KEYS,
  secretReferenceNames,
  unsetSecretError,
  unsetSecretReferences,
  type Clock,
  type CosConfig,
  type Logger,
} from '@chief-of-staff/core';
import { AgentRegistry, resolveAnthropicSettings } from '@chief-of-staff/agents';
import { VECTORS_DIR_NAME } from '@chief-of-staff/documents';
import { externalServerChecks } from './external-servers-check.js';
import type { HealthCheck } from './health-status.js';
import { openCoreServices, type CoreServices } from './services.js';
import { storageChecks } from './storage-checks.js';

export type { HealthCheck, HealthStatus } from './health-status.js';

export interface CheckHealthOptions {
  /** Also load the embedder and time one embedding. */
  deep?: boolean;
  /** Environment for secrets (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  clock?: Clock;
}

/** A short sanitised reason from a thrown value (our errors carry user-facing messages). */
function reasonOf(error: unknown): string {
  if (isCosError(error) || error instanceof Error) return error.message.split('\n')[0] ?? 'unknown error';
  return String(error);
}

function dataDirCheck(config: CosConfig): HealthCheck {
  try {
    accessSync(config.dataDir, constants.W_OK);
    return { name: 'data directory', status: 'ok', detail: config.dataDir, data: { path: config.dataDir } };
  } catch {
    return {
      name: 'data directory',
      status: 'fail',
      detail: `${config.dataDir} is not writable; set COS_DATA_DIR to a writable directory.`,
      data: { path: config.dataDir },
    };
  }
}

function settingsChecks(config: CosConfig, env: NodeJS.ProcessEnv): HealthCheck[] {
  const anthropic = resolveAnthropicSettings(config, env);
  return [
    {
      name: 'configuration file',
      status: 'ok',
      detail: config.configFile ?? `none (defaults in use; create ${join(config.dataDir, CONFIG_FILE_NAME)} to change them)`,
    },
    ...config.retiredKeys.map(
      (key): HealthCheck => ({
        name: `retired setting ${key}`,
        status: 'warn',
        detail: `no longer used (${RETIRED_CONFIG_KEYS[key] ?? 'removed'}); delete it from ${config.configFile ?? 'the configuration file'}.`,
        data: { key },
      }),
    ),
    { name: 'time zone', status: 'ok', detail: config.timezone },
    anthropic.apiKey
      ? {
          name: 'model API key',
          status: 'ok',
          detail: `set${anthropic.baseURL ? `; endpoint ${anthropic.baseURL}` : ''}`,
          data: { present: true },
        }
      : {
          name: 'model API key',
          status: 'warn',
          detail: 'ANTHROPIC_API_KEY is not set: memory, documents and data tools work; expert agents need it.',
          data: { present: false },
        },
  ];
}

/**
 * Each webhook source's secret, as the worker will read it: missing, a reference to an unset variable (the worker then
 * refuses to start), a literal in the file, or a reference that resolves.
 */
export function webhookSourceChecks(config: Pick<CosConfig, 'webhooks'>, env: NodeJS.ProcessEnv): HealthCheck[] {
  return Object.entries(config.webhooks.sources).map(([name, source]): HealthCheck => {
    const check = `webhook source: ${name}`;
    const key = `webhooks.sources.${name}.secret`;
    if (source.secret === undefined) {
      return { name: check, status: 'fail', detail: `no secret, so every delivery is refused with 401; set ${key}: env:NAME and export NAME.`, data: { source: name, secret: 'missing' } };
    }
    const unset = unsetSecretReferences(source.secret, env);
    if (unset.length > 0) return { name: check, status: 'fail', detail: unsetSecretError(key, unset, 'the webhook receiver of `cos worker`').message, data: { source: name, secret: 'unset', variables: unset } };
    if (!isSecretReference(source.secret)) {
      return { name: check, status: 'warn', detail: `the secret is written in the configuration file; move it to an environment variable and write ${key}: env:NAME.`, data: { source: name, secret: 'literal' } };
    }
    const variables = secretReferenceNames(source.secret);
    return { name: check, status: 'ok', detail: `secret read from ${variables.join(', ')}`, data: { source: name, secret: 'resolved', variables } };
  });
}

/** A configured `mcp.http.token` that names an unset variable stops `cos serve --http`; say so before it does. */
function httpTokenChecks(config: Pick<CosConfig, 'mcp'>, env: NodeJS.ProcessEnv): HealthCheck[] {
  const unset = unsetSecretReferences(config.mcp.http.token, env);
  if (unset.length === 0) return [];
  return [{ name: 'MCP HTTP token', status: 'fail', detail: unsetSecretError('mcp.http.token', unset, '`cos serve --http`').message, data: { variables: unset } }];
}

async function databaseCheck(core: CoreServices): Promise<HealthCheck> {
  const { location: file, migrations } = await core.services.memory.describeStorage();
  return {
    name: 'database',
    status: 'ok',
    detail: `${file} (${migrations.known} migrations${migrations.applied > 0 ? `, ${migrations.applied} applied just now` : ''})`,
    data: { file, migrations: migrations.known, applied_now: migrations.applied },
  };
}

function providerChecks(core: CoreServices): HealthCheck[] {
  return core.services.providers.status().map((provider) => ({
    name: `provider: ${provider.kind}`,
    status: provider.provider ? ('ok' as const) : ('warn' as const),
    detail: provider.provider
      ? `${provider.provider}${provider.detail && provider.detail !== provider.provider ? ` (${provider.detail})` : ''}`
      : `off (providers.${provider.kind}: ${provider.setting}); its tools answer NOT_CONFIGURED`,
    data: { setting: provider.setting, provider: provider.provider },
  }));
}

async function vectorStoreCheck(config: CosConfig, core: CoreServices): Promise<HealthCheck> {
  const { documents, memory } = core.services;
  const storage = await memory.describeStorage();
  // On PostgreSQL the vectors are tables of the database; on the data directory, LanceDB files in `vectors/`.
  const path = storage.kind === 'postgres' ? `${storage.location} (document_chunks, fact_vectors)` : join(config.dataDir, VECTORS_DIR_NAME);
  const count = await documents.count();
  if (storage.kind === 'sqlite' && !existsSync(path)) {
    return {
      name: 'vector store',
      status: 'ok',
      detail: `${path} not created yet (it appears with the first ingest or stored fact)`,
      data: { path, exists: false, documents: count },
    };
  }
  try {
    const state = await documents.vectorStatus();
    if (state.status === 'mismatch') {
      return {
        name: 'vector store',
        status: 'fail',
        detail: `${path}: document vectors were built by ${state.recorded?.embedderId ?? 'another embedder'}, the configured embedder is ${state.configured.embedderId}; run \`cos reindex\`.`,
        data: { path, exists: true, documents: count, status: state.status },
      };
    }
    if (state.status === 'outdated') {
      return {
        name: 'vector store',
        status: 'warn',
        detail: `${path}: the document index was built by an older version; search works but new documents cannot be added until you run \`cos reindex\`.`,
        data: { path, exists: true, documents: count, status: state.status },
      };
    }
    return {
      name: 'vector store',
      status: 'ok',
      detail: `${path} (${count} documents indexed${state.status === 'absent' ? ', no document vectors yet' : ''})`,
      data: { path, exists: true, documents: count, status: state.status },
    };
  } catch (error) {
    return { name: 'vector store', status: 'fail', detail: `${path} could not be opened: ${reasonOf(error)}`, data: { path, exists: true } };
  }
}

async function embedderCheck(core: CoreServices, deep: boolean): Promise<HealthCheck> {
  const { embedder } = core.services.documents;
  const data: Record<string, unknown> = { id: embedder.id, dims: embedder.dims, loaded: false };
  if (!deep) {
    return { name: 'embedder', status: 'ok', detail: `${embedder.id}, not loaded (\`cos doctor --deep\` loads it and times it)`, data };
  }
  const started = performance.now();
  try {
    const [vector] = await embedder.embed(['Chief of Staff health check']);
    const ms = Math.round(performance.now() - started);
    if (!vector || vector.length !== embedder.dims) {
      return { name: 'embedder', status: 'fail', detail: `${embedder.id} returned a vector of the wrong length.`, data };
    }
    return {
      name: 'embedder',
      status: 'ok',
      detail: `${embedder.id} loaded and embedded a sentence in ${ms} ms`,
      data: { ...data, loaded: true, load_ms: ms },
    };
  } catch (error) {
    return { name: 'embedder', status: 'fail', detail: `${embedder.id} could not be loaded: ${reasonOf(error)}`, data };
  }
}

function agentsCheck(config: CosConfig, logger: Logger): HealthCheck {
  try {
    const registry = new AgentRegistry({ userDir: config.agents.userDir, logger });
    const agents = registry.list().length;
    const problems = registry.problems();
    const errors = problems.filter((problem) => problem.severity === 'error');
    const first = problems[0];
    return {
      name: 'agents',
      status: problems.length === 0 ? 'ok' : 'warn',
      detail:
        problems.length === 0
          ? `${agents} agents loaded; no problems`
          : `${agents} agents loaded; ${problems.length} problem(s) (${errors.length} not loaded), e.g. ${first?.file}: ${first?.error} — see \`cos agents list\``,
      data: { agents, problems: problems.length, errors: errors.length, user_dir: config.agents.userDir },
    };
  } catch (error) {
    return { name: 'agents', status: 'fail', detail: `The agent registry could not be read: ${reasonOf(error)}` };
  }
}

/**
 * Accounts on a server (`providers.mail: imap`, `providers.calendar: caldav`): logs in to each and names what fails
 * and how to fix it.
 */
async function accountChecks(config: CosConfig, core: CoreServices): Promise<HealthCheck[]> {
  const accounts: Array<{ name: string; check: () => Promise<string | undefined> }> = [];
  if (config.providers.mail === 'imap') accounts.push({ name: 'mail account', check: async () => core.services.providers.require('mail').checkConnection?.() });
  if (config.providers.calendar === 'caldav') accounts.push({ name: 'calendar account', check: async () => core.services.providers.require('calendar').checkConnection?.() });
  const checks: HealthCheck[] = [];
  for (const account of accounts) {
    try {
      checks.push({ name: account.name, status: 'ok', detail: (await account.check()) ?? 'configured' });
    } catch (error) {
      const hint = typeof error === 'object' && error !== null && 'hint' in error && typeof error.hint === 'string' ? ` ${error.hint}` : '';
      checks.push({ name: account.name, status: 'fail', detail: `${reasonOf(error)}${hint}` });
    }
  }
  return checks;
}

/** Runs every check; never throws for a failed check (it comes back with status `fail`). */
export async function checkHealth(config: CosConfig, options: CheckHealthOptions = {}): Promise<HealthCheck[]> {
  const env = options.env ?? process.env;
  const logger = options.logger ?? createSilentLogger();
  const clock = options.clock ?? createSystemClock(config.timezone);
  const settings = settingsChecks(config, env);
  let core: CoreServices | undefined;
  let databaseFailure: HealthCheck | undefined;
  try {
    // Opening creates the data directory and database on a fresh machine, so it runs before the writability check.
    core = await openCoreServices({ config, logger, clock, env, semanticRecall: false });
  } catch (error) {
    databaseFailure = { name: 'database', status: 'fail', detail: `The database could not be opened: ${reasonOf(error)}` };
  }
  const checks: HealthCheck[] = [
    dataDirCheck(config),
    ...settings,
    ...httpTokenChecks(config, env),
    ...webhookSourceChecks(config, env),
    ...(await storageChecks(config, env)),
  ];
  if (!core) return [...checks, databaseFailure as HealthCheck, agentsCheck(config, logger)];
  try {
    checks.push(await databaseCheck(core), ...providerChecks(core), ...(await accountChecks(config, core)), await vectorStoreCheck(config, core));
    checks.push(await embedderCheck(core, options.deep === true), agentsCheck(config, logger));
    checks.push(...(await externalServerChecks(config, logger)));
  } finally {
    await core.close();
  }
  return checks;
}

/**
 * Loads the effective configuration: defaults → `cos.config.yaml` (in the data dir, or `COS_CONFIG`) →
 * environment variables → programmatic overrides (embedders). Later sources win key by key.
 */
import { redactSecrets } from '../logging/redact-secrets.js';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { systemTimeZone } from '../time/time-zone.js';
import { ConfigError } from './config-error.js';
import { configSchema, type ConfigInput, type CosConfig } from './config-schema.js';
import { CONFIG_FILE_NAME, ensurePrivateDir, expandHome, MCP_SERVERS_FILE_NAME, resolveDataDir } from './data-dir.js';
import { readEnvOverrides } from './env-overrides.js';


export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** Values that win over the file and the environment (for embedders and tests). */
  overrides?: ConfigInput;
  /** Create the data directory (0700). Default true. */
  createDataDir?: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new ConfigError(`Cannot read the configuration file ${path}.`, { file: path }, cause);
  }
  const document = parseDocument(text, { prettyErrors: true });
  if (document.errors.length > 0) {
    const first = document.errors[0];
    const line = first?.linePos?.[0]?.line;
    throw new ConfigError(
      `The configuration file ${path} is not valid YAML${line ? ` (line ${line})` : ''}: ${first?.message.split('\n')[0]}`,
      { file: path },
    );
  }
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return {};
  if (!isPlainObject(value)) {
    throw new ConfigError(`The configuration file ${path} must hold a YAML mapping of keys to values.`, { file: path });
  }
  return value;
}

/**
 * Settings that were accepted once and are no longer used, with why. A file that still holds one keeps loading (an
 * upgrade must not stop every command); the key is dropped before validation and `cos doctor` says to delete it.
 */
export const RETIRED_CONFIG_KEYS: Readonly<Record<string, string>> = {
  'skills.autoCreate': 'it was never applied; suggested agents are created with auto_create_skill after review (ADR 0030)',
};

/** Removes retired keys from a file's settings in place; returns the dotted paths it found. */
function dropRetiredKeys(settings: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const path of Object.keys(RETIRED_CONFIG_KEYS)) {
    const parts = path.split('.');
    const leaf = parts.pop() as string;
    let parent: unknown = settings;
    for (const part of parts) parent = isPlainObject(parent) ? parent[part] : undefined;
    if (isPlainObject(parent) && leaf in parent) {
      delete parent[leaf];
      found.push(path);
    }
  }
  return found;
}

function resolveAgainst(base: string, path: string): string {
  const expanded = expandHome(path);
  return isAbsolute(expanded) ? expanded : resolve(base, expanded);
}

export function loadConfig(options: LoadConfigOptions = {}): CosConfig {
  const env = options.env ?? process.env;
  const overrides = (options.overrides ?? {}) as Record<string, unknown>;
  const explicitFile = env.COS_CONFIG && env.COS_CONFIG.trim() !== '' ? resolve(expandHome(env.COS_CONFIG)) : null;
  if (explicitFile && !existsSync(explicitFile)) {
    throw new ConfigError(`COS_CONFIG points to ${explicitFile}, which does not exist.`, { env: 'COS_CONFIG' });
  }
  const provisionalDataDir = resolveDataDir(env, typeof overrides.dataDir === 'string' ? overrides.dataDir : undefined);
  const defaultFile = join(provisionalDataDir, CONFIG_FILE_NAME);
  const configFile = explicitFile ?? (existsSync(defaultFile) ? defaultFile : null);
  const fromFile = configFile ? readConfigFile(configFile) : {};
  const retiredKeys = dropRetiredKeys(fromFile);
  const fromEnv = readEnvOverrides(configSchema, env);
  const merged = deepMerge(deepMerge(fromFile, fromEnv.values), overrides);

  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = issue.path.map(String).join('.') || '(top level)';
      const envName = [...fromEnv.sources.entries()].find(([path]) => key === path || key.startsWith(`${path}.`))?.[1];
      const where = envName ? `environment variable ${envName}` : configFile ? configFile : 'the configuration';
      const problem =
        issue.code === 'unrecognized_keys'
          ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
          : issue.code === 'invalid_value'
            ? `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
            : issue.message;
      return `${where}: ${key}: ${problem}`;
    });
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}.`, {
      file: configFile,
      problems,
    });
  }

  const config = parsed.data;
  const dataDir = resolveDataDir(env, config.dataDir);
  if (options.createDataDir !== false) ensurePrivateDir(dataDir);
  const base = configFile ? resolve(configFile, '..') : dataDir;
  const loaded: CosConfig = {
    ...config,
    dataDir,
    // Unset: replaced just below by the system zone, resolved on first read.
    timezone: config.timezone ?? '',
    agents: { ...config.agents, userDir: resolveAgainst(base, config.agents.userDir ?? join(dataDir, 'agents')) },
    documents: {
      ...config.documents,
      allowedRoots: (config.documents.allowedRoots ?? [join(dataDir, 'documents')]).map((root) => resolveAgainst(base, root)),
    },
    webhooks: { ...config.webhooks, inboxDir: resolveAgainst(base, config.webhooks.inboxDir ?? join(dataDir, 'webhook-inbox')) },
    mcpServersFile: resolveAgainst(base, config.mcpServersFile ?? join(dataDir, MCP_SERVERS_FILE_NAME)),
    configFile,
    retiredKeys,
  };
  if (config.timezone === undefined) resolveOnFirstRead(loaded, 'timezone', systemTimeZone);
  return loaded;
}

/**
 * Makes `key` a property that computes its value the first time it is read and keeps it: the system time zone costs
 * ~15–20 ms (ICU's date formatting data), and many commands never read it. Spreading or serialising the object reads
 * it, so copies hold the value; an accessor rather than a replaced property, so a frozen configuration still works.
 */
function resolveOnFirstRead<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  let value: T[K] | undefined;
  let known = false;
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      if (!known) {
        value = compute();
        known = true;
      }
      return value as T[K];
    },
    set(next: T[K]) {
      value = next;
      known = true;
    },
  });
}

/**
 * The configuration with secrets replaced, for `cos doctor` and logs: secret-looking keys, credentials in URLs
 * (the notification webhook, external servers) and every header and environment value of external servers.
 */
export function redactConfig(config: CosConfig): Record<string, unknown> {
  return redactSecrets(config) as Record<string, unknown>;
}

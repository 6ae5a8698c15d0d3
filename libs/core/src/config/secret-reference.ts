/**
 * The one secret-resolution rule (docs/security.md#the-secret-resolution-rule): every secret-bearing value — a
 * secret-typed configuration key, an external server's `env`/`headers` value, a scheduled task's delivery header — is
 * read through these functions at the moment it is used, so a reference always means the same thing wherever it is
 * written.
 *
 * - `env:NAME` (the whole value) is the value of the environment variable NAME.
 * - `${NAME}` anywhere in the value is replaced by NAME's value (`Bearer ${API_TOKEN}`).
 * - Anything else is a literal (discouraged; redacted everywhere it is shown).
 *
 * A reference to an unset or empty variable never falls back to the reference's own text: `resolveSecret` says
 * "unset" (undefined) and `requireSecret` throws a ConfigError naming the key and the variable.
 */
import { ConfigError } from './config-error.js';

const ENV_PREFIX = /^env:([A-Za-z_][A-Za-z0-9_]*)$/;
const INTERPOLATION = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The environment variables a value refers to (none for a literal). */
export function secretReferenceNames(value: string | undefined): string[] {
  if (value === undefined) return [];
  const whole = ENV_PREFIX.exec(value);
  if (whole) return [whole[1] as string];
  return [...new Set([...value.matchAll(INTERPOLATION)].map((match) => match[1] as string))];
}

/** True when the value is (or contains) an environment reference rather than only literal text. */
export function isSecretReference(value: string | undefined): boolean {
  return secretReferenceNames(value).length > 0;
}

/** The referenced variables that are unset or empty in `env`. */
export function unsetSecretReferences(value: string | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  return secretReferenceNames(value).filter((name) => env[name] === undefined || env[name] === '');
}

/**
 * Resolves a secret-bearing value: `env:NAME`, `${NAME}` substitutions, or a literal as written. Undefined when the
 * value is undefined or any variable it refers to is unset or empty — never the reference text itself.
 */
export function resolveSecret(value: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (value === undefined) return undefined;
  if (unsetSecretReferences(value, env).length > 0) return undefined;
  const whole = ENV_PREFIX.exec(value);
  if (whole) return env[whole[1] as string] as string;
  return value.replace(INTERPOLATION, (_, name: string) => env[name] as string);
}

/** The error for a reference to an unset variable: names the key, the variable and how to fix it. */
export function unsetSecretError(key: string, names: readonly string[], usedBy?: string): ConfigError {
  const variables = names.length === 1 ? `the environment variable ${names[0]}, which is` : `the environment variables ${names.join(', ')}, which are`;
  return new ConfigError(
    `${key} refers to ${variables} not set${usedBy ? `, so ${usedBy} cannot start` : ''}. ` +
      `Set ${names.map((name) => `${name}`).join(' and ')} in the environment of this process (export ${names[0]}=…), or change ${key}.`,
    { key, variables: [...names] },
  );
}

/**
 * Resolves a secret that the caller cannot work without; a reference to an unset variable throws a ConfigError naming
 * `key` (e.g. `webhooks.sources.github.secret`) and the variable.
 */
export function requireSecret(value: string, key: string, options: { env?: NodeJS.ProcessEnv; usedBy?: string } = {}): string {
  const env = options.env ?? process.env;
  const unset = unsetSecretReferences(value, env);
  if (unset.length > 0) throw unsetSecretError(key, unset, options.usedBy);
  return resolveSecret(value, env) as string;
}

/** `requireSecret` for each value of a map (an external server's `env` or `headers`, a delivery's headers). */
export function requireSecretMap(
  values: Readonly<Record<string, string>> | undefined,
  keyPrefix: string,
  options: { env?: NodeJS.ProcessEnv; usedBy?: string } = {},
): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, requireSecret(value, `${keyPrefix}.${name}`, options)]));
}

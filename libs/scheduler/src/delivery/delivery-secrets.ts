/**
 * Secret references in a webhook delivery are the owner's words, never a caller's (ADR 0096). A delivery's headers
 * may hold `${NAME}` / `env:NAME` and `secret_env` names a variable for the signature; both are read from the
 * environment of the process that delivers — the server's or the worker's, which holds the database URL, the model
 * key and the server token. So a reference is accepted only when the owner writes it in person (the CLI, the console,
 * their own MCP host) and names a variable the owner listed in `scheduler.deliverySecrets`; at delivery it is
 * resolved only for the owner's tasks and only from that list. Everyone else — a signed-in user, any agent — gets a
 * clear refusal, and nothing of the environment is ever read for them.
 */
import { OWNER_PRINCIPAL, secretReferenceNames, ToolError } from '@chief-of-staff/core';

/** Who writes a delivery config. */
export interface DeliveryAuthor {
  /** The call acts for the owner (not a signed-in user). */
  owner: boolean;
  /** The person calls themself (MCP host, CLI, console), not an agent or an unattended caller. */
  inPerson: boolean;
}

/** The environment variables a delivery config refers to: its headers' references and `secret_env`. */
export function deliverySecretNames(config: Record<string, unknown> | null | undefined): string[] {
  if (!config) return [];
  const names = new Set<string>();
  const headers = config['headers'];
  if (typeof headers === 'object' && headers !== null) {
    for (const value of Object.values(headers as Record<string, unknown>)) {
      if (typeof value === 'string') for (const name of secretReferenceNames(value)) names.add(name);
    }
  }
  if (typeof config['secret_env'] === 'string') names.add(config['secret_env']);
  return [...names];
}

/** Refuses a delivery config whose secret references its author may not write; checked before anything is stored. */
export function checkDeliverySecrets(config: Record<string, unknown> | null, author: DeliveryAuthor, allowed: readonly string[]): void {
  const names = deliverySecretNames(config);
  if (names.length === 0) return;
  if (!author.owner || !author.inPerson) {
    throw new ToolError(
      'PERMISSION_DENIED',
      `delivery_config refers to the environment (${names.join(', ')}); only the owner of this server, in person, may write secret references, which are read from the server's environment.`,
      { hint: 'Deliver to a URL that needs no secret (or put a token in its query string you own), or ask the owner to set up this delivery.', details: { field: 'delivery_config' } },
    );
  }
  const unlisted = names.filter((name) => !allowed.includes(name));
  if (unlisted.length > 0) {
    throw ToolError.invalidArgument(
      'delivery_config',
      `refers to ${unlisted.join(', ')}, which scheduler.deliverySecrets does not list; a delivery may read only the environment variables listed there.`,
      `Add them to cos.config.yaml: scheduler: { deliverySecrets: [${unlisted.join(', ')}] }, then try again.`,
    );
  }
}

/**
 * The environment a task's delivery may read: the listed variables, for the owner's tasks only. The reason when
 * the task's references may not be resolved (a user's task, or a name no longer listed).
 */
export function deliveryEnvironment(
  config: Record<string, unknown>,
  task: { principal: string },
  allowed: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { env: NodeJS.ProcessEnv } | { refused: string } {
  const names = deliverySecretNames(config);
  if (names.length > 0 && task.principal !== OWNER_PRINCIPAL) {
    return { refused: `secret references (${names.join(', ')}) are resolved only for the owner's tasks; remove them from delivery_config` };
  }
  const unlisted = names.filter((name) => !allowed.includes(name));
  if (unlisted.length > 0) return { refused: `${unlisted.join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} not listed in scheduler.deliverySecrets, so the delivery may not read ${unlisted.length === 1 ? 'it' : 'them'}` };
  return { env: Object.fromEntries(allowed.filter((name) => env[name] !== undefined).map((name) => [name, env[name]])) };
}

/**
 * Sends a finished run's result where its task says: a notification, an email, or an https webhook. The returned
 * record is what happened — `delivered: false` with the reason when it did not — and the engine turns a failed
 * delivery into a failed run.
 *
 * Webhook headers follow the secret-resolution rule (ADR 0029): values are `env:NAME` / `${NAME}` references resolved
 * when the result is sent, so the database only ever holds the reference. A literal value in a credential-looking
 * header is refused when the task is created or updated, and tool output redacts any literal one stored before.
 * References are resolved only for the owner's tasks and only from `scheduler.deliverySecrets` (delivery-secrets.ts).
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, isSecretReference, REDACTED, redactUrlsInText, requireSecretMap, ToolError } from '@chief-of-staff/core';
import type { SchedulerPorts } from '../handlers/task-handler.js';
import { deliveryEnvironment } from './delivery-secrets.js';
import { renderTemplate, type TemplateValues } from './render-template.js';

export interface DeliveryRecord {
  channel: string;
  delivered: boolean;
  error?: string;
}

const notificationConfig = z
  .object({
    title_template: z.string().max(500).default('Task: {{task_name}}'),
    body_template: z.string().max(20_000).default('{{result}}'),
    urgency: z.enum(['low', 'normal', 'high']).default('normal'),
  })
  .strict();

const emailConfig = z
  .object({
    to: z.array(z.string().email()).min(1).max(20).optional(),
    subject_template: z.string().max(500).default('[Chief of Staff] {{task_name}}'),
    body_template: z.string().max(100_000).default('{{result}}'),
  })
  .strict();

const webhookConfig = z
  .object({
    url: z.string().url(),
    secret_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict();

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Header names that carry credentials: their values must be secret references, never the secret itself. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|token|secret|key|auth|passw|signature|session|credential/i;

/** True for a header whose value is a credential (Authorization, Cookie, X-Api-Key, X-Auth-Token …). */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADER.test(name);
}

/** The delivery config as shown by tools: a literal value in a credential-looking header is replaced. */
export function redactDeliveryConfig(config: Record<string, unknown> | null): Record<string, unknown> | null {
  const headers = config?.['headers'];
  if (!config || typeof headers !== 'object' || headers === null) return config;
  const shown = Object.fromEntries(
    Object.entries(headers as Record<string, unknown>).map(([name, value]) => [
      name,
      isCredentialHeader(name) && !(typeof value === 'string' && isSecretReference(value)) ? REDACTED : value,
    ]),
  );
  return { ...config, headers: shown };
}
const BODY_LIMIT = 200;

/** Checks a delivery config at create/update time; INVALID_ARGUMENT says what is wrong. */
export function parseDeliveryConfig(channel: string | null | undefined, config: unknown): Record<string, unknown> | null {
  if (channel === null || channel === undefined) return null;
  const schema = channel === 'notification' ? notificationConfig : channel === 'email' ? emailConfig : channel === 'webhook' ? webhookConfig : undefined;
  if (!schema) throw ToolError.invalidArgument('delivery_channel', `"${channel}" is not a delivery channel.`, 'Use one of: notification, email, webhook.');
  const parsed = schema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw ToolError.invalidArgument(`delivery_config${issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}`, issue?.message ?? 'is not valid.');
  }
  if (channel === 'webhook') {
    const headers = (parsed.data as { headers?: Record<string, string> }).headers ?? {};
    for (const [name, value] of Object.entries(headers)) {
      if (isCredentialHeader(name) && !isSecretReference(value)) {
        throw ToolError.invalidArgument(
          `delivery_config.headers.${name}`,
          'holds a credential written as text; secrets are never stored in the database.',
          `Put the secret in an environment variable of the worker and write a reference instead, for example "${name}": "Bearer \${HOOK_TOKEN}" or "env:HOOK_TOKEN".`,
        );
      }
    }
    const url = new URL((parsed.data as { url: string }).url);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
      throw ToolError.invalidArgument('delivery_config.url', 'must use https (http only to localhost).', 'For example https://hooks.example.com/chief-of-staff.');
    }
  }
  return parsed.data as Record<string, unknown>;
}

function shorten(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

export async function deliverResult(
  channel: string,
  config: Record<string, unknown> | null,
  values: TemplateValues,
  ports: Pick<SchedulerPorts, 'notifications' | 'config'>,
  task: { principal: string },
): Promise<DeliveryRecord> {
  try {
    const parsed = parseDeliveryConfig(channel, config) ?? {};
    if (channel === 'notification') {
      const settings = parsed as z.infer<typeof notificationConfig>;
      if (!ports.notifications) return { channel, delivered: false, error: 'no notifier is configured in this process' };
      const outcome = await ports.notifications.notify({
        title: shorten(renderTemplate(settings.title_template, values), 120),
        body: shorten(renderTemplate(settings.body_template, values), BODY_LIMIT),
        urgency: settings.urgency,
        origin: 'scheduler',
      });
      return outcome.error ? { channel, delivered: outcome.delivered, error: outcome.error } : { channel, delivered: true };
    }
    if (channel === 'email') {
      const settings = parsed as z.infer<typeof emailConfig>;
      const self = ports.config.user.email;
      const recipients = settings.to ?? (self ? [self] : []);
      if (recipients.length === 0) return { channel, delivered: false, error: 'no recipient: set user.email or delivery_config.to' };
      const allowed = ports.config.mail.agentSendAllowList.map((entry) => entry.toLowerCase());
      const refused = recipients.filter((to) => to.toLowerCase() !== self?.toLowerCase() && !allowed.some((rule) => (rule.startsWith('@') ? to.toLowerCase().endsWith(rule) : to.toLowerCase() === rule)));
      if (refused.length > 0) return { channel, delivered: false, error: `recipients not in mail.agentSendAllowList: ${refused.join(', ')}` };
      // The embedded mail store keeps drafts only; nothing here can hand a message to a mail server yet.
      return { channel, delivered: false, error: 'email delivery needs a mail account that can send; the local mail store cannot. Use notification or webhook delivery.' };
    }
    const settings = parsed as z.infer<typeof webhookConfig>;
    const environment = deliveryEnvironment(parsed, task, ports.config.scheduler.deliverySecrets);
    if ('refused' in environment) return { channel, delivered: false, error: environment.refused };
    return await postWebhook(settings, values, environment.env);
  } catch (error) {
    return { channel, delivered: false, error: redactUrlsInText(error instanceof Error ? error.message : String(error)) };
  }
}

async function postWebhook(settings: z.infer<typeof webhookConfig>, values: TemplateValues, env: NodeJS.ProcessEnv): Promise<DeliveryRecord> {
  const body = JSON.stringify({ task_name: values.task_name, status: values.status, timestamp: values.timestamp, result: values.result });
  let resolved: Record<string, string>;
  try {
    resolved = requireSecretMap(settings.headers, 'delivery_config.headers', { env, usedBy: 'the webhook delivery' });
  } catch (error) {
    if (error instanceof ConfigError) return { channel: 'webhook', delivered: false, error: error.message };
    throw error;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', ...resolved };
  if (settings.secret_env) {
    const secret = env[settings.secret_env];
    if (!secret) return { channel: 'webhook', delivered: false, error: `environment variable ${settings.secret_env} (secret_env) is not set` };
    headers['x-signature-256'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  }
  let lastError = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const response = await fetch(settings.url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      if (response.ok) return { channel: 'webhook', delivered: true };
      lastError = `HTTP ${response.status}`;
      if (response.status < 500) break;
    } catch (error) {
      lastError = error instanceof Error && error.name === 'TimeoutError' ? 'timed out after 10 s' : 'the request failed';
      break;
    }
  }
  return { channel: 'webhook', delivered: false, error: lastError };
}

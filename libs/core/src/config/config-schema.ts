/**
 * The one configuration schema (docs/reference/conventions.md#configuration). Every key has a default, so an empty
 * file is a working configuration. Objects are strict: a misspelt key is reported rather than silently ignored.
 */
import { z } from 'zod';
import { isValidTimeZone } from '../time/time-zone.js';

const port = z.number().int().min(0).max(65_535);
const positiveInt = z.number().int().positive();

/**
 * An http(s) URL without query or fragment; plain http only for a loopback host (tokens and sign-in must not cross a
 * network unencrypted). With `pathAllowed` false, nothing after the host either (a base URL).
 */
function isHttpUrl(text: string, pathAllowed: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (!pathAllowed && url.pathname.replace(/\/+$/, '') !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * A secret: an `env:NAME` (or `${NAME}`) reference or a literal (literals are discouraged and redacted everywhere).
 * The `secret` mark lists the key in `secretConfigKeys()`, whose test proves each one is resolved where it is used.
 */
const secret = z.string().min(1).meta({ secret: true });
/** A value of an external server's `env` or `headers`: a literal or a secret reference, resolved when it connects. */
const secretOrText = z.string().meta({ secret: true });

const mcpServerSchema = z
  .object({
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), secretOrText).default({}),
    cwd: z.string().optional(),
    url: z.string().url().optional(),
    headers: z.record(z.string(), secretOrText).default({}),
    disabled: z.boolean().default(false),
    timeoutMs: positiveInt.default(30_000),
  })
  .strict()
  .refine((server) => Boolean(server.command) !== Boolean(server.url), {
    message: 'an MCP server needs exactly one of "command" (stdio) or "url" (HTTP)',
  });

const webhookSourceSchema = z
  .object({
    secret: secret.optional(),
    signatureHeader: z.string().default('x-hub-signature-256'),
    deliveryIdHeader: z.string().default('x-delivery-id'),
    eventTypeHeader: z.string().default('x-event-type'),
    toleranceSeconds: positiveInt.default(300),
  })
  .strict();

export const configSchema = z
  .object({
    dataDir: z.string().min(1).optional(),
    storage: z
      .object({
        /**
         * `postgres://…`: keep everything in this PostgreSQL database instead of the data directory (docs/storage.md).
         * A secret (it usually holds a password): `env:NAME` reads it from a variable. Also `COS_DATABASE_URL`.
         */
        url: secret.optional(),
      })
      .strict()
      .prefault({}),
    timezone: z
      .string()
      .refine(isValidTimeZone, { message: 'must be an IANA time zone name such as "Europe/London"' })
      .optional(),
    locale: z.string().default('en-US'),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    logging: z
      .object({
        redactEmailBodies: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    user: z
      .object({
        name: z.string().optional(),
        email: z.string().email().optional(),
        handles: z.array(z.string()).default([]),
      })
      .strict()
      .prefault({}),
    anthropic: z
      .object({
        apiKey: secret.optional(),
        baseUrl: z.string().url().optional(),
      })
      .strict()
      .prefault({}),
    models: z
      .object({
        tiers: z
          .object({
            haiku: z.string().default('claude-haiku-4-5'),
            sonnet: z.string().default('claude-sonnet-4-6'),
            opus: z.string().default('claude-opus-4-6'),
          })
          .strict()
          .prefault({}),
        defaultTier: z.enum(['haiku', 'sonnet', 'opus']).default('sonnet'),
      })
      .strict()
      .prefault({}),
    agents: z
      .object({
        userDir: z.string().optional(),
        maxRounds: positiveInt.default(25),
        timeoutSeconds: positiveInt.default(60),
        toolResultMaxChars: positiveInt.default(10_000),
        maxDepth: z.number().int().min(0).default(2),
        retry: z
          .object({
            maxRetries: z.number().int().min(0).max(10).default(3),
            initialDelayMs: positiveInt.default(1_000),
            maxRetryAfterSeconds: positiveInt.default(60),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    loop: z
      .object({
        warnAt: positiveInt.default(3),
        stopAt: positiveInt.default(5),
        exemptTools: z.array(z.string()).default([]),
      })
      .strict()
      .prefault({}),
    dispatch: z
      .object({
        maxAgents: positiveInt.default(10),
        maxConcurrent: positiveInt.default(5),
        timeoutSeconds: positiveInt.default(300),
        resultMaxChars: positiveInt.default(5_000),
      })
      .strict()
      .prefault({}),
    responses: z.object({ maxTokens: positiveInt.default(25_000) }).strict().prefault({}),
    facts: z.object({ halfLifeDays: z.number().positive().default(90) }).strict().prefault({}),
    search: z.object({ rrfK: positiveInt.default(3) }).strict().prefault({}),
    documents: z
      .object({
        allowedRoots: z.array(z.string().min(1)).optional(),
        maxFileBytes: positiveInt.default(50 * 1024 * 1024),
        // One chunk ≈ one 128-token window of the default embedder (ADR 0007).
        chunkWords: positiveInt.default(100),
        overlapWords: z.number().int().min(0).default(20),
        // A hard link inside a root can name a file outside it; reading such files is an explicit choice.
        followHardLinks: z.boolean().default(false),
        // One ingest_documents call stops starting files after this long and says how far it got, so it ends well
        // inside the 300 s limit of a very_slow tool (the last batch's embedding and the pruning still follow).
        ingestTimeBudgetMs: positiveInt.max(240_000).default(240_000),
      })
      .strict()
      .prefault({}),
    providers: z
      .object({
        /** `caldav`: the calendars of a CalDAV account (`calendar.caldav`), mirrored into the local store. */
        calendar: z.enum(['local', 'caldav', 'none']).default('local'),
        /** `caldav`: the to-do lists of the `calendar.caldav` account. */
        reminders: z.enum(['local', 'caldav', 'none']).default('local'),
        /** `imap`: a mail server account (`mail.imap`, and `mail.smtp` to send), synced into the local store. */
        mail: z.enum(['local', 'imap', 'none']).default('local'),
        messages: z.enum(['local', 'macos', 'none']).default('local'),
        notifications: z.enum(['auto', 'desktop', 'log', 'none']).default('auto'),
      })
      .strict()
      .prefault({}),
    mail: z
      .object({
        agentSendMode: z.enum(['draft', 'allow_list', 'send']).default('draft'),
        agentSendAllowList: z.array(z.string()).default([]),
        /** The mail server read by `providers.mail: imap`. */
        imap: z
          .object({
            host: z.string().min(1),
            /** 993 with `secure` (TLS from the start), 143 without (STARTTLS when the server offers it). */
            port: port.optional(),
            secure: z.boolean().default(true),
            user: z.string().min(1),
            /** Use an `env:NAME` reference (an app password for Gmail, iCloud, Fastmail, Microsoft 365). */
            password: secret,
            /** How tools name this account (default: the user name). */
            account: z.string().min(1).optional(),
            /** Reads sync the account first when the last sync is older than this. */
            syncIntervalSeconds: positiveInt.default(60),
            /** Per connection and per command. */
            timeoutMs: positiveInt.default(15_000),
            /** Accept a self-signed certificate (a home server); never needed for the big providers. */
            allowSelfSignedCertificate: z.boolean().default(false),
          })
          .strict()
          .optional(),
        /** Sending for `providers.mail: imap` (send_email, reply_to_email); the sent copy is appended to Sent. */
        smtp: z
          .object({
            host: z.string().min(1),
            /** 465 with `secure`, 587 without (STARTTLS). */
            port: port.optional(),
            secure: z.boolean().default(true),
            /** Default: the IMAP user and password. */
            user: z.string().min(1).optional(),
            password: secret.optional(),
            /** The From address (default: user.email, else the user name when it is an address). */
            from: z.string().min(3).optional(),
            timeoutMs: positiveInt.default(15_000),
            allowSelfSignedCertificate: z.boolean().default(false),
          })
          .strict()
          .optional(),
      })
      .strict()
      .prefault({}),
    notifications: z
      .object({
        /** Optional outbound delivery of every notification (ntfy-style URL or a JSON webhook). */
        webhook: z
          .object({
            url: secret,
            format: z.enum(['ntfy', 'json']).default('ntfy'),
            /** Sent as `Authorization: Bearer <token>`; use an `env:NAME` reference. */
            token: secret.optional(),
            timeoutMs: positiveInt.default(5_000),
          })
          .strict()
          .optional(),
      })
      .strict()
      .prefault({}),
    messages: z
      .object({
        /** macOS Messages database read by `providers.messages: macos`; default `~/Library/Messages/chat.db`. */
        chatDbPath: z.string().min(1).optional(),
      })
      .strict()
      .prefault({}),
    calendar: z
      .object({
        /**
         * Read-only calendars subscribed by URL (holiday calendars, a team's shared feed, a colleague's published
         * calendar), refreshed by the `calendar_sync` task. `webcal://` is read as `https://`; plain http is refused.
         */
        feeds: z
          .array(
            z
              .object({
                name: z.string().trim().min(1).max(200),
                url: z
                  .string()
                  .url()
                  .refine((url) => /^(https|webcal):\/\//i.test(url), { message: 'must be an https:// (or webcal://) address; plain http is not fetched' }),
                /** Whose calendar it is: their busy times then count in find_group_availability. */
                ownerEmail: z.string().email().optional(),
                refreshMinutes: positiveInt.default(60),
              })
              .strict(),
          )
          .default([]),
        /** The CalDAV account read by `providers.calendar: caldav`. */
        caldav: z
          .object({
            /** The server's address; its calendars are found from there (e.g. https://caldav.fastmail.com/). */
            serverUrl: z.string().url(),
            user: z.string().min(1),
            /** Use an `env:NAME` reference (an app password for iCloud, Fastmail, Google). */
            password: secret,
            /** Reads sync first when the last sync is older than this. */
            syncIntervalSeconds: positiveInt.default(300),
            timeoutMs: positiveInt.default(30_000),
            /**
             * Other people whose calendars this account may read on the server: find_group_availability asks the
             * server for their busy time, live. Calendars are URLs or paths on the server (e.g. /dana/work/).
             */
            people: z
              .array(
                z
                  .object({
                    email: z.string().email(),
                    calendars: z
                      .array(
                        z
                          .string()
                          .trim()
                          .refine((ref) => ref.startsWith('/') || /^https?:\/\//i.test(ref), {
                            message: 'must be a calendar URL (https://…) or a path on the CalDAV server starting with "/"',
                          }),
                      )
                      .min(1, { message: 'list at least one calendar of this person' }),
                  })
                  .strict(),
              )
              .superRefine((people, ctx) => {
                const seen = new Set<string>();
                people.forEach((person, index) => {
                  const email = person.email.toLowerCase();
                  if (seen.has(email)) ctx.addIssue({ code: 'custom', path: [index, 'email'], message: `${person.email} is listed twice; put all their calendars in one entry` });
                  seen.add(email);
                });
              })
              .optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .prefault({}),
    enrichment: z.object({ sourceTimeoutMs: positiveInt.default(5_000) }).strict().prefault({}),
    scheduler: z
      .object({
        tickSeconds: positiveInt.default(30),
        handlerTimeoutSeconds: positiveInt.default(300),
        /** Lease = handler timeout + this grace; a worker that dies mid-run is taken over once it has passed. */
        leaseGraceSeconds: positiveInt.default(60),
        /** After downtime: run a missed occurrence once (`run_once`) or record it as skipped (`skip`). */
        missedRuns: z.enum(['run_once', 'skip']).default('run_once'),
        /** Health endpoint of `cos worker` on 127.0.0.1 (0 = any free port); `null` turns it off. */
        healthPort: z.number().int().min(0).max(65_535).nullable().default(8788),
        /** Allow more than one worker per data directory (they still never run one occurrence twice). */
        allowMultipleWorkers: z.boolean().default(false),
        runInServer: z.enum(['auto', 'always', 'never']).default('auto'),
        /**
         * The environment variables a webhook delivery of the owner's tasks may refer to (`${NAME}` / `env:NAME` in its
         * headers, `secret_env`). Nothing else of the environment is ever resolved for a task, and nothing at all for a
         * task of a signed-in user or written by an agent (ADR 0096).
         */
        deliverySecrets: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'an environment variable name, e.g. HOOK_TOKEN' })).default([]),
      })
      .strict()
      .prefault({}),
    webhooks: z
      .object({
        http: z
          .object({
            host: z.string().default('127.0.0.1'),
            port: port.default(8787),
            maxBodyBytes: positiveInt.default(262_144),
            /** A delivery whose headers and body have not all arrived by then is cut off with 408 (slow-loris defence). */
            requestTimeoutMs: positiveInt.default(30_000),
          })
          .strict()
          .prefault({}),
        sources: z.record(z.string(), webhookSourceSchema).default({}),
        inboxDir: z.string().optional(),
        autoDispatch: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    skills: z
      .object({
        minOccurrences: positiveInt.default(5),
        threshold: z.number().min(0).max(1).default(0.7),
        windowDays: positiveInt.default(30),
      })
      .strict()
      .prefault({}),
    mcp: z
      .object({
        http: z
          .object({
            host: z.string().default('127.0.0.1'),
            port: port.default(8765),
            token: secret.optional(),
            allowedOrigins: z.array(z.string()).default([]),
            allowedHosts: z.array(z.string()).default([]),
            maxBodyBytes: positiveInt.default(1024 * 1024),
            /** A request whose headers and body have not all arrived by then is cut off with 408 (slow-loris defence). */
            requestTimeoutMs: positiveInt.default(30_000),
            /** The URL clients use (behind a TLS proxy): names the resource in the protected resource metadata. */
            publicUrl: z
              .string()
              .refine((url) => isHttpUrl(url, false), { message: 'must be the base URL clients use, e.g. https://cos.example.com (no path after the host; plain http only on localhost)' })
              .optional(),
            /** Sign-in with JWT access tokens from an OpenID Connect provider (docs/security.md#http-transports). */
            oidc: z
              .object({
                issuer: z.string().refine((url) => isHttpUrl(url, true), {
                  message: "must be the provider's issuer URL, https://… (plain http only on localhost), exactly as its tokens' iss claim says",
                }),
                audience: z.string().trim().min(1, { message: "must name this server as the provider's tokens do in aud, e.g. https://cos.example.com/mcp" }),
                claim: z.enum(['sub', 'email']).default('email'),
              })
              .strict()
              .optional(),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    /** The local web console (`cos ui`; docs/console.md): served by the worker too when `enabled`. */
    console: z
      .object({
        enabled: z.boolean().default(false),
        host: z.string().default('127.0.0.1'),
        port: port.default(8767),
        /** Serve on a `host` other machines reach (plain HTTP): only with a TLS reverse proxy in front (docs/console.md#security). */
        allowRemote: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    mcpServers: z.record(z.string(), mcpServerSchema).default({}),
    mcpServersFile: z.string().optional(),
    retention: z
      .object({
        usageDays: positiveInt.default(90),
        modelCallsDays: positiveInt.default(90),
        runsDays: positiveInt.default(90),
        taskRunsDays: positiveInt.default(90),
        webhooksDays: positiveInt.default(30),
        failedWebhooksDays: positiveInt.default(90),
        notificationsDays: positiveInt.default(30),
      })
      .strict()
      .prefault({}),
    // Flags and limits by name (matched without regard to case or underscores); `maxToolsByModel` maps model ids to shortlist sizes.
    orchestration: z
      .record(z.string(), z.union([z.boolean(), z.number(), z.string(), z.record(z.string(), z.number().int().min(1).max(128))]))
      .default({}),
  })
  .strict();

/** The configuration as written by a user (everything optional). */
export type ConfigInput = z.input<typeof configSchema>;

/** The parsed configuration with defaults applied, before directories are resolved. */
export type ParsedConfig = z.output<typeof configSchema>;

/** The effective configuration: every directory and the time zone resolved. */
export type CosConfig = Omit<ParsedConfig, 'dataDir' | 'timezone' | 'agents' | 'documents' | 'webhooks'> & {
  dataDir: string;
  timezone: string;
  agents: ParsedConfig['agents'] & { userDir: string };
  documents: ParsedConfig['documents'] & { allowedRoots: string[] };
  webhooks: ParsedConfig['webhooks'] & { inboxDir: string };
  mcpServersFile: string;
  /** Where the configuration file was read from, or null when none existed. */
  configFile: string | null;
  /** Settings the file still holds that are no longer used (ignored; `cos doctor` says to delete them). */
  retiredKeys: string[];
};

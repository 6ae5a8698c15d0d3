/**
 * `cos users add|list|disable|enable` and `cos tokens create|list|revoke`: the people who may sign in to the MCP HTTP
 * server and their personal access tokens (docs/security.md#http-transports, ADR 0074). They work on the configured
 * storage (the data directory, or PostgreSQL when storage.url is set) without loading the rest of the libraries.
 */
import type { Command } from 'commander';
import { createSystemClock, isToolError, systemTimeZone, toolErrorPayload } from '@chief-of-staff/core';
import type { AccessTokenRecord, MemoryStore, UserRecord } from '@chief-of-staff/sdk';
import { formatTable, printJson, printLine, reportToolError } from '../output.js';
import { loadCliConfig, loadSdk } from '../open-cos.js';
import { wholeNumber } from '../options.js';

/** Opens the configured storage for one command; a `ToolError` becomes the usual CLI error and exit code. */
async function withStorage(json: boolean, run: (memory: MemoryStore) => Promise<void>): Promise<void> {
  const loaded = loadCliConfig();
  if (!loaded) return;
  const { openStorage } = await loadSdk();
  const { memory } = await openStorage(loaded.config, { clock: createSystemClock(systemTimeZone()), logger: loaded.logger });
  try {
    await run(memory);
  } catch (error) {
    if (!isToolError(error)) throw error;
    reportToolError(toolErrorPayload(error), json);
  } finally {
    await memory.close();
  }
}

async function requireUser(memory: MemoryStore, email: string): Promise<UserRecord> {
  const user = await memory.users.getByEmail(email);
  if (user) return user;
  const { unknownUserError } = await loadSdk();
  throw unknownUserError(email.trim());
}

function userRow(user: UserRecord): string[] {
  return [String(user.id), user.email, user.name ?? '', user.status, user.createdAt];
}

/** What `cos tokens list` says of a token's state now. */
function tokenState(token: AccessTokenRecord, now: number): string {
  if (token.revokedAt) return `revoked ${token.revokedAt}`;
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return `expired ${token.expiresAt}`;
  return token.expiresAt ? `until ${token.expiresAt}` : 'active';
}

export function registerUsersCommands(program: Command): void {
  const users = program
    .command('users')
    .description('The people who may sign in to the MCP HTTP server (team mode).')
    .addHelpText('after', '\nExamples:\n  cos users add noa@example.com --name "Noa Levi"\n  cos users list --json\n  cos users disable noa@example.com');

  users
    .command('add <email>')
    .description('Add a person who may sign in (with a personal access token or the OpenID Connect provider).')
    .option('--name <name>', 'their name, for lists')
    .option('--json', 'print machine-readable JSON')
    .action((email: string, options: { name?: string; json?: boolean }) =>
      withStorage(options.json === true, async (memory) => {
        const user = await memory.users.add({ email, name: options.name });
        if (options.json === true) printJson(user);
        else printLine(`Added ${user.email} (id ${user.id}). Create a token for them with: cos tokens create --user ${user.email}`);
      }),
    );

  users
    .command('list')
    .description('Every user, by email.')
    .option('--json', 'print machine-readable JSON')
    .action((options: { json?: boolean }) =>
      withStorage(options.json === true, async (memory) => {
        const all = await memory.users.list();
        if (options.json === true) printJson({ users: all });
        else if (all.length === 0) printLine('No users yet. Add one with: cos users add <email>');
        else printLine(formatTable(['id', 'email', 'name', 'status', 'added'], all.map(userRow)));
      }),
    );

  for (const [verb, status, effect] of [
    ['disable', 'disabled', 'Stop a user signing in: their tokens are refused from the next request on (nothing is deleted).'],
    ['enable', 'active', 'Let a disabled user sign in again (their tokens that are not revoked or expired work again).'],
  ] as const) {
    users
      .command(`${verb} <email>`)
      .description(effect)
      .option('--json', 'print machine-readable JSON')
      .action((email: string, options: { json?: boolean }) =>
        withStorage(options.json === true, async (memory) => {
          const user = await memory.users.setStatus(email, status);
          if (options.json === true) printJson(user);
          else printLine(`${user.email} is now ${user.status}.`);
        }),
      );
  }
}

export function registerTokensCommands(program: Command): void {
  const tokens = program
    .command('tokens')
    .description("Personal access tokens: how a user's scripts and MCP clients without OAuth sign in over HTTP.")
    .addHelpText('after', '\nExamples:\n  cos tokens create --user noa@example.com --name laptop --expires-in-days 90\n  cos tokens list --user noa@example.com\n  cos tokens revoke 3');

  tokens
    .command('create')
    .description('Create a token for a user; it is printed once and cannot be shown again.')
    .requiredOption('--user <email>', 'the user the token signs in')
    .option('--name <name>', 'what the token is for (default "default")')
    .option('--expires-in-days <days>', 'stop accepting it after this many days (default: never)', wholeNumber('--expires-in-days', 1, 3650))
    .option('--json', 'print machine-readable JSON')
    .action((options: { user: string; name?: string; expiresInDays?: number; json?: boolean }) =>
      withStorage(options.json === true, async (memory) => {
        const user = await requireUser(memory, options.user);
        const expiresAt = options.expiresInDays === undefined ? null : new Date(memory.clock.now().getTime() + options.expiresInDays * 86_400_000).toISOString();
        const created = await memory.accessTokens.create({ userId: user.id, name: options.name, expiresAt });
        if (options.json === true) {
          printJson({ token: created.token, ...created.record, user: user.email });
          return;
        }
        printLine(created.token);
        printLine();
        printLine(`Token ${created.record.id} ("${created.record.name}") for ${user.email}${expiresAt ? `, valid until ${expiresAt}` : ''}.`);
        printLine('Copy it now: it will not be shown again. Clients send it as "Authorization: Bearer <token>".');
      }),
    );

  tokens
    .command('list')
    .description("A user's tokens, newest first (never the tokens themselves).")
    .requiredOption('--user <email>', 'whose tokens')
    .option('--json', 'print machine-readable JSON')
    .action((options: { user: string; json?: boolean }) =>
      withStorage(options.json === true, async (memory) => {
        const user = await requireUser(memory, options.user);
        const list = await memory.accessTokens.listForUser(user.id);
        if (options.json === true) {
          printJson({ user: user.email, tokens: list });
          return;
        }
        if (list.length === 0) {
          printLine(`${user.email} has no tokens. Create one with: cos tokens create --user ${user.email}`);
          return;
        }
        const now = memory.clock.now().getTime();
        printLine(
          formatTable(
            ['id', 'name', 'starts with', 'created', 'last used', 'state'],
            list.map((token) => [String(token.id), token.name, `${token.displayPrefix}…`, token.createdAt, token.lastUsedAt ?? 'never', tokenState(token, now)]),
          ),
        );
      }),
    );

  tokens
    .command('revoke')
    .description('Revoke a token: it is refused from the very next request on.')
    .argument('<id>', 'the token id, as `cos tokens list` shows it', wholeNumber('revoke', 1))
    .option('--json', 'print machine-readable JSON')
    .action((id: number, options: { json?: boolean }) =>
      withStorage(options.json === true, async (memory) => {
        const token = await memory.accessTokens.revoke(id);
        if (options.json === true) printJson(token);
        else printLine(`Token ${token.id} ("${token.name}") is revoked${token.revokedAt ? ` since ${token.revokedAt}` : ''}.`);
      }),
    );
}

/**
 * The connection pool of the PostgreSQL storage, which puts every connection it hands out in the principal scope of
 * the work that asked for it (`cos.principal`: the `principal_id` column's default, and what the row-level security
 * policies read), ADR 0078. The scope is read when the connection is requested, in the caller's async context; a
 * connection keeps its setting until another scope checks it out, so the common case costs nothing.
 *
 * In team mode (the database has users of `cos users`) every session is also switched to the role `cos_scoped`, which
 * row-level security binds: a query that forgets the scope reads nothing of anybody else's. A single-person database
 * stays on the login role and its query plans, and looks again for users every few seconds, so team mode begun after
 * it opened binds it too. A pool that cannot bind its sessions (no `cos_scoped` role for its login) refuses work for
 * anybody but the owner rather than serve it unbound.
 *
 * The candidate pool of team mode (`candidates: true`, ADR 0079) sets the scope but never switches role and refuses
 * nobody: its queries compute candidate ids with their own principal predicate, so their indexes stay usable.
 *
 * A connection that cannot be opened (the server is down or unreachable) fails with `UNAVAILABLE` naming the
 * database's host and port and the short cause (database-unreachable.ts), never with the URL's password.
 */
import pg from 'pg';
import { currentPrincipalScope, OWNER_PRINCIPAL, SYSTEM_SCOPE, ToolError } from '@chief-of-staff/core';
import { databaseUnreachable } from './database-unreachable.js';
import { grantScopedRole, scopedRoleFix, scopedRoleProblem, scopedRoleReady, SCOPED_ROLE, type ScopedRoleState } from './principals/scoped-role-grants.js';

export { SCOPED_ROLE };

/**
 * `single-person`: no users, every row the owner's, sessions on the login role. `scoped-role`: team mode, every session
 * bound by row-level security. `unavailable`: team mode, but the login role may not switch to `cos_scoped`, or the
 * role lacks privileges this login cannot grant.
 */
export type RowSecurity = 'single-person' | 'scoped-role' | 'unavailable';

/** PostgreSQL's too_many_connections, and how often and how long a new connection is asked for again after it. */
const TOO_MANY_CONNECTIONS = '53300';
const FULL_SERVER_RETRIES = 6;
const FULL_SERVER_FIRST_WAIT_MS = 50;

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

export class PrincipalScopedPool extends pg.Pool {
  /** The scope each connection's session is set to. */
  readonly #sessionScope = new WeakMap<pg.PoolClient, string>();
  /** Connections already switched to `cos_scoped` (those opened before the check are switched on next use). */
  readonly #switchedRole = new WeakSet<pg.PoolClient>();
  /** Connections that have the `error` listener of `#guarded`. */
  readonly #listened = new WeakSet<pg.PoolClient>();
  #rowSecurity: RowSecurity = 'single-person';
  /** Why sessions cannot be bound, as the refusal says it (set with `unavailable`). */
  #unbound: ScopedRoleState | undefined;
  /**
   * False until `detectRowSecurity` ran once: the migrations run before it, on the login role, whatever the database
   * holds (a session switched to `cos_scoped` could neither migrate nor read the migrations' bookkeeping).
   */
  #detected = false;
  readonly #candidates: boolean;
  /** `host:port` of the server, for the error a failed connection gives (never the URL: it may hold the password). */
  readonly #address: string;

  constructor(config?: pg.PoolConfig, options: { candidates?: boolean } = {}) {
    super(config);
    this.#candidates = options.candidates ?? false;
    this.#address = databaseAddress(config);
  }

  /** True for the pool of candidate queries: sessions on the login role, whatever the row security. */
  get candidates(): boolean {
    return this.#candidates;
  }

  /**
   * A single-person pool looks again for users at most this often: a process that opened the database before the
   * first `cos users add` binds its sessions within seconds instead of reading every person's rows as the owner's.
   */
  static readonly RECHECK_MS = 2_000;
  #checkedAt = 0;
  #rechecking: Promise<void> | undefined;

  /** How row-level security binds the sessions (decided by `detectRowSecurity`). */
  get rowSecurity(): RowSecurity {
    return this.#rowSecurity;
  }

  /**
   * Reads whether the database is in team mode and whether sessions can be bound, granting `cos_scoped` first what it
   * lacks on the tables this login owns (principals/scoped-role-grants.ts). Called once after the migrations, then
   * again by a single-person pool every RECHECK_MS.
   */
  async detectRowSecurity(): Promise<RowSecurity> {
    // Set first: a check-out while this runs must not start another look.
    this.#checkedAt = Date.now();
    const recheck = this.#detected;
    this.#detected = true;
    // A connection straight from the pool: no principal scope to enter or refuse, and on the login role (a pool looks
    // again only while single-person, when no session has been switched).
    const client = this.#guarded(await this.#open().catch((error: unknown) => Promise.reject(this.#connectFailure(error))));
    let state: ScopedRoleState;
    try {
      // A look again while single-person costs one tiny query until the first user appears (the full reading below
      // takes a few milliseconds of catalogue work).
      if (recheck && (await client.query<{ team: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS team')).rows[0]?.team !== true) return this.#rowSecurity;
      state = await grantScopedRole(client);
    } finally {
      client.release();
    }
    this.#rowSecurity = state.users === 0 ? 'single-person' : scopedRoleReady(state) ? 'scoped-role' : 'unavailable';
    this.#unbound = this.#rowSecurity === 'unavailable' ? state : undefined;
    return this.#rowSecurity;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // Read now: by the time a connection is free, the async context may be another caller's.
    const scope = currentPrincipalScope();
    const scoped = this.#refreshed().then(
      () =>
        this.#refusal(scope) ??
        this.#open().then(
          (client) => this.#enterScope(this.#guarded(client), scope),
          (error: unknown) => Promise.reject(this.#connectFailure(error)),
        ),
    );
    if (callback === undefined) return scoped;
    scoped.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  /** Waits for a fresh look at team mode when this pool is single-person and its last look is older than RECHECK_MS. */
  #refreshed(): Promise<void> {
    if (!this.#detected || this.#candidates || this.#rowSecurity !== 'single-person' || Date.now() - this.#checkedAt < PrincipalScopedPool.RECHECK_MS) {
      return Promise.resolve();
    }
    this.#rechecking ??= this.detectRowSecurity().then(
      () => undefined,
      // A failed look leaves the pool as it was; the query that follows reports the database's trouble itself.
      () => undefined,
    ).finally(() => (this.#rechecking = undefined));
    return this.#rechecking;
  }

  #refusal(scope: string): Promise<never> | undefined {
    if (scope === OWNER_PRINCIPAL || scope === SYSTEM_SCOPE || this.#rowSecurity === 'scoped-role' || this.#candidates) return undefined;
    return Promise.reject(unboundError(this.#rowSecurity === 'single-person' ? undefined : this.#unbound));
  }

  /**
   * A checked-out connection whose server goes away emits `error`; `pg` throws that event when nobody listens, which
   * would end the process (a database restart must not take every server down). The statement in flight fails with
   * the same error, and the pool drops the dead connection when it comes back, so listening is all that is needed.
   */
  #guarded(client: pg.PoolClient): pg.PoolClient {
    if (!this.#listened.has(client)) {
      client.on('error', () => undefined);
      this.#listened.add(client);
    }
    return client;
  }

  /** A failed connection as the error a person can act on: UNAVAILABLE naming the server, when it is one. */
  /**
   * A connection from the pool. A server at `max_connections` refuses new ones (53300, "too many clients") until other
   * processes' pools close theirs, which they do within moments (after a call, or 10 idle seconds): the pool asks
   * again with growing waits, about three seconds in all, before the call fails with `UNAVAILABLE` saying so. Several
   * servers and workers on one database each hold up to a pool of connections (docs/deployment.md), so a burst on all
   * of them at once can meet the limit without anything being wrong.
   */
  async #open(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await super.connect();
      } catch (error) {
        if (attempt >= FULL_SERVER_RETRIES || (error as { code?: unknown } | null)?.code !== TOO_MANY_CONNECTIONS) throw error;
        await new Promise((resolve) => setTimeout(resolve, FULL_SERVER_FIRST_WAIT_MS * 2 ** attempt));
      }
    }
  }

  #connectFailure(error: unknown): unknown {
    return databaseUnreachable(this.#address, error) ?? error;
  }

  async #enterScope(client: pg.PoolClient, scope: string): Promise<pg.PoolClient> {
    const current = this.#sessionScope.get(client);
    const needsRole = this.#rowSecurity === 'scoped-role' && !this.#candidates && !this.#switchedRole.has(client);
    if (current === scope && !needsRole) return client;
    try {
      if (needsRole) {
        await client.query(`SET ROLE ${SCOPED_ROLE}`);
        this.#switchedRole.add(client);
      }
      if (current !== scope) await client.query("SELECT set_config('cos.principal', $1, false)", [scope]);
    } catch (error) {
      // A connection in an unknown state is closed rather than returned to the pool.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    this.#sessionScope.set(client, scope);
    return client;
  }
}

/**
 * The refusal of work for a signed-in person the pool cannot bind (`TEAM_MODE_UNBOUND`), with the SQL that fixes it;
 * without a state, the database has no users yet.
 */
function unboundError(state: ScopedRoleState | undefined): ToolError {
  if (state === undefined) {
    return new ToolError('NOT_CONFIGURED', 'Team mode has not begun (TEAM_MODE_UNBOUND): the database has no users yet (team mode begins with cos users add), so this process serves only the owner until then.', {
      domain: 'postgres',
      details: { reason: 'TEAM_MODE_UNBOUND' },
    });
  }
  const fix = scopedRoleFix(state);
  return new ToolError(
    'NOT_CONFIGURED',
    `Team mode is not set up for this server's database login (TEAM_MODE_UNBOUND), so it serves only the owner: ${scopedRoleProblem(state)}.`,
    {
      domain: 'postgres',
      hint:
        fix.length > 0
          ? `An administrator runs, as a superuser in the database: ${fix.join(' ')} Then restart the servers and workers (docs/deployment.md, section 1).`
          : 'Restart the servers and workers: each grants the role what it lacks when it opens the database (docs/deployment.md, section 1).',
      details: { reason: 'TEAM_MODE_UNBOUND', fix },
    },
  );
}

/** `host:port` of the server a pool connects to, from its connection string (libpq's defaults otherwise). */
function databaseAddress(config: pg.PoolConfig | undefined): string {
  let host = config?.host ?? 'localhost';
  let port = String(config?.port ?? 5432);
  try {
    if (config?.connectionString) {
      const url = new URL(config.connectionString);
      host = url.searchParams.get('host') ?? (url.hostname !== '' ? url.hostname : host);
      port = url.searchParams.get('port') ?? (url.port !== '' ? url.port : port);
    }
  } catch {
    // A connection string that is not a URL (key=value form): the defaults above.
  }
  return `${host}:${port}`;
}

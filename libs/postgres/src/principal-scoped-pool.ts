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
 */
import pg from 'pg';
import { CosError, currentPrincipalScope, OWNER_PRINCIPAL, SYSTEM_SCOPE } from '@chief-of-staff/core';

/** The role the 0004 migration creates for team mode's sessions. */
export const SCOPED_ROLE = 'cos_scoped';

/**
 * `single-person`: no users, every row the owner's, sessions on the login role. `scoped-role`: team mode, every session
 * bound by row-level security. `unavailable`: team mode, but the login role may not switch to `cos_scoped`.
 */
export type RowSecurity = 'single-person' | 'scoped-role' | 'unavailable';

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

export class PrincipalScopedPool extends pg.Pool {
  /** The scope each connection's session is set to. */
  readonly #sessionScope = new WeakMap<pg.PoolClient, string>();
  /** Connections already switched to `cos_scoped` (those opened before the check are switched on next use). */
  readonly #switchedRole = new WeakSet<pg.PoolClient>();
  #rowSecurity: RowSecurity = 'single-person';
  readonly #candidates: boolean;

  constructor(config?: pg.PoolConfig, options: { candidates?: boolean } = {}) {
    super(config);
    this.#candidates = options.candidates ?? false;
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

  /** Reads whether the database is in team mode and whether sessions can be bound. Called once, after the migrations. */
  async detectRowSecurity(): Promise<RowSecurity> {
    // Set first: the query below checks a connection out through `connect`, which must not look again.
    this.#checkedAt = Date.now();
    const { rows } = await super.query<{ team: boolean; scoped: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM users) AS team,
              EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AND pg_has_role(current_user, $1, 'MEMBER') AS scoped`,
      [SCOPED_ROLE],
    );
    const row = rows[0];
    this.#rowSecurity = row?.team !== true ? 'single-person' : row.scoped ? 'scoped-role' : 'unavailable';
    return this.#rowSecurity;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // Read now: by the time a connection is free, the async context may be another caller's.
    const scope = currentPrincipalScope();
    const scoped = this.#refreshed().then(() => this.#refusal(scope) ?? super.connect().then((client) => this.#enterScope(client, scope)));
    if (callback === undefined) return scoped;
    scoped.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  /** Waits for a fresh look at team mode when this pool is single-person and its last look is older than RECHECK_MS. */
  #refreshed(): Promise<void> {
    if (this.#candidates || this.#rowSecurity !== 'single-person' || Date.now() - this.#checkedAt < PrincipalScopedPool.RECHECK_MS) return Promise.resolve();
    this.#rechecking ??= this.detectRowSecurity().then(
      () => undefined,
      // A failed look leaves the pool as it was; the query that follows reports the database's trouble itself.
      () => undefined,
    ).finally(() => (this.#rechecking = undefined));
    return this.#rechecking;
  }

  #refusal(scope: string): Promise<never> | undefined {
    if (scope === OWNER_PRINCIPAL || scope === SYSTEM_SCOPE || this.#rowSecurity === 'scoped-role' || this.#candidates) return undefined;
    const message =
      this.#rowSecurity === 'single-person'
        ? 'The database has no users yet (team mode begins with cos users add): this process serves only the owner until then.'
        : `Team mode needs the role ${SCOPED_ROLE}, which this login may not use: as a superuser, run CREATE ROLE ${SCOPED_ROLE} NOLOGIN and GRANT ${SCOPED_ROLE} TO <login role>, then restart (docs/deployment.md).`;
    return Promise.reject(new CosError({ code: 'TEAM_MODE_UNBOUND', domain: 'postgres', category: 'user', message }));
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

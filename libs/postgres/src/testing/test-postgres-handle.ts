/** What a test holds of its throw-away PostgreSQL: the local cluster's and an existing server's alike. */

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`: the database created for the caller. */
  readonly url: string;
  readonly port: number;
  /** How long `initdb` plus the server start took, in milliseconds. */
  readonly startMs: number;
  /**
   * Creates another empty database on the same server and returns its URL (one cluster, many databases). On a
   * `COS_TEST_DATABASE_URL` server the name gets a suffix unique to this run, as other runs share that server.
   */
  createDatabase(name: string, options?: CreateTestDatabaseOptions): Promise<string>;
  /**
   * Stops the server (immediately: test data needs no clean shutdown) and removes its directory; on a
   * `COS_TEST_DATABASE_URL` server, drops the databases created here instead.
   */
  stop(): Promise<void>;
  /**
   * Stops the server but keeps its data, as a database outage does; `resume()` starts it again on the same port.
   * Only the local test cluster can do this: on a `COS_TEST_DATABASE_URL` server both throw.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** SQL after `CREATE DATABASE <name>`, e.g. a template and locale. */
  clauses?: string;
}

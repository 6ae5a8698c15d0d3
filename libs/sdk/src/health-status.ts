/** One line of `cos doctor`: the shape every health check returns (health-check.ts and the checks it gathers). */
export type HealthStatus = 'ok' | 'warn' | 'fail';

export interface HealthCheck {
  /** What was checked, e.g. `database` or `provider: mail`. */
  name: string;
  status: HealthStatus;
  /** One line for people: what was found, or what to do about it. */
  detail: string;
  /** Figures for scripts (counts, paths, timings); JSON-safe. */
  data?: Record<string, unknown>;
}

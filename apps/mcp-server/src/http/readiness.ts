/**
 * `GET /readyz` (docs/deployment.md, section 4): whether this server can answer tool calls now, for a load balancer
 * that should stop sending requests to a server whose database is unreachable. `/healthz` says the process is alive;
 * this one runs a trivial query through the storage's own connection pool and waits at most `timeoutMs` for it.
 * The reason for "not ready" is the storage's own message (the database's host and port and a short cause), never a
 * connection URL.
 */
import { isCosError } from '@chief-of-staff/core';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long the trivial query may take before the server counts as not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The first message in an error's cause chain that a person may read: a storage error's, not a driver's. */
function reasonOf(error: unknown): string {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (isCosError(current)) return current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return 'The storage did not answer a trivial query (see the server log).';
}

/** A readiness check over `probe` (a trivial query), answering within `timeoutMs` whatever the probe does. */
export function storageReadiness(probe: () => Promise<unknown>, timeoutMs = READINESS_TIMEOUT_MS): () => Promise<Readiness> {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: `The storage did not answer a trivial query within ${timeoutMs} ms.` }), timeoutMs);
    });
    const answered = probe().then(
      (): Readiness => ({ ready: true }),
      (error: unknown): Readiness => ({ ready: false, reason: reasonOf(error) }),
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * When the catalogue index is built in the background. Analysing every tool takes a third of a second at 2,000 tools
 * (ADR 0094), and the process does nothing else meanwhile: built at start-up, it held a client's `initialize` and
 * `tools/list`. So it is built a moment after start-up (`delayMs`), out of the way of the first requests a client sends
 * on connecting, and right after a later change of the catalogue (a server joining or leaving), when the index is
 * only brought up to date. A request that needs it first (a `tool_search`) builds it itself, the same index.
 */
export interface CatalogueIndexWarmUp {
  /** The catalogue changed: bring the index up to date in the background, unless the start-up warm-up is still due. */
  changed(): void;
}

export function scheduleCatalogueIndexWarmUp(build: () => void, delayMs: number): CatalogueIndexWarmUp {
  let started = false;
  setTimeout(() => {
    started = true;
    build();
  }, delayMs).unref();
  return {
    changed() {
      if (started) setImmediate(build).unref();
    },
  };
}

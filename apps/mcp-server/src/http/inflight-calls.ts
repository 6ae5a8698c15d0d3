/**
 * Cancellation for the stateless HTTP transport. A client cancels with a separate `notifications/cancelled` POST,
 * which a stateless server cannot tie to the original request's server instance; this registry of in-flight
 * `tools/call` requests, keyed by JSON-RPC id, lets that notification abort the right handler.
 *
 * Without sessions, two clients can use the same id at the same time; a cancellation that matches more than one
 * in-flight call is ignored rather than risk aborting another client's work.
 */

type JsonRpcId = string | number;

interface JsonRpcMessage {
  id?: JsonRpcId;
  method?: string;
  params?: { requestId?: JsonRpcId };
}

export class InflightCalls {
  readonly #calls = new Map<string, Set<AbortController>>();

  #key(id: JsonRpcId): string {
    return `${typeof id}:${id}`;
  }

  /** Registers the tools/call requests in a POST body; returns a signal aborted on cancellation, and a release. */
  track(body: unknown): { signal: AbortSignal | undefined; release: () => void } {
    const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
    const calls = messages.filter((message) => message?.method === 'tools/call' && message.id !== undefined);
    if (calls.length === 0) return { signal: undefined, release: () => undefined };
    const controller = new AbortController();
    const keys = calls.map((message) => this.#key(message.id as JsonRpcId));
    for (const key of keys) {
      const set = this.#calls.get(key) ?? new Set<AbortController>();
      set.add(controller);
      this.#calls.set(key, set);
    }
    return {
      signal: controller.signal,
      release: () => {
        for (const key of keys) {
          const set = this.#calls.get(key);
          set?.delete(controller);
          if (set?.size === 0) this.#calls.delete(key);
        }
      },
    };
  }

  /** Applies any `notifications/cancelled` in a POST body. Returns how many calls were aborted. */
  cancelFrom(body: unknown): number {
    const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
    let aborted = 0;
    for (const message of messages) {
      const requestId = message?.method === 'notifications/cancelled' ? message.params?.requestId : undefined;
      if (requestId === undefined) continue;
      const set = this.#calls.get(this.#key(requestId));
      if (set?.size !== 1) continue;
      for (const controller of set) controller.abort(new Error('Cancelled by the client.'));
      aborted += 1;
    }
    return aborted;
  }
}

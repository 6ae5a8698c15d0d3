/**
 * Cancellation for the stateless HTTP transport. A client cancels with a separate `notifications/cancelled` POST,
 * which a stateless server cannot tie to the original request's server instance; this registry of in-flight
 * `tools/call` requests lets that notification abort the right handler.
 *
 * JSON-RPC ids are small counters that every client starts at 0, so an id alone names nobody's call: a call is keyed
 * by who signed in, the `Mcp-Session-Id` the client sent (if any) and its id, and a cancellation reaches only calls
 * under the same key. Two calls can still share a key (one person, two clients without sessions); a cancellation
 * that matches more than one in-flight call is ignored rather than risk aborting the other client's work.
 */

type JsonRpcId = string | number;

interface JsonRpcMessage {
  id?: JsonRpcId;
  method?: string;
  params?: { requestId?: JsonRpcId };
}

/** Whose request a POST is: the signed-in principal (`principalKeyOf`) and the client's session, when it sent one. */
export interface InflightCaller {
  principalKey: string;
  sessionId?: string | undefined;
}

export class InflightCalls {
  readonly #calls = new Map<string, Set<AbortController>>();

  #key(caller: InflightCaller, id: JsonRpcId): string {
    // JSON keeps the parts apart whatever characters a session id or a string request id holds.
    return JSON.stringify([caller.principalKey, caller.sessionId ?? null, typeof id, id]);
  }

  /** Registers the tools/call requests in a POST body; returns a signal aborted on cancellation, and a release. */
  track(body: unknown, caller: InflightCaller): { signal: AbortSignal | undefined; release: () => void } {
    const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
    const calls = messages.filter((message) => message?.method === 'tools/call' && message.id !== undefined);
    if (calls.length === 0) return { signal: undefined, release: () => undefined };
    const controller = new AbortController();
    const keys = calls.map((message) => this.#key(caller, message.id as JsonRpcId));
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

  /** Applies any `notifications/cancelled` in a POST body to the caller's own calls. Returns how many were aborted. */
  cancelFrom(body: unknown, caller: InflightCaller): number {
    const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
    let aborted = 0;
    for (const message of messages) {
      const requestId = message?.method === 'notifications/cancelled' ? message.params?.requestId : undefined;
      if (requestId === undefined) continue;
      const set = this.#calls.get(this.#key(caller, requestId));
      if (set?.size !== 1) continue;
      for (const controller of set) controller.abort(new Error('Cancelled by the client.'));
      aborted += 1;
    }
    return aborted;
  }

  /** How many distinct keys have calls in flight (for tests that check nothing is left behind). */
  get size(): number {
    return this.#calls.size;
  }
}

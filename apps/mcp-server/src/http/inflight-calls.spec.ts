import { describe, expect, it } from '@jest/globals';
import { InflightCalls } from './inflight-calls.js';

const call = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } });
const cancel = (requestId: number | string) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });

describe('InflightCalls', () => {
  it('aborts the one in-flight call a cancellation names', () => {
    const inflight = new InflightCalls();
    const first = inflight.track(call(7));
    const other = inflight.track(call(8));
    expect(inflight.cancelFrom(cancel(7))).toBe(1);
    expect(first.signal?.aborted).toBe(true);
    expect(other.signal?.aborted).toBe(false);
  });

  it('ignores a cancellation that matches calls of two clients, rather than abort the wrong one', () => {
    const inflight = new InflightCalls();
    const a = inflight.track(call(1));
    const b = inflight.track(call(1));
    expect(inflight.cancelFrom(cancel(1))).toBe(0);
    expect(a.signal?.aborted).toBe(false);
    b.release();
    expect(inflight.cancelFrom(cancel(1))).toBe(1);
    expect(a.signal?.aborted).toBe(true);
  });

  it('keeps string and number ids apart and forgets released calls', () => {
    const inflight = new InflightCalls();
    const numeric = inflight.track(call(3));
    expect(inflight.cancelFrom(cancel('3'))).toBe(0);
    numeric.release();
    expect(inflight.cancelFrom(cancel(3))).toBe(0);
    expect(inflight.track({ jsonrpc: '2.0', id: 4, method: 'tools/list' }).signal).toBeUndefined();
  });
});

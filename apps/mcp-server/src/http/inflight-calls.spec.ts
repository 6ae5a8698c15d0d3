import { describe, expect, it } from '@jest/globals';
import { InflightCalls } from './inflight-calls.js';

const call = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } });
const cancel = (requestId: number | string) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
const owner = { principalKey: 'owner' };
const alice = { principalKey: 'user:alice' };

describe('InflightCalls', () => {
  it('aborts the one in-flight call a cancellation names', () => {
    const inflight = new InflightCalls();
    const first = inflight.track(call(7), owner);
    const other = inflight.track(call(8), owner);
    expect(inflight.cancelFrom(cancel(7), owner)).toBe(1);
    expect(first.signal?.aborted).toBe(true);
    expect(other.signal?.aborted).toBe(false);
  });

  it("does not let one signed-in person cancel another's call with the same id", () => {
    const inflight = new InflightCalls();
    const ownersCall = inflight.track(call(1), owner);
    expect(inflight.cancelFrom(cancel(1), alice)).toBe(0);
    expect(ownersCall.signal?.aborted).toBe(false);
    expect(inflight.cancelFrom(cancel(1), owner)).toBe(1);
    expect(ownersCall.signal?.aborted).toBe(true);
  });

  it('keeps the calls of two sessions of the same person apart', () => {
    const inflight = new InflightCalls();
    const inFirst = inflight.track(call(1), { ...owner, sessionId: 'first' });
    const inSecond = inflight.track(call(1), { ...owner, sessionId: 'second' });
    expect(inflight.cancelFrom(cancel(1), owner)).toBe(0);
    expect(inflight.cancelFrom(cancel(1), { ...owner, sessionId: 'second' })).toBe(1);
    expect(inSecond.signal?.aborted).toBe(true);
    expect(inFirst.signal?.aborted).toBe(false);
  });

  it('ignores a cancellation that matches calls of two clients, rather than abort the wrong one', () => {
    const inflight = new InflightCalls();
    const a = inflight.track(call(1), owner);
    const b = inflight.track(call(1), owner);
    expect(inflight.cancelFrom(cancel(1), owner)).toBe(0);
    expect(a.signal?.aborted).toBe(false);
    b.release();
    expect(inflight.cancelFrom(cancel(1), owner)).toBe(1);
    expect(a.signal?.aborted).toBe(true);
  });

  it('keeps string and number ids apart and forgets released calls', () => {
    const inflight = new InflightCalls();
    const numeric = inflight.track(call(3), owner);
    expect(inflight.cancelFrom(cancel('3'), owner)).toBe(0);
    numeric.release();
    expect(inflight.cancelFrom(cancel(3), owner)).toBe(0);
    expect(inflight.size).toBe(0);
    expect(inflight.track({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, owner).signal).toBeUndefined();
  });
});

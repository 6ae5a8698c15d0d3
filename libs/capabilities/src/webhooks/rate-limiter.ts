/** Requests per source per minute, counted in a sliding window of one-second buckets (memory only, per process). */
export interface RateLimiter {
  /** True when the request may go ahead (and counts it). */
  take(key: string, nowMs: number): boolean;
}

export function createRateLimiter(perMinute: number): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    take(key, nowMs) {
      const recent = (hits.get(key) ?? []).filter((at) => nowMs - at < 60_000);
      if (recent.length >= perMinute) {
        hits.set(key, recent);
        return false;
      }
      recent.push(nowMs);
      hits.set(key, recent);
      return true;
    },
  };
}

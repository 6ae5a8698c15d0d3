/**
 * The behaviour of `ToolUsageRepository` and `SkillSuggestionsRepository` that users notice (tool statistics, learned
 * latency, skill suggestions), written once against the port and run against every adapter (SQLite in
 * `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0065.
 */
import type { ToolUsageRepository } from '../../telemetry/tool-usage-repository.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Declares the tool usage repository contract as a jest `describe` block named after the adapter. */
export function describeToolUsageRepositoryContract(name: string, open: OpenRepository<ToolUsageRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('ToolUsageRepository', name, open, START, ({ clock, repository }) => {
    const call = async (toolName: string, durationMs: number, responseBytes: number | null, success = true) =>
      await repository().record({ toolName, callerKind: 'host', success, durationMs, responseBytes, truncated: false });

    it("takes a tool's figures from its successful calls in the window, not from failures or older calls", async () => {
      await call('query_memory', 9_000, 100); // before the window
      clock().advanceDays(3);
      for (let i = 0; i < 200; i += 1) {
        clock().advance(10);
        await call('query_memory', 100 + (i % 2), 2_000 + i);
      }
      for (let i = 0; i < 20; i += 1) await call('query_memory', 30_000, 50, false); // timeouts
      await call('search_documents', 7, 70);

      const figures = await repository().performanceSince('query_memory', '2026-04-02T00:00:00.000Z');
      expect(figures).toEqual({ samples: 200, p50DurationMs: 100, p95DurationMs: 101, p50ResponseBytes: 2_099, p95ResponseBytes: 2_189 });
      // From an earlier start the older call counts too.
      expect((await repository().performanceSince('query_memory', '2026-04-01T00:00:00.000Z'))?.samples).toBe(201);
    });

    it('has no figures for a tool without successful calls in the window, and sizes of 0 when none were recorded', async () => {
      await call('send_email', 500, 10, false);
      await call('get_calendar_events', 40, null);
      const since = '2026-03-31T00:00:00.000Z';
      expect(await repository().performanceSince('send_email', since)).toBeUndefined();
      expect(await repository().performanceSince('never_called', since)).toBeUndefined();
      expect(await repository().performanceSince('get_calendar_events', since)).toEqual({
        samples: 1,
        p50DurationMs: 40,
        p95DurationMs: 40,
        p50ResponseBytes: 0,
        p95ResponseBytes: 0,
      });
    });
  });
}

/**
 * The behaviour of `ToolUsageRepository` and `SkillSuggestionsRepository` that users notice (tool statistics, learned
 * latency, skill suggestions), written once against the port and run against every adapter (SQLite in
 * `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0065.
 */
import type { SkillSuggestionsRepository, UpsertSkillSuggestionInput } from '../../telemetry/skill-suggestions-repository.js';
import type { RecordToolUsageInput, ToolUsageRepository } from '../../telemetry/tool-usage-repository.js';
import { contractJest, describeRepositoryContract, toolErrorOf, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Nearest-rank percentile, as the statistics define it. */
function nearestRank(values: readonly number[], p: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null);
}

/** A small deterministic generator, so both adapters see the same "random" figures. */
function* pseudoRandom(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield state;
  }
}

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

    it("reads many tools' figures in one call, each the same as that tool's own read", async () => {
      await call('query_memory', 9_000, 100); // before the window
      clock().advanceDays(1);
      for (let i = 0; i < 30; i += 1) {
        clock().advance(10);
        await call('query_memory', 100 + (i % 3), i % 4 === 0 ? null : 2_000 + i);
        await call('search_documents', 7 + i, 70);
      }
      await call('send_email', 500, 10, false);
      await call('get_calendar_events', 40, null);
      const since = '2026-04-01T12:00:00.000Z';
      const names = ['query_memory', 'search_documents', 'send_email', 'get_calendar_events', 'never_called'];
      const many = await repository().performanceSinceMany(names, since);
      const one = new Map<string, unknown>();
      for (const name of names) {
        const figures = await repository().performanceSince(name, since);
        if (figures !== undefined) one.set(name, figures);
      }
      expect(many).toEqual(one);
      expect([...many.keys()].sort()).toEqual(['get_calendar_events', 'query_memory', 'search_documents']);
      expect((await repository().performanceSinceMany([], since)).size).toBe(0);
    });

    it('records a call with its defaults: the pattern trimmed to 100 characters, "auto" when blank', async () => {
      const row = await repository().record({ toolName: 'query_memory', callerKind: 'agent', success: true, queryPattern: `  ${'p'.repeat(120)} ` });
      expect(row).toEqual({
        id: expect.any(Number),
        toolName: 'query_memory',
        callerKind: 'agent',
        agentName: null,
        runId: null,
        queryPattern: 'p'.repeat(100),
        success: true,
        errorCode: null,
        durationMs: null,
        estimatedMs: null,
        responseBytes: null,
        truncated: false,
        servedBy: null,
        createdAt: START,
      });
      const full = await repository().record({
        toolName: 'send_email',
        callerKind: 'scheduler',
        agentName: 'mailer',
        runId: 'run-1',
        queryPattern: '   ',
        success: false,
        errorCode: 'TIMEOUT',
        durationMs: 30_000,
        estimatedMs: 2_000,
        responseBytes: 12,
        truncated: true,
        servedBy: 'remote:mail',
      });
      expect(full).toMatchObject({ queryPattern: 'auto', agentName: 'mailer', runId: 'run-1', errorCode: 'TIMEOUT', durationMs: 30_000, estimatedMs: 2_000, responseBytes: 12, truncated: true, servedBy: 'remote:mail' });
      expect((await toolErrorOf(repository().record({ toolName: ' ', callerKind: 'host', success: true }))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(repository().record({ toolName: 'x', callerKind: 'robot' as 'host', success: true }))).message).toMatch(/caller_kind/);
    });

    it('gives per-tool statistics, busiest first then by name in code point order, with the same figures on every adapter', async () => {
      const usage = repository();
      const rows: RecordToolUsageInput[] = [
        { toolName: 'query_memory', callerKind: 'host', success: true, durationMs: 120, responseBytes: 1_000, queryPattern: 'leo' },
        { toolName: 'query_memory', callerKind: 'host', success: false, durationMs: 900, responseBytes: null, errorCode: 'TIMEOUT', queryPattern: 'leo' },
        { toolName: 'query_memory', callerKind: 'agent', success: true, durationMs: 80, responseBytes: 2_001, truncated: true, queryPattern: 'budget' },
        { toolName: 'query_memory', callerKind: 'host', success: false, durationMs: null, errorCode: 'INVALID_ARGUMENT' },
        { toolName: 'query_memory', callerKind: 'host', success: false, durationMs: 40, errorCode: 'TIMEOUT', queryPattern: 'Leo' },
        { toolName: 'Zeta', callerKind: 'host', success: true },
        { toolName: 'alpha', callerKind: 'host', success: true, durationMs: 5, responseBytes: 3 },
        { toolName: 'alpha', callerKind: 'host', success: true, durationMs: 7, responseBytes: 4 },
        { toolName: 'beta', callerKind: 'host', success: true, durationMs: 1 },
        { toolName: 'beta', callerKind: 'host', success: true, durationMs: 2 },
        { toolName: 'Zeta', callerKind: 'cli', success: false },
      ];
      await usage.record({ toolName: 'query_memory', callerKind: 'host', success: false, durationMs: 99_999 }); // before `since`
      clock().advance(60_000);
      for (const row of rows) {
        await usage.record(row);
        clock().advance(1_000);
      }
      const since = '2026-04-01T08:01:00.000Z';
      const page = await usage.statistics({ since }, {});
      expect(page.total).toBe(4);
      expect(page.items.map((item) => item.toolName)).toEqual(['query_memory', 'Zeta', 'alpha', 'beta']);
      expect(page.items[0]).toEqual({
        toolName: 'query_memory',
        calls: 5,
        successes: 2,
        failures: 3,
        errorRate: 0.6,
        p50DurationMs: 80,
        p95DurationMs: 900,
        avgBytes: 1_501,
        maxBytes: 2_001,
        truncatedCount: 1,
        firstUsedAt: '2026-04-01T08:01:00.000Z',
        lastUsedAt: '2026-04-01T08:01:04.000Z',
      });
      expect(page.items[1]).toEqual({
        toolName: 'Zeta',
        calls: 2,
        successes: 1,
        failures: 1,
        errorRate: 0.5,
        p50DurationMs: null,
        p95DurationMs: null,
        avgBytes: null,
        maxBytes: null,
        truncatedCount: 0,
        firstUsedAt: '2026-04-01T08:01:05.000Z',
        lastUsedAt: '2026-04-01T08:01:10.000Z',
      });
      expect(page.items[2]).toMatchObject({ toolName: 'alpha', avgBytes: 4, p50DurationMs: 5, p95DurationMs: 7 });
      const second = await usage.statistics({ since }, { limit: 2, cursor: (await usage.statistics({ since }, { limit: 2 })).next_cursor });
      expect(second.items.map((item) => item.toolName)).toEqual(['alpha', 'beta']);

      const one = await usage.statistics({ since, toolName: 'query_memory' }, {});
      expect(one.total).toBe(1);
      expect(one.items[0]?.topPatterns).toEqual([
        { pattern: 'leo', count: 2 },
        { pattern: 'Leo', count: 1 },
        { pattern: 'auto', count: 1 },
        { pattern: 'budget', count: 1 },
      ]);
      expect(one.items[0]?.errorCodes).toEqual([
        { code: 'TIMEOUT', count: 2 },
        { code: 'INVALID_ARGUMENT', count: 1 },
      ]);
      expect(page.items[0]?.topPatterns).toBeUndefined();
      expect((await usage.statistics({ since: '2026-04-01T00:00:00.000Z', toolName: 'query_memory' }, {})).items[0]).toMatchObject({ calls: 6, p95DurationMs: 99_999 });
      expect(await usage.statistics({ since: '2026-05-01T00:00:00.000Z' }, {})).toMatchObject({ items: [], total: 0 });
    });

    it('takes nearest-rank percentiles of durations and sizes, whatever the number of calls', async () => {
      const usage = repository();
      const random = pseudoRandom(7);
      const durations: Record<string, number[]> = {};
      const sizes: Record<string, number[]> = {};
      for (let n = 1; n <= 23; n += 1) {
        const tool = `tool_${String(n).padStart(2, '0')}`;
        durations[tool] = [];
        sizes[tool] = [];
        const rows: RecordToolUsageInput[] = [];
        for (let i = 0; i < n; i += 1) {
          const durationMs = (random.next().value ?? 0) % 5_000;
          const responseBytes = i % 3 === 0 ? null : (random.next().value ?? 0) % 100_000;
          durations[tool].push(durationMs);
          if (responseBytes !== null) sizes[tool].push(responseBytes);
          rows.push({ toolName: tool, callerKind: 'host', success: true, durationMs, responseBytes });
        }
        expect(await usage.recordIfFree(rows)).toBe(true);
      }
      const stats = await usage.statistics({ since: START }, { limit: 100 });
      for (const item of stats.items) {
        expect({ tool: item.toolName, p50: item.p50DurationMs, p95: item.p95DurationMs }).toEqual({
          tool: item.toolName,
          p50: nearestRank(durations[item.toolName] ?? [], 0.5),
          p95: nearestRank(durations[item.toolName] ?? [], 0.95),
        });
        const toolSizes = sizes[item.toolName] ?? [];
        const average = toolSizes.length === 0 ? null : Math.round(toolSizes.reduce((a, b) => a + b, 0) / toolSizes.length);
        expect({ tool: item.toolName, avgBytes: item.avgBytes, maxBytes: item.maxBytes }).toEqual({
          tool: item.toolName,
          avgBytes: average,
          maxBytes: toolSizes.length === 0 ? null : Math.max(...toolSizes),
        });
        expect({ tool: item.toolName, performance: await usage.performanceSince(item.toolName, START) }).toEqual({
          tool: item.toolName,
          performance: {
            samples: durations[item.toolName]?.length,
            p50DurationMs: nearestRank(durations[item.toolName] ?? [], 0.5),
            p95DurationMs: nearestRank(durations[item.toolName] ?? [], 0.95),
            p50ResponseBytes: nearestRank(toolSizes, 0.5) ?? 0,
            p95ResponseBytes: nearestRank(toolSizes, 0.95) ?? 0,
          },
        });
      }
      expect(stats.total).toBe(23);
    });

    it('counts successful (tool, pattern) pairs for pattern detection, in code point order, without "auto" when asked', async () => {
      const usage = repository();
      const record = (toolName: string, queryPattern: string, success = true) => usage.record({ toolName, callerKind: 'host', success, queryPattern });
      await record('search_documents', 'Q3 report');
      clock().advance(1_000);
      await record('search_documents', 'Q3 report');
      await record('search_documents', 'q3 report');
      await record('search_documents', 'budget', false);
      await record('Query', 'auto');
      await record('Query', 'x');
      const all = await usage.patternCounts({ since: START });
      expect(all).toEqual([
        { toolName: 'Query', queryPattern: 'auto', occurrences: 1, lastUsedAt: '2026-04-01T08:00:01.000Z' },
        { toolName: 'Query', queryPattern: 'x', occurrences: 1, lastUsedAt: '2026-04-01T08:00:01.000Z' },
        { toolName: 'search_documents', queryPattern: 'Q3 report', occurrences: 2, lastUsedAt: '2026-04-01T08:00:01.000Z' },
        { toolName: 'search_documents', queryPattern: 'q3 report', occurrences: 1, lastUsedAt: '2026-04-01T08:00:01.000Z' },
      ]);
      expect((await usage.patternCounts({ since: START, excludeAuto: true })).map((row) => row.queryPattern)).toEqual(['x', 'Q3 report', 'q3 report']);
      expect(await usage.patternCounts({ since: '2026-04-01T08:00:02.000Z' })).toEqual([]);
    });

    it('lists rows since a time oldest first up to the limit, writes batches in order, and purges older rows', async () => {
      const usage = repository();
      const row = { toolName: 'query_memory', callerKind: 'host' as const, success: true, durationMs: 5, truncated: false };
      expect(await usage.recordIfFree([row, { ...row, toolName: 'list_facts' }])).toBe(true);
      expect(await usage.recordIfFree([])).toBe(true);
      clock().advanceDays(2);
      await usage.record({ ...row, toolName: 'later' });
      expect((await usage.listSince('2026-01-01T00:00:00.000Z', 10)).map((r) => r.toolName)).toEqual(['query_memory', 'list_facts', 'later']);
      expect((await usage.listSince('2026-01-01T00:00:00.000Z', 2)).map((r) => r.toolName)).toEqual(['query_memory', 'list_facts']);
      expect((await usage.listSince('2026-04-02T00:00:00.000Z', 10)).map((r) => r.toolName)).toEqual(['later']);
      // The metrics' narrow read: capped, the newest first (a long log's latest calls, not its earliest).
      expect(await usage.callSamplesSince('2026-01-01T00:00:00.000Z', 2)).toEqual([
        { toolName: 'later', success: true, errorCode: null, durationMs: 5, estimatedMs: null, truncated: false, createdAt: expect.any(String) },
        { toolName: 'list_facts', success: true, errorCode: null, durationMs: 5, estimatedMs: null, truncated: false, createdAt: expect.any(String) },
      ]);
      expect(await usage.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(2);
      expect(await usage.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(0);
      expect((await usage.listSince('2026-01-01T00:00:00.000Z', 10)).map((r) => r.toolName)).toEqual(['later']);
    });
  });
}

/** Declares the skill suggestions repository contract as a jest `describe` block named after the adapter. */
export function describeSkillSuggestionsRepositoryContract(name: string, open: OpenRepository<SkillSuggestionsRepository>): void {
  const { expect, it } = contractJest();
  const suggestion = (signature: string, confidence: number, occurrences = 5): UpsertSkillSuggestionInput => ({
    signature,
    toolName: 'search_documents',
    patterns: ['q3 report', 'q4 report'],
    description: `Searches for ${signature}`,
    suggestedName: `${signature}-agent`,
    suggestedCapabilities: ['documents.read'],
    occurrences,
    confidence,
  });

  describeRepositoryContract('SkillSuggestionsRepository', name, open, START, ({ clock, repository }) => {
    it('creates a pending suggestion, then refreshes it while pending', async () => {
      const suggestions = repository();
      const first = await suggestions.upsertBySignature(suggestion('reports', 0.7));
      expect(first).toEqual({
        created: true,
        updated: false,
        suggestion: {
          id: expect.any(Number),
          signature: 'reports',
          toolName: 'search_documents',
          patterns: ['q3 report', 'q4 report'],
          description: 'Searches for reports',
          suggestedName: 'reports-agent',
          suggestedCapabilities: ['documents.read'],
          occurrences: 5,
          confidence: 0.7,
          status: 'pending',
          agentName: null,
          rejectReason: null,
          createdAt: START,
          updatedAt: START,
        },
      });
      clock().advance(60_000);
      const again = await suggestions.upsertBySignature({ ...suggestion('reports', 0.85, 9), patterns: ['a'] });
      expect(again).toMatchObject({
        created: false,
        updated: true,
        suggestion: { id: first.suggestion.id, occurrences: 9, confidence: 0.85, patterns: ['a'], createdAt: START, updatedAt: '2026-04-01T08:01:00.000Z' },
      });
      expect(await suggestions.get(first.suggestion.id)).toEqual(again.suggestion);
      expect(await suggestions.get(first.suggestion.id + 1000)).toBeUndefined();
      expect((await toolErrorOf(suggestions.upsertBySignature(suggestion('bad', 1.5)))).code).toBe('INVALID_ARGUMENT');
    });

    it('never re-opens a rejected or accepted suggestion', async () => {
      const suggestions = repository();
      const rejected = await suggestions.upsertBySignature(suggestion('rejected', 0.5));
      const accepted = await suggestions.upsertBySignature(suggestion('accepted', 0.5));
      expect(await suggestions.reject(rejected.suggestion.id, '  not useful  ')).toMatchObject({ status: 'rejected', rejectReason: 'not useful' });
      expect(await suggestions.markAccepted(accepted.suggestion.id, 'report-finder')).toMatchObject({ status: 'accepted', agentName: 'report-finder' });
      clock().advance(1_000);
      for (const signature of ['rejected', 'accepted']) {
        const result = await suggestions.upsertBySignature(suggestion(signature, 0.99, 50));
        expect(result).toMatchObject({ created: false, updated: false, suggestion: { confidence: 0.5, occurrences: 5, updatedAt: START } });
      }
    });

    it('rejects idempotently, keeping an earlier reason, and refuses to reject an accepted one', async () => {
      const suggestions = repository();
      const { suggestion: made } = await suggestions.upsertBySignature(suggestion('s', 0.5));
      expect(await suggestions.reject(made.id, 'noise')).toMatchObject({ status: 'rejected', rejectReason: 'noise' });
      expect(await suggestions.reject(made.id)).toMatchObject({ status: 'rejected', rejectReason: 'noise' });
      expect(await suggestions.reject(made.id + 1000)).toBeUndefined();
      const { suggestion: other } = await suggestions.upsertBySignature(suggestion('t', 0.5));
      await suggestions.markAccepted(other.id, 'my-agent');
      const error = await toolErrorOf(suggestions.reject(other.id, 'changed my mind'));
      expect(error).toMatchObject({ code: 'CONFLICT', message: `Skill suggestion ${other.id} was already accepted (agent my-agent).` });
      expect((await suggestions.get(other.id))?.status).toBe('accepted');
      expect(await suggestions.markAccepted(other.id + 1000, 'x')).toBeUndefined();
    });

    it('lists by confidence, highest first, then oldest, filtered by status, with the total and pages', async () => {
      const suggestions = repository();
      const ids: Record<string, number> = {};
      for (const [signature, confidence] of [['a', 0.4], ['b', 0.9], ['c', 0.4], ['d', 0.65]] as const) {
        ids[signature] = (await suggestions.upsertBySignature(suggestion(signature, confidence))).suggestion.id;
      }
      await suggestions.reject(ids['d'] ?? 0);
      const all = await suggestions.list({}, {});
      expect(all.items.map((s) => s.signature)).toEqual(['b', 'd', 'a', 'c']);
      expect(all.total).toBe(4);
      expect((await suggestions.list({ status: 'pending' }, { limit: 2 })).items.map((s) => s.signature)).toEqual(['b', 'a']);
      const next = await suggestions.list({ status: 'pending' }, { limit: 2 });
      expect((await suggestions.list({ status: 'pending' }, { limit: 2, cursor: next.next_cursor })).items.map((s) => s.signature)).toEqual(['c']);
      expect((await suggestions.list({ status: 'rejected' }, {})).total).toBe(1);
      expect((await toolErrorOf(suggestions.list({ status: 'maybe' as 'pending' }, {}))).code).toBe('INVALID_ARGUMENT');
    });

    it('keeps one suggestion when several analyses upsert the same signature at once', async () => {
      const suggestions = repository();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => suggestions.upsertBySignature(suggestion('same', i / 10))));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.suggestion.id)).size).toBe(1);
      expect((await suggestions.list({}, {})).total).toBe(1);
    });
  });
}

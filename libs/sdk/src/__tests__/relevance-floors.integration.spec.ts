/**
 * Semantic recall never answers with facts that are merely "nearest": a query unrelated to every stored fact gets
 * nothing from vector recall, and enrich_person for a name nobody stored returns no facts, mails or messages —
 * with the real embedder and every fact vector written.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createSilentLogger, type ToolRunResult } from '@chief-of-staff/core';
import { facts, openDatabase, type CosDatabase } from '@chief-of-staff/sqlite';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

type Row = Record<string, unknown>;

function valueOf(result: ToolRunResult): Row {
  if (!result.ok) throw new Error(`tool failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const STORED = [
  { category: 'relationship', key: 'person.Dana Levi.role', value: 'Dana Levi leads the payments team' },
  { category: 'relationship', key: 'person.Omer Katz.coffee', value: 'Omer Katz drinks a double espresso before standup' },
  { category: 'relationship', key: 'person.Jane Smith.birthday', value: 'Jane Smith was born on 4 May' },
  { category: 'work', key: 'budget.q3', value: 'The Q3 marketing budget is 120k euros' },
  { category: 'work', key: 'vendor.metricly', value: 'Metricly renews on 1 September with 60 days notice' },
  { category: 'preference', key: 'meetings', value: 'No meetings before 10 on Mondays' },
  { category: 'personal', key: 'car.service', value: 'The hatchback is due for service in October at the Mill Road garage' },
  { category: 'personal', key: 'dentist', value: 'Dentist check-up with Dr. Okafor on 3 June' },
] as const;

describe('relevance floors on semantic recall', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;
  let database: CosDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-floors-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger() });
    for (const fact of STORED) expect((await cos.callTool('store_fact', fact)).ok).toBe(true);
    database = openDatabase({ dataDir });
    // Vectors are written in the background: wait until every fact has one, so recall really runs over them.
    const deadline = Date.now() + 60_000;
    while (database.db.select().from(facts).where(eq(facts.embeddingStatus, 'ok')).all().length < STORED.length) {
      if (Date.now() > deadline) throw new Error('fact vectors were not written within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    database.close();
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('still finds a stored fact by meaning', async () => {
    const result = valueOf(await cos.callTool('query_memory', { query: 'when does the analytics vendor contract renew' }));
    expect((result.items as Row[]).map((item) => item.key)).toContain('vendor.metricly');
  });

  it('returns nothing for queries unrelated to any stored fact', async () => {
    for (const query of ['quantum chromodynamics on a lattice', 'knitting patterns for winter scarves', 'Zorblax Quentworth']) {
      const result = valueOf(await cos.callTool('query_memory', { query }));
      expect({ query, items: result.items }).toEqual({ query, items: [] });
    }
  });

  it('enrich_person for a name nobody stored returns no facts, mails or messages, every time', async () => {
    for (let call = 0; call < 100; call++) {
      const result = valueOf(await cos.callTool('enrich_person', { name: 'Nobody Atall' }));
      expect(result.facts ?? []).toEqual([]);
      expect(result.recent_emails ?? []).toEqual([]);
      expect(result.recent_messages ?? []).toEqual([]);
    }
    const last = valueOf(await cos.callTool('enrich_person', { name: 'Nobody Atall' }));
    expect((last.sources as Record<string, { message?: string }>).facts?.message).toMatch(/Nothing stored mentions Nobody Atall/);
  }, 120_000);

  it('enrich_person keeps only facts that mention the person', async () => {
    const result = valueOf(await cos.callTool('enrich_person', { name: 'Dana Levi' }));
    const keys = (result.facts as Row[]).map((fact) => fact.key);
    expect(keys).toContain('person.Dana Levi.role');
    for (const fact of result.facts as Row[]) expect(`${String(fact.key)} ${String(fact.value)}`).toMatch(/Dana Levi/);
  });
});

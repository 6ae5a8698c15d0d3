/**
 * One conversation through the MCP server as a user gets it: a fresh data directory, every turn stored with
 * `store_fact`, the semantic index left to finish (every fact's `embedding_status` is `ok`), then every question asked
 * through `query_memory`. Returns the ranked turn ids (fact keys) per question and what each phase cost.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectSourceServer } from '../mcp/source-server-client.js';
import { turnFactValue, type Conversation } from './locomo-conversations.js';

export const RESULTS_ASKED = 10;
const INDEX_TIMEOUT_MS = 600_000;

export interface McpMemoryRun {
  dataDir: string;
  /** Per question, the keys of the facts `query_memory` returned, best first. */
  ranked: string[][];
  storeMs: number;
  /** From the last store_fact until every fact had its vector. */
  indexMs: number;
  /** Wall time of each query_memory call. */
  queryMs: number[];
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

async function pendingFacts(client: Client): Promise<number> {
  let pending = 0;
  let cursor: string | null = null;
  do {
    const page = (await call(client, 'list_facts', { limit: 200, ...(cursor ? { cursor } : {}) })) as {
      items: { embedding_status: string }[];
      next_cursor: string | null;
    };
    pending += page.items.filter((fact) => fact.embedding_status !== 'ok').length;
    cursor = page.next_cursor;
  } while (cursor);
  return pending;
}

/** The session a turn belongs to, as the thread its facts share (what "stored in sequence" means for neighbours). */
export function sessionThread(conversation: string, session: number): string {
  return `${conversation} session ${session}`;
}

export async function runConversationOverMcp(conversation: Conversation): Promise<McpMemoryRun> {
  const dataDir = mkdtempSync(join(tmpdir(), `cos-bench-memory-recall-${conversation.name}-`));
  const client = await connectSourceServer(dataDir, 'memory-recall-bench');
  try {
    const storing = performance.now();
    for (const turn of conversation.turns) {
      await call(client, 'store_fact', {
        category: 'personal',
        key: turn.id,
        value: turnFactValue(turn),
        source_ref: { provider: 'message', thread_id: sessionThread(conversation.name, turn.session), timestamp: turn.date, from_identity: turn.speaker },
        // When the session took place: what a "when" question is answered from, and what a date in a question matches.
        observed_at: turn.date,
      });
    }
    const storeMs = performance.now() - storing;
    const indexing = performance.now();
    while ((await pendingFacts(client)) > 0) {
      if (performance.now() - indexing > INDEX_TIMEOUT_MS) throw new Error(`${conversation.name}: fact vectors still pending after ${INDEX_TIMEOUT_MS / 1000} s`);
      await new Promise((done) => setTimeout(done, 500));
    }
    const indexMs = performance.now() - indexing;
    const ranked: string[][] = [];
    const queryMs: number[] = [];
    for (const question of conversation.questions) {
      const started = performance.now();
      const page = (await call(client, 'query_memory', { query: question.text, limit: RESULTS_ASKED })) as { items: { key: string }[] };
      queryMs.push(performance.now() - started);
      ranked.push(page.items.map((item) => item.key));
    }
    return { dataDir, ranked, storeMs, indexMs, queryMs };
  } finally {
    await client.close();
  }
}

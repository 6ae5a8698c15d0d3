/**
 * Every built-in agent's instructions name only tools this build serves — checked against the assembled catalogue,
 * not the capability table, so a prompt can never send an agent after a tool that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

/** How tool names start; other snake_case words in prompts are capabilities, agents, statuses or config keys. */
const TOOL_VERBS = /^(list|get|search|create|update|delete|store|check|send|reply|mark|move|find|run|dispatch|dismiss|complete|enrich|query|ingest|process|record|analyze|auto|reject|export|import|link|unlink|summarize|cancel|evaluate)_[a-z0-9_]+$/;

describe('built-in agent prompts', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-prompts-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('name only tools that are served', () => {
    const served = new Set(cos.tools.map((tool) => tool.name));
    const agents = new Set(cos.agents.registry.list().map((entry) => entry.config.name));
    const unserved: string[] = [];
    for (const entry of cos.agents.registry.list().filter((candidate) => candidate.origin === 'builtin')) {
      for (const word of entry.config.system_prompt.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []) {
        if (TOOL_VERBS.test(word) && !served.has(word) && !agents.has(word)) unserved.push(`${entry.config.name}: ${word}`);
      }
    }
    expect([...new Set(unserved)]).toEqual([]);
  });
});

/** Benchmarks for the two things every process and every tool call pays for: loading config and validating input. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { loadConfig } from './config/load-config.js';
import { defineTool } from './tools/tool-definition.js';
import { validateToolInput } from './tools/run-tool.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-config-'));
writeFileSync(join(dataDir, 'cos.config.yaml'), 'agents:\n  maxRounds: 10\nuser:\n  name: Dana\n  handles: [dana]\n');
const env = { COS_DATA_DIR: dataDir, COS_TIMEZONE: 'Europe/London', COS_LOOP_WARN_AT: '4' };

const createDelegation = defineTool({
  name: 'create_delegation',
  title: 'Create delegation',
  description: 'Records a task handed to someone.',
  input: z
    .object({
      task: z.string().trim().min(1).max(200),
      delegated_to: z.string().trim().min(1).max(200),
      description: z.string().max(10_000).optional(),
      due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
      priority: z.enum(['low', 'medium', 'high', 'critical']).default('medium'),
      tags: z.array(z.string()).max(20).default([]),
    })
    .strict(),
  output: z.object({ id: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  latency: 'fast',
  handler: async () => ({ id: 1 }),
});

const validInput = { task: 'Prepare the Q3 board deck', delegated_to: 'Noa', due_date: '2026-12-01', priority: 'high', tags: ['board'] };
const invalidInput = { task: 'x', delegated_to: 'Noa', priority: 'urgent', colour: 'red' };

export const benchmarks = [
  { name: 'core: load config (file + env)', fn: () => loadConfig({ env, createDataDir: false }) },
  { name: 'core: validate tool input (valid)', fn: () => validateToolInput(createDelegation, validInput) },
  {
    name: 'core: validate tool input (invalid → error message)',
    fn: () => {
      try {
        validateToolInput(createDelegation, invalidInput);
      } catch {
        // expected: measuring the cost of building the actionable error
      }
    },
    peer: 'core: validate tool input (valid)',
  },
];

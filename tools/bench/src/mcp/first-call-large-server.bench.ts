/**
 * Does joining a large external server cost the first answer anything? Spawn → initialize → tools/list → the first
 * `tool_search` answered (`measureFirstAnswer`, as the cold-start benches measure a first call), on a data directory
 * whose servers file joins the 200-tool server of `large-tool-server.ts` (re-exported, so the search ranks its tools)
 * against the same setup with no server, alternated in one run, 9 rounds, medians compared. Goal: with / without
 * ≤ 1.1 — embedding the new tool descriptions happens in the background, after the first answer.
 * The 2,000-tool server of `huge-tool-server.ts` joins in a fourth variant (`*_huge_call_ms`, `*_huge_call_ratio`):
 * reported, so a change shows what it does to the first answer at that scale.
 * Beside them, the same server serving one tool: 200 tools / one tool tells what the size of the catalogue costs from
 * what starting any external server costs. Each variant twice: on fresh directories (every spawn its own: the first
 * start after configuring the server) and on used ones (the same directory every time, as every later start).
 * `first_answer_external_share` is the share of 200-tool first answers that already listed one of its tools (on used
 * directories; `fresh_first_answer_external_share` on fresh ones, where nothing of the server is known before it has
 * joined, after the first answers).
 * Needs the bundled server (`npx nx bundle @chief-of-staff/mcp-server`).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile } from '../percentile.js';
import { measureFirstAnswer, type FirstAnswer } from './cold-start.js';
import { HUGE_SERVER_TOOLS, prepareHugeServerDataDir } from './huge-tool-server.js';
import { LARGE_SERVER_NAME, LARGE_SERVER_TOOLS, prepareLargeServerDataDir } from './large-tool-server.js';

const ROUNDS = 9;
const ourServer = resolve(import.meta.dirname, '..', '..', '..', '..', 'apps', 'mcp-server', 'dist', 'main.js');
/** A request one of the large server's tools answers by its own words, so a first answer that ranked them shows it. */
const FIRST_CALL = { name: 'tool_search', arguments: { query: 'create a merge request in a GitLab project', limit: 5 } };
/** External tools per variant: the 200-tool server, the same server with one tool, none, the 2,000-tool server. */
const VARIANTS = { large: LARGE_SERVER_TOOLS, one: 1, none: 0, huge: HUGE_SERVER_TOOLS } as const;
type Variant = keyof typeof VARIANTS;
const ORDER: readonly Variant[] = ['large', 'one', 'none', 'huge'];

const figures: Record<string, number[]> = {};
const record = (name: string, value: number) => (figures[name] ??= []).push(value);
const median = (name: string) => percentile([...(figures[name] ?? [])].sort((a, b) => a - b), 0.5);
const scratch: string[] = [];
const usedDirs: Partial<Record<Variant, string>> = {};
const externalAnswers = { fresh: 0, used: 0 };
const largeAnswers = { fresh: 0, used: 0 };
let round = 0;

function dataDir(variant: Variant): string {
  const dir = mkdtempSync(join(tmpdir(), `cos-bench-first-call-${variant}-`));
  scratch.push(dir);
  if (variant === 'huge') prepareHugeServerDataDir(dir);
  else prepareLargeServerDataDir(dir, VARIANTS[variant]);
  return dir;
}

const firstCall = (dir: string, lingerMs = 0): Promise<FirstAnswer> =>
  measureFirstAnswer(process.execPath, [ourServer], { PATH: process.env.PATH, COS_DATA_DIR: dir, COS_LOG_LEVEL: 'warn' }, FIRST_CALL, lingerMs);

/** A session long enough for the server's background work (external servers joined, lists kept) to finish. */
const SESSION_MS = 5_000;

function listsExternalTool(answer: unknown): boolean {
  const items = (answer as { items?: Array<{ name?: string }> } | undefined)?.items ?? [];
  return items.some((item) => item.name?.startsWith(`${LARGE_SERVER_NAME}__`) ?? false);
}

async function measureRound(): Promise<void> {
  // Which variant goes first rotates, so none always gets another's leftovers (page cache, a core still busy).
  const shift = round++ % ORDER.length;
  const order = [...ORDER.slice(shift), ...ORDER.slice(0, shift)];
  for (const state of ['fresh', 'used'] as const) {
    for (const variant of order) {
      const run = await firstCall(state === 'fresh' ? dataDir(variant) : (usedDirs[variant] as string));
      record(`${state}_${variant}_call_ms`, run.callMs);
      record(`${state}_${variant}_list_ms`, run.listMs);
      if (variant === 'large') {
        largeAnswers[state] += 1;
        if (listsExternalTool(run.answer)) externalAnswers[state] += 1;
      }
    }
  }
}

export const benchmarks = [
  {
    name: 'first call: tool_search with a 200-tool server joined vs. none (spawn → first answer, alternated)',
    iterations: ROUNDS,
    time: 0,
    setup: async () => {
      if (!existsSync(ourServer)) throw new Error('Build the server first: npx nx bundle @chief-of-staff/mcp-server');
      // A used directory is one a server ran on before, for a session: its own tool list and its external servers'
      // kept.
      for (const variant of ORDER) {
        usedDirs[variant] = dataDir(variant);
        await firstCall(usedDirs[variant] as string, SESSION_MS);
      }
    },
    fn: measureRound,
    metrics: () => {
      const out: Record<string, number> = {};
      for (const state of ['fresh', 'used']) {
        for (const variant of ORDER) out[`${state}_${variant}_call_ms`] = median(`${state}_${variant}_call_ms`);
        out[`${state}_call_ratio`] = median(`${state}_large_call_ms`) / median(`${state}_none_call_ms`);
        out[`${state}_list_ratio`] = median(`${state}_large_list_ms`) / median(`${state}_none_list_ms`);
        out[`${state}_call_ratio_vs_one_tool`] = median(`${state}_large_call_ms`) / median(`${state}_one_call_ms`);
        out[`${state}_huge_call_ratio`] = median(`${state}_huge_call_ms`) / median(`${state}_none_call_ms`);
      }
      out['first_answer_external_share'] = largeAnswers.used === 0 ? Number.NaN : externalAnswers.used / largeAnswers.used;
      out['fresh_first_answer_external_share'] = largeAnswers.fresh === 0 ? Number.NaN : externalAnswers.fresh / largeAnswers.fresh;
      return out;
    },
    goals: [
      { metric: 'fresh_call_ratio', max: 1.1 },
      { metric: 'used_call_ratio', max: 1.1 },
    ],
    teardown: () => {
      for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  },
];

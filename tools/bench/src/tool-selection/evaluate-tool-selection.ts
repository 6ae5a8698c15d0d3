/**
 * The tool-selection evaluation: every request set (intents, own-requests, third-party), each split (dev, test), each
 * ranker (ours, Lunr, MiniSearch) over the same catalogue, the peers' abstain thresholds calibrated on the dev halves,
 * and the goals. Own-tool sets run over our catalogue (built-in tools plus the intent set's fake servers); the
 * third-party set runs over that same catalogue with every recorded third-party tool served beside it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SemanticSource } from './semantic-similarity.js';
import {
  calibrateAbstainThreshold,
  isOffTopic,
  selectionFigures,
  type JudgedRanking,
  type SelectionFigures,
} from './selection-metrics.js';
import {
  builtInCatalogueTools,
  intentExternalTools,
  joinCatalogue,
  metaToolCatalogueTools,
  METATOOL_SERVER,
  thirdPartyCatalogueTools,
  thirdPartyToolName,
  type SelectionCatalogue,
} from './tool-selection-catalogue.js';
import {
  loadIntentSet,
  loadMetaTool,
  loadRecordedServers,
  METATOOL_DIR,
  loadRequestSet,
  TOOL_SELECTION_DIR,
  type RecordedServer,
  type SelectionRequest,
  type Split,
} from './selection-fixtures.js';
import {
  embeddingRanker,
  lunrRanker,
  miniSearchRanker,
  ourRankers,
  type RankedTool,
  type ToolRanker,
} from './tool-rankers.js';

export const RANKERS = ['ours', 'ours-shortlist', 'lunr', 'minisearch', 'embedding'] as const;
export type RankerName = (typeof RANKERS)[number];
export const SPLITS: readonly Split[] = ['dev', 'test'];

export interface RequestSet {
  name: string;
  /** Own-tool sets carry the own-tool goals; the third-party set the goal against the peers. */
  kind: 'own' | 'third-party';
  requests: SelectionRequest[];
  catalogue: SelectionCatalogue;
}

export interface SetFigures {
  set: string;
  kind: RequestSet['kind'];
  split: Split;
  ranker: RankerName;
  figures: SelectionFigures;
}

export interface SelectionGoalCheck {
  goal: string;
  set: string;
  split: Split;
  value: number | null;
  target: number;
  met: boolean;
  /** Only dev-split goals are enforced (`--check`); the held-out test half is measured, never tuned on. */
  enforced: boolean;
  /** A dev-split goal of a set whose floors are enforced instead (`TRACKED_SET_FLOORS`). */
  tracked?: boolean;
}

export interface SelectionMiss {
  set: string;
  q: string;
  want: string[];
  got: string[];
}

export interface SelectionEvaluation {
  catalogues: Record<string, number>;
  /** Whether our scorer was given the request-to-tool similarity, and how many texts had vectors. */
  semantic: SemanticSource['embedded'] | null;
  servers: Array<Pick<RecordedServer, 'server' | 'package' | 'version' | 'licence'> & { tools: number }>;
  missingSets: string[];
  /** Per peer: the top score below which it abstains, calibrated on the dev halves of every set. */
  peerThresholds: Record<string, number>;
  figures: SetFigures[];
  goals: SelectionGoalCheck[];
  /** Our dev-split misses, worst first (labelled tool ranked lowest or not at all; off-topic requests answered). */
  devMisses: SelectionMiss[];
  /** The same for the held-out halves: read to report, never to tune. */
  testMisses: SelectionMiss[];
}

export interface SelectionSources {
  intentsPath?: string;
  ownRequestsPath?: string;
  freshRequestsPath?: string;
  serversDir?: string;
  thirdPartyRequestsPath?: string;
  /** The MetaTool catalogue and development requests (`plugin_des.json`, `dev-queries.jsonl`). */
  metaToolDir?: string;
}

/** Loads the request sets and builds their catalogues; a set whose file is not there yet is left out and named. */
export function loadRequestSets(sources: SelectionSources = {}): {
  sets: RequestSet[];
  servers: RecordedServer[];
  missing: string[];
} {
  const intents = loadIntentSet(sources.intentsPath);
  const own = joinCatalogue([{ tools: builtInCatalogueTools() }, intentExternalTools(intents)]);
  const sets: RequestSet[] = [{ name: 'intents', kind: 'own', requests: intents.requests, catalogue: own }];
  const missing: string[] = [];
  const ownPath = sources.ownRequestsPath ?? join(TOOL_SELECTION_DIR, 'own-requests.json');
  if (existsSync(ownPath))
    sets.push({ name: 'own-requests', kind: 'own', requests: loadRequestSet(ownPath), catalogue: own });
  else missing.push(`own-requests (${ownPath})`);
  // Requests written from docs/mcp.md alone, without the scorer's keyword lists or lexicon, split like the others.
  const freshPath = sources.freshRequestsPath ?? join(TOOL_SELECTION_DIR, 'fresh-requests.json');
  if (existsSync(freshPath))
    sets.push({ name: 'fresh-requests', kind: 'own', requests: loadRequestSet(freshPath), catalogue: own });
  else missing.push(`fresh-requests (${freshPath})`);
  const servers = loadRecordedServers(sources.serversDir);
  const thirdPartyPath =
    sources.thirdPartyRequestsPath ?? join(TOOL_SELECTION_DIR, 'third-party', 'requests.json');
  if (servers.length > 0 && existsSync(thirdPartyPath)) {
    const full = joinCatalogue([own, { tools: thirdPartyCatalogueTools(servers) }]);
    sets.push({
      name: 'third-party',
      kind: 'third-party',
      requests: loadRequestSet(thirdPartyPath),
      catalogue: full,
    });
  } else {
    missing.push(`third-party (${servers.length === 0 ? 'no recorded servers' : thirdPartyPath})`);
  }
  // Written by others against a public catalogue of ChatGPT plugins: the third-party development set. Its other half
  // is measured outside the repository, so every request here is development data.
  const metaToolDir = sources.metaToolDir ?? METATOOL_DIR;
  if (existsSync(join(metaToolDir, 'plugin_des.json'))) {
    const { plugins, requests } = loadMetaTool(metaToolDir);
    sets.push({
      name: 'metatool',
      kind: 'third-party',
      requests: requests.map(({ q, tool }) => ({ q, tools: [thirdPartyToolName(METATOOL_SERVER, tool)], split: 'dev' })),
      catalogue: joinCatalogue([own, { tools: metaToolCatalogueTools(plugins) }]),
    });
  } else missing.push(`metatool (${metaToolDir})`);
  for (const set of sets) checkLabels(set);
  return { sets, servers, missing };
}

/** Every labelled tool must be in the set's catalogue, or the request could never be answered and recall would lie. */
function checkLabels(set: RequestSet): void {
  const names = new Set(set.catalogue.tools.map((tool) => tool.name));
  for (const request of set.requests) {
    const unknown = request.tools.filter((tool) => !names.has(tool));
    if (unknown.length > 0) {
      throw new Error(
        `${set.name}: request "${request.q}" is labelled with ${unknown.map((t) => `"${t}"`).join(', ')}, which the catalogue does not hold; ` +
          `use a built-in tool name or <server>__<tool> of a recorded server (lower-cased, other characters as _).`,
      );
    }
  }
}

function rankersFor(
  catalogue: SelectionCatalogue,
  cache: Map<SelectionCatalogue, ToolRanker[]>,
  semantic?: SemanticSource,
): ToolRanker[] {
  let rankers = cache.get(catalogue);
  if (!rankers) {
    rankers = [
      ...ourRankers(catalogue, semantic),
      lunrRanker(catalogue),
      miniSearchRanker(catalogue),
      ...(semantic ? [embeddingRanker(catalogue, semantic)] : []),
    ];
    cache.set(catalogue, rankers);
  }
  return rankers;
}

const topScore = (ranked: readonly RankedTool[]): number => ranked[0]?.score ?? 0;

const OWN_GOALS: Array<{ metric: keyof SelectionFigures; label: string; target: number }> = [
  { metric: 'recallAt4', label: 'recall@4', target: 0.92 },
  { metric: 'hebrewRecallAt4', label: 'Hebrew recall@4', target: 0.88 },
  { metric: 'abstainRate', label: 'abstain rate on off-topic', target: 0.85 },
  { metric: 'recallAt1', label: 'recall@1', target: 0.8 },
];
/**
 * Sets on which the own-tool goals are tracked rather than enforced, with the floors CI holds instead. The
 * own-requests set was written to avoid the words tools are described with, and is harder than the data those goals
 * were set against (the scorer of before reached recall@4 0.45 on it, against 0.81 on requests of that kind). Its dev
 * half now meets the goals, some by a single request (recall@1 0.804 is 74 of 92), so the floors a change must keep
 * are a request or two under what the scorer reaches (docs/adr/0076): a change that loses ground fails.
 */
export const TRACKED_SET_FLOORS: Readonly<Record<string, Partial<Record<keyof SelectionFigures, number>>>> = {
  // With the example requests that repeated its requests taken out (docs/adr/0094) its development half reaches
  // recall@4 0.911 (82 of 90), not the 0.924 the copies gave.
  // A best tool far ahead of the rest of its ranking fitting without corroboration (docs/adr/0100) took it to 0.922 (83
  // of 90) and recall@1 0.811; the floors are a request under.
  'own-requests': { recallAt4: 0.91, hebrewRecallAt4: 0.94, abstainRate: 0.85, recallAt1: 0.8 },
  // Written from docs/mcp.md alone, with off-topic requests chosen to share the domain's words ("tell me a joke about
  // calendars"): its development half reaches recall@4 0.925, Hebrew 0.941, recall@1 0.825 and abstains on 7 of 11
  // off-topic requests (docs/adr/0091). The floors are a request under that.
  // Without the copies it reaches recall@1 0.750 (docs/adr/0094). Declining a request that asks for something no tool
  // names ("tell me a joke about calendars") raised its abstention to 9 of 11; the floor is a request under.
  // A best tool's lead over its ranking (docs/adr/0100) took recall@4 to 0.950 (38 of 40), Hebrew to 0.941 and recall@1
  // to 0.800; the floors are a request under.
  // A word many tools share no longer vouching for a tool before what the request asks for (docs/adr/0101) took its
  // abstention to 10 of 11 (0.909); the floor is a request under.
  'fresh-requests': { recallAt4: 0.92, hebrewRecallAt4: 0.88, abstainRate: 0.81, recallAt1: 0.775 },
};
/**
 * Test halves that were read while the scorer was changed, so they are development data, whatever their `split` says
 * (docs/adr/0094): the intent set's (most of it is what the scorer was first written against, and a test asserts over
 * all of it), own-requests' (its misses were listed and keywords changed for them) and fresh-requests' (measured
 * whole before it was split). They are measured and printed as "test (read)"; none of their figures is held out.
 */
export const READ_TEST_HALVES: ReadonlySet<string> = new Set(['intents', 'own-requests', 'fresh-requests']);

/** Third-party recall@5 must be at least this multiple of the better peer's. */
export const PEER_MARGIN = 1.1;
/**
 * Per set, a margin other than `PEER_MARGIN` and the most on-topic requests that may go without any tool. The MetaTool
 * development set was written by others against a catalogue nobody here described (docs/adr/0094).
 */
export const THIRD_PARTY_SET_GOALS: Readonly<Record<string, { peerMargin: number; maxNoToolRate: number; enforced: boolean }>> = {
  metatool: { peerMargin: 1.15, maxNoToolRate: 0.05, enforced: true },
};

export function checkSelectionGoals(
  figures: readonly SetFigures[],
  missingSets: readonly string[] = [],
): SelectionGoalCheck[] {
  const checks: SelectionGoalCheck[] = [];
  const find = (set: string, split: Split, ranker: RankerName) =>
    figures.find((f) => f.set === set && f.split === split && f.ranker === ranker)?.figures;
  const sets = [...new Map(figures.map((f) => [f.set, f.kind])).entries()];
  for (const [set, kind] of sets) {
    for (const split of SPLITS) {
      const ours = find(set, split, 'ours');
      if (!ours) continue;
      const enforced = split === 'dev';
      if (kind === 'own') {
        const floors = TRACKED_SET_FLOORS[set];
        for (const { metric, label, target } of OWN_GOALS) {
          const value = ours[metric];
          checks.push({
            goal: `${set} ${split}: ${label} ≥ ${target}`,
            set,
            split,
            value,
            target,
            met: value !== null && value >= target - 1e-9,
            enforced: enforced && !floors,
            ...(floors && enforced ? { tracked: true } : {}),
          });
          const floor = floors?.[metric];
          if (floor !== undefined && enforced)
            checks.push({
              goal: `${set} ${split}: ${label} ≥ ${floor} (floor)`,
              set,
              split,
              value,
              target: floor,
              met: value !== null && value >= floor - 1e-9,
              enforced,
            });
        }
      } else {
        const peers = Math.max(
          find(set, split, 'lunr')?.recallAt5 ?? 0,
          find(set, split, 'minisearch')?.recallAt5 ?? 0,
        );
        const own = THIRD_PARTY_SET_GOALS[set];
        const margin = own?.peerMargin ?? PEER_MARGIN;
        const target = margin * peers;
        const value = ours.recallAt5;
        checks.push({
          goal: `${set} ${split}: recall@5 ≥ ${margin} × better peer`,
          set,
          split,
          value,
          target,
          met: value !== null && value >= target - 1e-9,
          enforced: enforced && (own?.enforced ?? true),
          ...(own && !own.enforced && enforced ? { tracked: true } : {}),
        });
        if (own)
          checks.push({
            goal: `${set} ${split}: no tool offered ≤ ${own.maxNoToolRate}`,
            set,
            split,
            value: ours.noToolRate,
            target: own.maxNoToolRate,
            met: ours.noToolRate !== null && ours.noToolRate <= own.maxNoToolRate + 1e-9,
            enforced: enforced && own.enforced,
            ...(!own.enforced && enforced ? { tracked: true } : {}),
          });
      }
    }
  }
  // A set that is not there cannot show its goal is met.
  for (const missing of missingSets)
    checks.push({
      goal: `${missing}: set not found`,
      set: missing,
      split: 'dev',
      value: null,
      target: 0,
      met: false,
      enforced: true,
    });
  return checks;
}

/** `semantic`: the similarity our scorer may fuse (built by buildSemanticSource over every set's tools and requests). */
export function evaluateToolSelection(
  sources: SelectionSources = {},
  options: { semantic?: SemanticSource } = {},
): SelectionEvaluation {
  const { sets, servers, missing } = loadRequestSets(sources);
  const cache = new Map<SelectionCatalogue, ToolRanker[]>();
  // Every ranker ranks every request once; thresholds and figures are computed from these.
  const runs = sets.map((set) => ({
    set,
    rankings: rankersFor(set.catalogue, cache, options.semantic).map((ranker) => ({
      ranker,
      results: set.requests.map((request) => ({ request, ranked: ranker.rank(request.q) })),
    })),
  }));
  const peerThresholds: Record<string, number> = {};
  const peers = new Set(
    runs.flatMap((run) => run.rankings.filter((r) => !r.ranker.abstainsItself).map((r) => r.ranker.name)),
  );
  for (const name of peers) {
    // Calibrated on the sets written here, as before the MetaTool set joined: it has no off-topic request, and its
    // 796 on-topic ones would outweigh every other set's.
    const dev = runs
      .filter((run) => run.set.name !== 'metatool')
      .flatMap((run) => run.rankings.filter((r) => r.ranker.name === name).flatMap((r) => r.results))
      .filter((result) => result.request.split === 'dev');
    peerThresholds[name] = calibrateAbstainThreshold(
      dev.filter((result) => !isOffTopic(result.request)).map((result) => topScore(result.ranked)),
      dev.filter((result) => isOffTopic(result.request)).map((result) => topScore(result.ranked)),
    );
  }
  const figures: SetFigures[] = [];
  const misses: Record<Split, Array<SelectionMiss & { rank: number }>> = { dev: [], test: [] };
  for (const { set, rankings } of runs) {
    for (const { ranker, results } of rankings) {
      const judged: JudgedRanking[] = results.map(({ request, ranked }) => {
        const tools = ranked.map((r) => r.tool);
        if (ranker.abstainsItself) return { request, ranked: tools, abstained: tools.length === 0 };
        // A peer's threshold (the embedding row's too) decides only whether it declines an off-topic request; its
        // on-topic recall is read from its whole ranking, the most favourable reading for the peer.
        return {
          request,
          ranked: tools,
          abstained: isOffTopic(request) && topScore(ranked) < (peerThresholds[ranker.name] ?? 0),
        };
      });
      for (const split of SPLITS) {
        const part = judged.filter((j) => j.request.split === split);
        if (part.length > 0)
          figures.push({
            set: set.name,
            kind: set.kind,
            split,
            ranker: ranker.name as RankerName,
            figures: selectionFigures(part),
          });
      }
      if (ranker.name === 'ours') {
        for (const { request, ranked } of judged) {
          const rank = isOffTopic(request)
            ? ranked.length === 0
              ? 1
              : 999
            : ranked.findIndex((tool) => request.tools.includes(tool)) + 1 || 1000;
          if (rank !== 1)
            misses[request.split].push({
              set: set.name,
              q: request.q,
              want: request.tools,
              got: ranked.slice(0, 4),
              rank,
            });
        }
      }
    }
  }
  return {
    catalogues: Object.fromEntries(sets.map((set) => [set.name, set.catalogue.tools.length])),
    semantic: options.semantic?.embedded ?? null,
    servers: servers.map((s) => ({
      server: s.server,
      package: s.package,
      version: s.version,
      licence: s.licence,
      tools: s.tools.length,
    })),
    missingSets: missing,
    peerThresholds,
    figures,
    goals: checkSelectionGoals(figures, missing),
    devMisses: worstFirst(misses.dev),
    testMisses: worstFirst(misses.test),
  };
}

function worstFirst(misses: Array<SelectionMiss & { rank: number }>): SelectionMiss[] {
  return misses.sort((a, b) => b.rank - a.rank).map(({ rank: _rank, ...miss }) => miss);
}

const f3 = (value: number | null | undefined) =>
  value === null || value === undefined ? 'n/a' : value.toFixed(3);

export function formatSelectionTable(evaluation: SelectionEvaluation): string {
  const lines = [
    '| set | split | ranker | requests (on / off-topic, HE) | recall@1 | recall@4 | recall@5 | MRR@10 | HE recall@4 | abstain | no tool |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { set, split, ranker, figures: f } of evaluation.figures) {
    lines.push(
      `| ${set} (${evaluation.catalogues[set]} tools) | ${split === 'test' && READ_TEST_HALVES.has(set) ? 'test (read)' : split} | ${ranker} | ${f.onTopic} / ${f.offTopic}, ${f.hebrewOnTopic} | ${f3(f.recallAt1)} | ${f3(f.recallAt4)} | ${f3(f.recallAt5)} | ${f3(f.mrrAt10)} | ${f3(f.hebrewRecallAt4)} | ${f3(f.abstainRate)} | ${f3(f.noToolRate)} |`,
    );
  }
  const thresholds = Object.entries(evaluation.peerThresholds)
    .map(([peer, t]) => `${peer} ${t.toFixed(3)}`)
    .join(', ');
  const semantic = evaluation.semantic;
  lines.push(
    '',
    semantic
      ? `Our scorer was given request-to-tool similarity (${semantic.tools} tools, ${semantic.queries} English requests embedded; ${semantic.fromCache} texts from the cache).`
      : 'Our scorer was given no request-to-tool similarity.',
  );
  lines.push(
    `Peers abstain when their top score is below a threshold calibrated on the dev halves: ${thresholds}.`,
  );
  if (evaluation.missingSets.length > 0)
    lines.push(`Not measured (file not there yet): ${evaluation.missingSets.join('; ')}.`);
  return lines.join('\n');
}

export function formatGoalLines(goals: readonly SelectionGoalCheck[]): string {
  return goals
    .map(
      (g) =>
        `${g.met ? 'met   ' : 'MISSED'} ${g.goal}: ${f3(g.value)} (target ${g.target.toFixed(3)})${g.enforced ? '' : g.tracked ? (TRACKED_SET_FLOORS[g.set] ? ' [tracked; its floor is enforced]' : ' [tracked, not enforced yet]') : READ_TEST_HALVES.has(g.set) ? ' [test half already read: development data, reported only]' : ' [held-out, reported only]'}`,
    )
    .join('\n');
}

/**
 * Figures as flat numbers for the benchmark runner's `metrics` (`<set>_<split>_<ranker>_<figure>`): every figure of
 * ours and the peers' recall@5, so the runner's notes stay readable (the whole table is in tool-selection.json).
 */
export function flatSelectionMetrics(evaluation: SelectionEvaluation): Record<string, number> {
  const out: Record<string, number> = {};
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const ours = ['recallAt1', 'recallAt4', 'recallAt5', 'mrrAt10', 'hebrewRecallAt4', 'abstainRate', 'noToolRate'] as const;
  const peers = ['recallAt5'] as const;
  for (const { set, split, ranker, figures } of evaluation.figures) {
    const prefix = `${set.replace(/-/g, '_')}_${split}_${ranker.replace(/-/g, '_')}`;
    if (ranker === 'ours-shortlist' || ranker === 'embedding') continue;
    for (const key of ranker === 'ours' ? ours : peers) {
      const value = figures[key];
      if (value !== null) out[`${prefix}_${key}`] = round(value);
    }
  }
  out['dev_goals_missed'] = evaluation.goals.filter((g) => g.enforced && !g.met).length;
  out['test_goals_missed'] = evaluation.goals.filter((g) => !g.enforced && !g.tracked && !g.met).length;
  return out;
}

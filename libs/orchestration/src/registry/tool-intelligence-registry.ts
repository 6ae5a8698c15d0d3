/**
 * Builds the tool intelligence of a catalogue: each internal tool gets its domain's intent signals and the keywords
 * its definition declares, a priority from what it does (reads before writes before deletes, so an ambiguous request
 * lands on the harmless tool), latency from its declared tier, and the vocabulary lexical scoring matches against
 * (name parts widened with the ways people say them, title, description, keywords). External tools start from the
 * external defaults. Overrides from configuration win, and learned statistics refine typical latency and size once
 * there are enough samples.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LatencyTier, ToolExamples } from '@chief-of-staff/core';
import { createCatalogueIndex, type CatalogueIndex, type IndexedToolText } from '../scoring/catalogue-index.js';
import { formsOf } from '../scoring/normalize-text.js';
import { ACTION_WORDS, domainOfTool, domainProfile } from './domain-signals.js';
import { parameterHintsOf } from './parameter-hints.js';
import {
  EXTERNAL_TOOL_DEFAULTS,
  INTERNAL_TOOL_DEFAULTS,
  type ToolIntelligence,
  type ToolIntelligenceLookup,
  type ToolIntentSignal,
  type ToolStatisticsSource,
} from './tool-intelligence.js';

/** What the registry needs to know of a tool. */
export interface CatalogueToolInfo {
  name: string;
  title: string;
  description: string;
  latency?: LatencyTier;
  /** The input JSON schema, for the required and optional parameter hints and the parameters the index reads. */
  inputSchema?: { properties?: Record<string, unknown>; required?: readonly string[] };
  /** The definition's example requests and own keywords: a built-in tool's; an external tool has none. */
  examples?: ToolExamples;
}

export type ToolIntelligenceOverride = Partial<Omit<ToolIntelligence, 'name'>>;

export interface ToolIntelligenceRegistryOptions {
  tools: readonly CatalogueToolInfo[];
  overrides?: Readonly<Record<string, ToolIntelligenceOverride>>;
  statistics?: ToolStatisticsSource;
  /**
   * An index kept from the previous registry of the same catalogue: it is brought up to date (tools added, changed
   * or gone) instead of being rebuilt, so a server joining costs only its own tools.
   */
  catalogueIndex?: CatalogueIndex;
}

export interface ToolIntelligenceRegistry extends ToolIntelligenceLookup {
  /** Normalised word forms a request may share with the tool (lexical scoring). */
  vocabulary(name: string): ReadonlySet<string>;
  /** How people say the tool's action ("add", "תוסיף" for create_*); a match sharpens intent within a domain. */
  actionKeywords(name: string): readonly string[];
  /** The tools whose vocabulary holds a word form (the inverted vocabulary, so a request is matched once, not per tool). */
  toolsWithForm?(form: string): readonly string[] | undefined;
  /**
   * The tool's example requests (its override's, else its definition's), read without building its whole entry,
   * which would also read its learned statistics.
   */
  examples?(name: string): readonly string[];
  /** The BM25F index of the catalogue's names, titles, descriptions and parameters, built on first use. */
  catalogueIndex?(): CatalogueIndex;
  /**
   * Builds the catalogue index in the background, a slice of tools at a time with the event loop free between slices,
   * so requests that do not need it (a client's `initialize` and `tools/list`) are answered meanwhile. A
   * `catalogueIndex()` asked for before the last slice finishes the rest at once; the index is the same either way.
   */
  warmCatalogueIndex?(): Promise<void>;
}

/** Learned figures apply from this many successful samples. */
export const MIN_LEARNED_SAMPLES = 20;

const TYPICAL_MS: Record<LatencyTier, number> = { fast: 200, medium: 5_000, slow: 30_000, very_slow: 150_000 };
const READ_ACTIONS = new Set(['list', 'get', 'search', 'query', 'check', 'find', 'enrich']);

function basePriority(name: string): number {
  const action = name.split('_')[0] ?? '';
  if (READ_ACTIONS.has(action)) return 55;
  if (action === 'delete' || action === 'unlink' || action === 'clear') return 45;
  return INTERNAL_TOOL_DEFAULTS.priority;
}

const NO_EXAMPLES: readonly string[] = [];
// A definition's lists are constants: joined once, whichever registry of the catalogue reads them.
const joinedExamples = new WeakMap<ToolExamples, readonly string[]>();

/**
 * A definition's example requests, English first: built-in tools declare theirs; an external tool has only those its
 * server's overrides give it.
 */
function defaultExamplesOf(tool: CatalogueToolInfo | undefined): readonly string[] {
  const examples = tool?.examples;
  if (!examples) return NO_EXAMPLES;
  let joined = joinedExamples.get(examples);
  if (!joined) joinedExamples.set(examples, (joined = [...examples.en, ...examples.he]));
  return joined;
}

const NO_SIGNALS: readonly ToolIntentSignal[] = [];
// Like the examples, a definition's keywords become one signal, shared by every registry of the catalogue.
const keywordSignals = new WeakMap<NonNullable<ToolExamples['keywords']>, readonly ToolIntentSignal[]>();

/**
 * The signal of the words that single a tool out within its domain ("how many" for get_unread_count), from its
 * definition; English first. A tool that declares none (most, and every external one) has only its domain's.
 */
function ownSignalsOf(tool: CatalogueToolInfo): readonly ToolIntentSignal[] {
  const keywords = tool.examples?.keywords;
  if (!keywords) return NO_SIGNALS;
  let signals = keywordSignals.get(keywords);
  if (!signals) keywordSignals.set(keywords, (signals = [{ weight: keywords.weight, keywords: [...keywords.en, ...keywords.he] }]));
  return signals;
}

function defaultsFor(tool: CatalogueToolInfo): ToolIntelligence {
  const external = tool.name.includes('__');
  const defaults = external ? EXTERNAL_TOOL_DEFAULTS : INTERNAL_TOOL_DEFAULTS;
  const domain = external ? 'external' : domainOfTool(tool.name);
  const profile = domainProfile(domain);
  return {
    name: tool.name,
    server: external ? (tool.name.split('__')[0] ?? 'external') : 'internal',
    domain,
    patterns: [],
    priority: external ? defaults.priority : basePriority(tool.name),
    hierarchy: [],
    conflictsWith: [],
    latency: { ...defaults.latency, ...(tool.latency && !external ? { typicalMs: TYPICAL_MS[tool.latency], timeoutMs: tool.latency === 'fast' ? 30_000 : tool.latency === 'medium' ? 60_000 : 300_000 } : {}) },
    response: { ...defaults.response },
    intentSignals: [...(profile?.signals ?? []), ...ownSignalsOf(tool)],
    examples: defaultExamplesOf(tool),
    parameterHints: parameterHintsOf(tool.description, tool.inputSchema),
    progressVerb: profile?.progressVerb ?? 'Working',
  };
}

function vocabularyOf(tool: CatalogueToolInfo): Set<string> {
  const parts = tool.name.split(/__|_/);
  // Domain keywords are left out: they count once, as intent, not again as words shared by every tool of the domain.
  const words = [...parts, ...parts.flatMap((part) => ACTION_WORDS[part] ?? []), tool.title, tool.description.split(/Example:/)[0] ?? ''];
  return formsOf(words.join(' '));
}

/** What the index reads of a catalogue tool: its text, its parameters' names and descriptions, and its example requests. */
export function indexedTextOf(tool: CatalogueToolInfo, examples: readonly string[] = []): IndexedToolText {
  const properties = tool.inputSchema?.properties ?? {};
  const parameters = Object.entries(properties).map(([name, schema]) => {
    const description = schema !== null && typeof schema === 'object' && 'description' in schema && typeof schema.description === 'string' ? schema.description : undefined;
    return description === undefined ? { name } : { name, description };
  });
  return { name: tool.name, title: tool.title, description: tool.description, parameters, ...(examples.length > 0 ? { examples } : {}) };
}

type Entry = { intelligence: ToolIntelligence; vocabulary: () => Set<string>; actions: readonly string[]; statisticsPending: boolean };

/** Learned figures refine the typical latency and size once there are enough samples. */
function applyLearned(statistics: ToolStatisticsSource | undefined, intelligence: ToolIntelligence): void {
  const stats = statistics?.learnedStatistics(intelligence.name);
  if (stats && stats.samples >= MIN_LEARNED_SAMPLES) {
    // Timeouts are never learned: a slow streak must not quietly widen the limit.
    intelligence.latency = { ...intelligence.latency, typicalMs: stats.p50DurationMs };
    intelligence.response = { ...intelligence.response, typicalTokens: Math.ceil(stats.p50ResponseBytes / 4) };
  }
}

/** A tool's entry: its defaults under its override, its learned figures once its statistics are ready. */
function buildEntry(tool: CatalogueToolInfo, options: ToolIntelligenceRegistryOptions): Entry {
  const base = defaultsFor(tool);
  const override = options.overrides?.[tool.name] ?? {};
  // A tool placed in another domain (an external search tool, say) takes that domain's signals and verb.
  const placed = override.domain !== undefined && override.domain !== base.domain ? domainProfile(override.domain) : undefined;
  const intelligence: ToolIntelligence = {
    ...base,
    ...(placed ? { intentSignals: placed.signals, progressVerb: placed.progressVerb } : {}),
    ...override,
    latency: { ...base.latency, ...override.latency },
    response: { ...base.response, ...override.response },
    parameterHints: { ...base.parameterHints, ...override.parameterHints },
    name: tool.name,
  };
  const statisticsPending = options.statistics?.ready?.(tool.name) === false;
  if (!statisticsPending) applyLearned(options.statistics, intelligence);
  const action = tool.name.includes('__') ? undefined : tool.name.split('_')[0];
  // The vocabulary is read only without a catalogue index (its inverted form, or a tool at a time): built when asked.
  let vocabulary: Set<string> | undefined;
  return { intelligence, vocabulary: () => (vocabulary ??= vocabularyOf(tool)), actions: (action && ACTION_WORDS[action]) || [], statisticsPending };
}

/** Word form → the tools whose vocabulary holds it. */
function invertedVocabularyOf(entries: ReadonlyArray<[string, Entry]>): Map<string, string[]> {
  const inverted = new Map<string, string[]>();
  for (const [name, { vocabulary }] of entries) {
    for (const form of vocabulary()) {
      const tools = inverted.get(form);
      if (tools) tools.push(name);
      else inverted.set(form, [name]);
    }
  }
  return inverted;
}

/** How long one slice of a background index build keeps the event loop, at most (one tool's analysis over). */
const WARM_UP_SLICE_MS = 8;

/** An index build under way: the index so far, and how many of the catalogue's tools (in order) it has taken. */
interface IndexBuild {
  index: CatalogueIndex;
  added: number;
}

/**
 * The catalogue's index: the kept one brought up to date (only the difference touches its postings), else a new one;
 * a build under way is finished from the tool it reached.
 */
function catalogueIndexOf(options: ToolIntelligenceRegistryOptions, examplesOf: (name: string) => readonly string[], started?: IndexBuild): CatalogueIndex {
  const kept = started?.index ?? options.catalogueIndex;
  const texts = options.tools.slice(started?.added ?? 0).map((tool) => indexedTextOf(tool, examplesOf(tool.name)));
  if (!kept) return createCatalogueIndex(texts);
  const names = new Set(options.tools.map((tool) => tool.name));
  // add() skips tools whose text is unchanged.
  for (const text of texts) kept.add(text);
  for (const name of kept.names()) if (!names.has(name)) kept.remove(name);
  return kept;
}

export function createToolIntelligenceRegistry(options: ToolIntelligenceRegistryOptions): ToolIntelligenceRegistry {
  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
  // Entries are built on first use: a direct call needs one tool's entry, not the input schemas of the whole catalogue.
  const built = new Map<string, Entry>();
  const entry = (name: string): Entry | undefined => {
    const known = built.get(name);
    if (known?.statisticsPending && options.statistics?.ready?.(name) !== false) {
      known.statisticsPending = false;
      applyLearned(options.statistics, known.intelligence);
    }
    if (known) return known;
    const tool = toolsByName.get(name);
    if (!tool) return undefined;
    const fresh = buildEntry(tool, options);
    built.set(name, fresh);
    return fresh;
  };
  const allEntries = (): Array<[string, Entry]> => [...toolsByName.keys()].map((name) => [name, entry(name) as Entry]);
  let inverted: Map<string, string[]> | undefined;
  const examplesOf = (name: string): readonly string[] => options.overrides?.[name]?.examples ?? defaultExamplesOf(toolsByName.get(name));
  let index: CatalogueIndex | undefined;
  let build: IndexBuild | undefined;
  const catalogueIndex = (): CatalogueIndex => (index ??= catalogueIndexOf(options, examplesOf, build));
  const buildInSlices = async (started: IndexBuild): Promise<void> => {
    const { tools } = options;
    while (!index && started.added < tools.length) {
      const until = performance.now() + WARM_UP_SLICE_MS;
      while (started.added < tools.length && performance.now() < until) {
        const tool = tools[started.added] as CatalogueToolInfo;
        started.index.add(indexedTextOf(tool, examplesOf(tool.name)));
        started.added += 1;
      }
      await nextTurn();
    }
    catalogueIndex();
  };
  // Every caller waits for the one build.
  let warming: Promise<void> | undefined;
  return {
    catalogueIndex,
    warmCatalogueIndex: () => {
      if (index) return Promise.resolve();
      warming ??= buildInSlices((build = { index: options.catalogueIndex ?? createCatalogueIndex(), added: 0 }));
      return warming;
    },
    examples: examplesOf,
    get: (name) => entry(name)?.intelligence,
    list: () => allEntries().map(([, built]) => built.intelligence),
    vocabulary: (name) => entry(name)?.vocabulary() ?? new Set(),
    actionKeywords: (name) => entry(name)?.actions ?? [],
    toolsWithForm: (form) => (inverted ??= invertedVocabularyOf(allEntries())).get(form),
  };
}

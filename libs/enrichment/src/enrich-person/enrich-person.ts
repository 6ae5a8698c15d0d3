/**
 * `enrichPerson`: one call that gathers everything known about a person (docs/enrichment.md#how-a-call-runs). All six
 * sources start at once; identity resolution runs inside the identities task and the other sources receive its result
 * as a promise, so they wait for it only where they need the person's other names, emails and handles. Each source
 * has its own timeout and its failures stay in its own `sources` entry: the call as a whole fails only on
 * invalid input. A name that fits several people ends the other sources at once and answers with the candidates
 * instead of a profile, so two people's data are never mixed.
 */
import type { Clock, Logger } from '@chief-of-staff/core';
import { formatPersonLabel } from '../person-label/format-person-label.js';
import { parseEnrichPersonInput, type EnrichPersonResult, type SourceReport } from './enrich-person-schemas.js';
import { compareIdentities, resolvePerson, unresolvedPerson, type Ambiguity, type Resolution } from './resolve-person.js';
import { runSource, type SourceOutcome } from './run-source.js';
import { ENRICHMENT_SECTIONS, type EnrichmentSection } from './sections.js';
import { factItemSchema, identityItemSchema, type FactItem } from './section-items.js';
import {
  keepWellFormed,
  shapeDecisions,
  shapeDelegations,
  shapeEmails,
  shapeFacts,
  shapeIdentities,
  shapeMessages,
} from './shape-sections.js';
import type { EnrichmentSources, PersonSource, TimeWindow } from './source-ports.js';

/** Default per-source timeout (`enrichment.sourceTimeoutMs`). */
export const DEFAULT_SOURCE_TIMEOUT_MS = 5_000;

const DAY_MS = 86_400_000;

export interface EnrichPersonDeps extends EnrichmentSources {
  /** Per-source timeout in ms; default 5,000. */
  sourceTimeoutMs?: number | undefined;
  /** Where "now" comes from for the communications window; default the system clock. */
  clock?: Pick<Clock, 'now'> | undefined;
  logger?: Logger | undefined;
  /** Why an absent source is absent, e.g. "Mail provider not configured (providers.mail)." */
  unavailableReasons?: Partial<Record<EnrichmentSection, string>> | undefined;
}

export interface EnrichPersonOptions {
  /** The end of the communications window; default `deps.clock.now()`. */
  now?: Date | undefined;
  /** Cancels every source. */
  signal?: AbortSignal | undefined;
  /** The sections the caller may see; the others are reported as `skipped`. Default: all six. */
  sections?: Iterable<EnrichmentSection> | undefined;
  /** Called as each source settles, e.g. to report progress. */
  onSourceDone?: ((section: EnrichmentSection, report: SourceReport) => void) | undefined;
}

/** The port that feeds each section other than identities. */
const PERSON_SOURCE_KEYS = {
  facts: 'facts',
  delegations: 'delegations',
  decisions: 'decisions',
  recent_messages: 'messages',
  recent_emails: 'emails',
} as const satisfies Record<Exclude<EnrichmentSection, 'identities'>, keyof EnrichmentSources>;

type PersonSection = keyof typeof PERSON_SOURCE_KEYS;

const PERSON_SECTIONS = Object.keys(PERSON_SOURCE_KEYS) as PersonSection[];

const SHAPERS: Record<PersonSection, (rows: readonly unknown[]) => { items: readonly unknown[]; dropped: number }> = {
  facts: shapeFacts,
  delegations: shapeDelegations,
  decisions: shapeDecisions,
  recent_messages: shapeMessages,
  recent_emails: shapeEmails,
};

/** How a section's source was (or was not) run. */
type SectionRun =
  | { kind: 'skipped' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'ran'; outcome: SourceOutcome<unknown> };

interface SectionResult {
  items: readonly unknown[];
  report: SourceReport;
}

/** The communications window of docs/enrichment.md#where-each-section-comes-from: `[now − days_back days, now]`. */
export function communicationsWindow(now: Date, daysBack: number): TimeWindow {
  return { since: new Date(now.getTime() - daysBack * DAY_MS), until: new Date(now.getTime()) };
}

export async function enrichPerson(
  deps: EnrichPersonDeps,
  input: unknown,
  options: EnrichPersonOptions = {},
): Promise<EnrichPersonResult> {
  const { name, days_back: daysBack } = parseEnrichPersonInput(input);
  const window = communicationsWindow(options.now ?? deps.clock?.now() ?? new Date(), daysBack);
  const allowed = new Set<EnrichmentSection>(options.sections ?? ENRICHMENT_SECTIONS);
  const runOptions = (section: EnrichmentSection) => ({
    section,
    timeoutMs: deps.sourceTimeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS,
    signal: options.signal,
    logger: deps.logger,
  });
  const unavailable = (section: EnrichmentSection): SectionRun => ({
    kind: 'unavailable',
    message: deps.unavailableReasons?.[section] ?? `No ${section.replace('_', ' ')} source is configured.`,
  });
  const settle = (section: EnrichmentSection, result: SectionResult): SectionResult => {
    options.onSourceDone?.(section, result.report);
    return result;
  };

  // A caller that may not read identities gets no resolution either: the other sections then search for the
  // name as given, so identity data cannot leak into them.
  const fallback: Resolution = { kind: 'person', person: unresolvedPerson(name), identities: [] };
  // Fired when the name turns out to fit several people: the other sources' work would be thrown away.
  const ambiguous = new AbortController();
  const identitiesSource = deps.identities;
  const identitiesTask = (async (): Promise<{ run: SectionRun; resolution: Resolution | Ambiguity; dropped: number }> => {
    if (!allowed.has('identities')) return { run: { kind: 'skipped' }, resolution: fallback, dropped: 0 };
    if (!identitiesSource) return { run: unavailable('identities'), resolution: fallback, dropped: 0 };
    const outcome = await runSource((signal) => identitiesSource({ name, signal }), runOptions('identities'));
    const { items, dropped } = keepWellFormed(identityItemSchema, outcome.items);
    const resolution = items.length > 0 ? resolvePerson(name, items) : fallback;
    if (resolution.kind === 'ambiguous') ambiguous.abort();
    return { run: { kind: 'ran', outcome }, resolution, dropped };
  })();
  // Sources awaiting the person after an ambiguity have already been stopped; the name alone keeps the promise whole.
  const person = identitiesTask.then((task) => (task.resolution.kind === 'person' ? task.resolution : fallback).person);
  const personSignal = options.signal ? AbortSignal.any([options.signal, ambiguous.signal]) : ambiguous.signal;

  const personTask = async (section: PersonSection): Promise<SectionRun> => {
    if (!allowed.has(section)) return { kind: 'skipped' };
    const source = deps[PERSON_SOURCE_KEYS[section]] as PersonSource<unknown> | undefined;
    if (!source) return unavailable(section);
    const outcome = await runSource((signal) => source({ name, person, window, signal }), {
      ...runOptions(section),
      signal: personSignal,
    });
    return { kind: 'ran', outcome };
  };

  const [identities, ...others] = await Promise.all([
    identitiesTask.then((task) => {
      const own = task.resolution.kind === 'person' ? task.resolution.identities : [];
      const shaped = shapeIdentities(own, compareIdentities(name));
      return { task, result: settle('identities', sectionResult(task.run, shaped.items, task.dropped)) };
    }),
    ...PERSON_SECTIONS.map(async (section) => {
      const run = await personTask(section);
      if (ambiguous.signal.aborted && run.kind === 'ran') return { section, run, result: settle(section, notSearched(name)) };
      const shaped = run.kind === 'ran' ? SHAPERS[section](run.outcome.items) : { items: [], dropped: 0 };
      return { section, run, result: settle(section, sectionResult(run, shaped.items, shaped.dropped)) };
    }),
  ]);

  const results = new Map<EnrichmentSection, SectionResult>([['identities', identities.result]]);
  for (const other of others) results.set(other.section, other.result);

  // The label looks at every fact the source returned, not only the ten shown: the role fact may rank lower.
  const factsRun = others.find((other) => other.section === 'facts')?.run;
  const facts = factsRun?.kind === 'ran' ? keepWellFormed(factItemSchema, factsRun.outcome.items).items : [];
  return personResult(name, identities.task.resolution, results, facts);
}

/** The answer from the sections' results: the candidates of an ambiguous name, or the person and what is known. */
function personResult(
  name: string,
  resolution: Resolution | Ambiguity,
  results: ReadonlyMap<EnrichmentSection, SectionResult>,
  facts: readonly FactItem[],
): EnrichPersonResult {
  if (resolution.kind === 'ambiguous') {
    const report = results.get('identities')?.report;
    if (report) Object.assign(report, { status: 'ok', message: ambiguityMessage(name, resolution) });
    return {
      name,
      label: name,
      candidates: resolution.candidates,
      sources: Object.fromEntries(ENRICHMENT_SECTIONS.map((section) => [section, results.get(section)?.report])),
      untrusted_content: true,
    } as EnrichPersonResult;
  }
  const canonicalName = resolution.person.canonicalNames[0];

  const output: Record<string, unknown> = { name };
  if (canonicalName !== undefined && canonicalName !== name) output.resolved_name = canonicalName;
  output.label = formatPersonLabel({ name, identities: resolution.identities, facts });
  for (const section of ENRICHMENT_SECTIONS) {
    const items = results.get(section)?.items ?? [];
    if (items.length > 0) output[section] = items;
  }
  const reports = ENRICHMENT_SECTIONS.map((section) => [section, results.get(section)?.report] as const);
  // A name nothing mentions says so where a reader looks first, rather than as six silent empty sections.
  if (reports.every(([, report]) => report?.status === 'empty')) {
    const facts = results.get('facts')?.report;
    if (facts && facts.message === undefined) facts.message = `Nothing stored mentions ${name}: no linked identity, fact, delegation, decision, message or email.`;
  }
  output.sources = Object.fromEntries(reports);
  output.untrusted_content = true;
  return output as EnrichPersonResult;
}


/** What an ambiguous name says in place of the identities: who it fits, and how to ask for one of them. */
function ambiguityMessage(name: string, ambiguity: Ambiguity): string {
  const who = ambiguity.candidates.map((candidate) => candidate.canonical_name).join(', ');
  const more = ambiguity.more ? ` and more (only the first ${ambiguity.candidates.length} are listed)` : '';
  return `"${name}" fits ${ambiguity.candidates.length}${ambiguity.more ? '+' : ''} people: ${who}${more}. Ask again with one full name, email or handle.`;
}

/** The report of a source whose answer would have mixed several people's data. */
function notSearched(name: string): SectionResult {
  return {
    items: [],
    report: { status: 'skipped', duration_ms: 0, count: 0, message: `Not searched: "${name}" fits several people (see candidates).` },
  };
}

function sectionResult(run: SectionRun, items: readonly unknown[], dropped: number): SectionResult {
  if (run.kind === 'skipped') {
    return {
      items: [],
      report: { status: 'skipped', duration_ms: 0, count: 0, message: 'The caller may not read this kind of data.' },
    };
  }
  if (run.kind === 'unavailable') {
    return { items: [], report: { status: 'unavailable', duration_ms: 0, count: 0, message: run.message } };
  }
  const { outcome } = run;
  const report: SourceReport = {
    // A source that answered only with malformed rows found nothing usable.
    status: outcome.status === 'ok' && items.length === 0 ? 'empty' : outcome.status,
    duration_ms: outcome.durationMs,
    count: items.length,
  };
  if (outcome.message !== undefined) report.message = outcome.message;
  else if (dropped > 0) report.message = `${dropped} malformed row(s) ignored.`;
  // Items of a failed source are never shown, whatever it returned before failing.
  return { items: outcome.status === 'ok' ? items : [], report };
}

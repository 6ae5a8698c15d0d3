/**
 * The catalogue index: BM25F over what every tool has — its name (split at `server__tool`, snake_case and camelCase),
 * title, description and parameter names and descriptions — analysed with the shared text analyser (Porter stems,
 * stop words, Hebrew prefixes and light stems). Hebrew request words are also mapped through the bilingual lexicon
 * onto the English words tools are described with. A tool's name also yields the initials of its word pairs ("pull
 * request" → "pr"), so "PRs" meets `create_pull_request`. A request word of five letters or more that no tool uses
 * (a typo: "remnd", "calender") is read as the index words one edit away, at a reduced weight. Tools are added and
 * removed one at a time (a server joining touches only its own tools' postings); per-field length norms are refreshed
 * lazily after a change, so a query touches only the postings of its own terms.
 */
import { foldedWords, isHebrewWord, wordTerms } from '@chief-of-staff/core';
import { sharedBilingualLexicon, type BilingualLexicon } from './bilingual-lexicon.js';

/** What the index reads of a tool. */
export interface IndexedToolText {
  name: string;
  title?: string;
  description: string;
  /** Parameter names and descriptions (from the input schema). */
  parameters?: ReadonlyArray<{ name: string; description?: string }>;
  /** Requests people make of the tool, in their own words. */
  examples?: readonly string[];
}

/** One tool's lexical match for a request. */
export interface LexicalMatch {
  tool: string;
  /** Raw BM25F score. */
  score: number;
  /** 0–1: the share of the request's weight (by idf) the tool matches, each word counted at most once. */
  coverage: number;
  /** The request words the tool matched, as written. */
  matchedWords: string[];
}

export interface CatalogueIndex {
  /** Adds a tool, or replaces it when its text changed (unchanged text is a no-op). */
  add(tool: IndexedToolText): void;
  remove(name: string): void;
  has(name: string): boolean;
  /** The indexed tools' names. */
  names(): string[];
  readonly size: number;
  /** Tools sharing at least one term with the request, best first, among `available` (all tools when omitted). */
  search(query: string, available?: ReadonlySet<string>): LexicalMatch[];
  /**
   * The catalogue's words one edit away from a request word no tool uses (a typo), as tools write them; empty for a
   * word the catalogue knows, a short word or one with nothing near it.
   */
  corrections(word: string): string[];
  /**
   * The request's words as the index reads them (function words and numbers left
   * out; fillers kept, as known), in order, each with whether the catalogue knows it: some tool's text holds one of
   * its terms, a translation of it, or a word one edit away.
   */
  requestWords(query: string): Array<{ word: string; known: boolean }>;
}

type Field = 'name' | 'title' | 'description' | 'parameters' | 'examples';
const FIELDS: readonly Field[] = ['name', 'title', 'description', 'parameters', 'examples'];

/**
 * Field weights and length normalisation (BM25F); see docs/adr/0040 for how they were chosen. The saturation k1 was
 * chosen again on every development set once MetaTool joined them (docs/adr/0094: 0.9 of {0.9, 1.2, 1.6}).
 */
export const BM25F_SETTINGS = {
  k1: 0.9,
  weights: { name: 3, title: 2, description: 1, parameters: 0.4, examples: 0.25 } as Readonly<Record<Field, number>>,
  b: { name: 0.3, title: 0.3, description: 0.75, parameters: 0.75, examples: 0.75 } as Readonly<Record<Field, number>>,
  /** A Hebrew word's lexicon translations count at this share of a direct match. */
  translationWeight: 0.9,
  /** A typo's corrections count at this share of a direct match. */
  correctionWeight: 0.7,
  /** Words shorter than this are not corrected: too many short words are one edit apart. */
  correctionMinLength: 5,
};

/** Hebrew function words (the shared analyser's stop list is English). */
const HEBREW_STOP_WORDS = new Set(
  'את של על עם לי שלי שלך אני אתה הוא היא אנחנו זה זאת זו יש אין גם רק כבר עוד אם כי או אבל לא כן מה איך למה מתי איפה בבקשה תן לנו אותו אותה כל'.split(' '),
);
/** English request words that carry no topic (the shared stop list keeps them because documents need them). */
const REQUEST_FILLER = new Set(['please', 'can', 'could', 'would', 'show', 'tell', 'give', 'let', 'want', 'need', 'like', 'thanks', 'thank']);

interface Document {
  name: string;
  signature: string;
  /** Term → frequency, per field. */
  terms: Record<Field, Map<string, number>>;
  /** Its English words long enough to be a typo's correction, each with its term. */
  words: Map<string, string>;
  lengths: Record<Field, number>;
  /** Term → its frequency across fields, each weighted and length-normalised (BM25F), as of the last refresh. */
  weighted: Map<string, number>;
  /** The running search's tallies for this tool (valid while their stamps equal the search's). */
  tally: { groupStamp: number; groupScore: number; groupShare: number; resultStamp: number; score: number; covered: number; words: string[] };
}

/** Words typo tolerance applies to: English letters only (a Hebrew word one letter from another is mostly another word). */
const CORRECTABLE = /^[a-z]+$/;

/** Whether two words are at most one edit apart (a letter inserted, deleted or replaced, or two neighbours swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  return a.length > b.length ? a.slice(start + 1) === b.slice(start) : a.slice(start) === b.slice(start + 1);
}

/** Splits identifiers: `server__tool_name`, `camelCase`, `kebab-case` → words. */
function identifierWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ');
}

/**
 * The initials of each pair of adjacent words of a tool's own name after its first (usually a verb): `create_pull_request`
 * → "pr", `get_pull_request_status` → "pr rs". People shorten compound nouns this way ("PRs", "CI", "TZ"); the verb
 * is left out because "cp" or "gp" would say nothing.
 */
export function nameInitials(name: string): string[] {
  const server = name.lastIndexOf('__');
  const own = server < 0 ? name : name.slice(server + 2);
  const words = identifierWords(own).toLowerCase().split(/\s+/).filter((word) => /^[a-z]+$/.test(word));
  const initials: string[] = [];
  for (let i = 1; i + 1 < words.length; i += 1) initials.push(`${(words[i] as string)[0]}${(words[i + 1] as string)[0]}`);
  return initials;
}

function textOf(tool: IndexedToolText): Record<Field, string> {
  return {
    name: [identifierWords(tool.name), ...nameInitials(tool.name)].join(' '),
    title: tool.title ?? '',
    // Examples repeat parameter values, not what the tool is for.
    description: tool.description.split(/Example:/)[0] ?? '',
    parameters: (tool.parameters ?? []).map((parameter) => `${identifierWords(parameter.name)} ${parameter.description ?? ''}`).join(' '),
    examples: (tool.examples ?? []).join('\n'),
  };
}

const signatureOf = (text: Record<Field, string>): string => FIELDS.map((field) => text[field]).join('\u0000');

function documentOf(tool: IndexedToolText, text = textOf(tool)): Document {
  const terms = {} as Record<Field, Map<string, number>>;
  const lengths = {} as Record<Field, number>;
  const words = new Map<string, string>();
  for (const field of FIELDS) {
    const counts = new Map<string, number>();
    let length = 0;
    for (const word of foldedWords(text[field])) {
      for (const term of wordTerms(word)) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length += 1;
        if (word.length >= BM25F_SETTINGS.correctionMinLength && CORRECTABLE.test(word)) words.set(word, term);
      }
    }
    terms[field] = counts;
    lengths[field] = length;
  }
  return {
    name: tool.name,
    signature: signatureOf(text),
    terms,
    words,
    lengths,
    weighted: new Map(),
    tally: { groupStamp: 0, groupScore: 0, groupShare: 0, resultStamp: 0, score: 0, covered: 0, words: [] },
  };
}

/** One request word: its own index terms, and (Hebrew) the terms of its English translations. */
interface QueryGroup {
  word: string;
  direct: string[];
  translated: string[];
}

export function queryGroupsOf(query: string, lexicon: BilingualLexicon, keepFillers = false): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  for (const word of foldedWords(query)) {
    // Numbers in a request are values (times, amounts, codes), not what a tool is for.
    if (seen.has(word) || HEBREW_STOP_WORDS.has(word) || (!keepFillers && REQUEST_FILLER.has(word)) || /^\d+$/.test(word)) continue;
    seen.add(word);
    const direct = wordTerms(word);
    // An English stop word ("about", "what") is a way of saying some action too, but says nothing about the tool.
    const translated = direct.length > 0 || isHebrewWord(word) ? lexicon.englishFor(word).flatMap((english) => wordTerms(english)) : [];
    if (direct.length + translated.length > 0) groups.push({ word, direct, translated: translated.filter((term) => !direct.includes(term)) });
  }
  return groups;
}

export function createCatalogueIndex(tools: readonly IndexedToolText[] = [], lexicon: BilingualLexicon = sharedBilingualLexicon()): CatalogueIndex {
  const documents = new Map<string, Document>();
  /** Term → documents holding it (any field). */
  const postings = new Map<string, Set<Document>>();
  const totalLengths: Record<Field, number> = { name: 0, title: 0, description: 0, parameters: 0, examples: 0 };
  /** Whether the documents' weighted term frequencies reflect the catalogue as it is (refreshed after a change). */
  let weightsFresh = false;
  /**
   * Each English word of the catalogue under every form it takes with one letter deleted (and under itself): two words
   * one edit apart share a key (symmetric deletion), so a typo's candidates are found with one look-up per letter.
   * Built on the first typo after a change of the catalogue.
   */
  let deletions: Map<string, string[]> | undefined;

  const removeDocument = (document: Document) => {
    documents.delete(document.name);
    for (const field of FIELDS) {
      totalLengths[field] -= document.lengths[field];
      for (const term of document.terms[field].keys()) {
        const holders = postings.get(term);
        holders?.delete(document);
        if (holders?.size === 0) postings.delete(term);
      }
    }
    weightsFresh = false;
    deletions = undefined;
  };

  const add = (tool: IndexedToolText) => {
    // Every change of the catalogue offers the whole catalogue again: an unchanged tool costs its text, not its analysis.
    const text = textOf(tool);
    const known = documents.get(tool.name);
    if (known?.signature === signatureOf(text)) return;
    const document = documentOf(tool, text);
    if (known) removeDocument(known);
    documents.set(tool.name, document);
    for (const field of FIELDS) {
      totalLengths[field] += document.lengths[field];
      for (const term of document.terms[field].keys()) {
        let holders = postings.get(term);
        if (!holders) postings.set(term, (holders = new Set()));
        holders.add(document);
      }
    }
    weightsFresh = false;
    deletions = undefined;
  };

  const deletionsOf = (word: string): string[] => {
    const out: string[] = [];
    for (let i = 0; i < word.length; i += 1) out.push(word.slice(0, i) + word.slice(i + 1));
    return out;
  };

  const deletionMap = (): Map<string, string[]> => {
    if (deletions) return deletions;
    const map = new Map<string, string[]>();
    const put = (key: string, word: string) => {
      const words = map.get(key);
      if (!words) map.set(key, [word]);
      else if (!words.includes(word)) words.push(word);
    };
    const seen = new Set<string>();
    for (const document of documents.values()) {
      for (const word of document.words.keys()) {
        if (seen.has(word)) continue;
        seen.add(word);
        put(word, word);
        for (const deleted of deletionsOf(word)) put(deleted, word);
      }
    }
    return (deletions = map);
  };

  /** A catalogue word's term (any document holding the word analyses it the same way). */
  const termOfWord = (word: string): string => wordTerms(word)[0] ?? word;

  /**
   * The catalogue's words one edit (a letter inserted, deleted or replaced, or two neighbours swapped) from a request
   * word of at least `correctionMinLength` English letters none of whose own terms the catalogue holds.
   */
  const correctedWords = (word: string, direct: readonly string[]): string[] => {
    if (word.length < BM25F_SETTINGS.correctionMinLength || !CORRECTABLE.test(word)) return [];
    if (direct.length === 0 || direct.some((term) => postings.has(term))) return [];
    const map = deletionMap();
    const found = new Set<string>();
    for (const candidate of map.get(word) ?? []) found.add(candidate);
    for (const deleted of deletionsOf(word)) for (const candidate of map.get(deleted) ?? []) found.add(candidate);
    return [...found].filter((candidate) => withinOneEdit(word, candidate));
  };

  /**
   * Per document and term: Σ over fields of frequency × weight / (1 − b + b·len/avglen). Folded once per change of
   * the catalogue, so a search reads one number per (term, tool) instead of one per field.
   */
  const refreshWeights = (): void => {
    if (weightsFresh) return;
    const count = Math.max(1, documents.size);
    const { weights, b } = BM25F_SETTINGS;
    for (const document of documents.values()) {
      const weighted = new Map<string, number>();
      for (const field of FIELDS) {
        const average = totalLengths[field] / count || 1;
        const norm = weights[field] / (1 - b[field] + (b[field] * document.lengths[field]) / average);
        for (const [term, frequency] of document.terms[field]) weighted.set(term, (weighted.get(term) ?? 0) + frequency * norm);
      }
      document.weighted = weighted;
    }
    weightsFresh = true;
  };

  /** Numbers each search, so the documents' tallies of an earlier search are told apart without clearing them. */
  let searches = 0;

  const idf = (documentFrequency: number) => Math.log(1 + (documents.size - documentFrequency + 0.5) / (documentFrequency + 0.5));

  for (const tool of tools) add(tool);

  return {
    add,
    remove(name) {
      const document = documents.get(name);
      if (document) removeDocument(document);
    },
    has: (name) => documents.has(name),
    corrections(word) {
      const folded = foldedWords(word)[0];
      return folded === undefined ? [] : correctedWords(folded, wordTerms(folded));
    },
    names: () => [...documents.keys()],
    requestWords(query) {
      return queryGroupsOf(query, lexicon, true).map((group) => ({
        word: group.word,
        // A filler ("tell", "show", "give") is how any request is put, known whatever the catalogue.
        known: REQUEST_FILLER.has(group.word) || group.direct.some((term) => postings.has(term)) || group.translated.some((term) => postings.has(term)) || correctedWords(group.word, group.direct).length > 0,
      }));
    },
    get size() {
      return documents.size;
    },
    search(query, available) {
      const groups = queryGroupsOf(query, lexicon);
      if (groups.length === 0 || documents.size === 0) return [];
      refreshWeights();
      const { k1, translationWeight } = BM25F_SETTINGS;
      // A word nobody's tools use weighs as much as the rarest term: an off-topic request keeps its weight and so
      // its low coverage.
      const unseenIdf = idf(0);
      // Per-document tallies live on the documents (reset by a stamp), so a search allocates little per tool matched:
      // it runs on every request over every tool, and its garbage is what made slow calls.
      const stamp = ++searches;
      const matched: Document[] = [];
      let totalWeight = 0;
      for (const group of groups) {
        let groupIdf = 0;
        const touched: Document[] = [];
        // Per document, the best of the word's forms (a Hebrew word's variants and translations are alternatives).
        const scoreTerm = (term: string, factor: number): void => {
          const holders = postings.get(term);
          if (!holders) return;
          const termIdf = idf(holders.size);
          groupIdf = Math.max(groupIdf, termIdf * factor);
          for (const document of holders) {
            if (available && !available.has(document.name)) continue;
            const weighted = document.weighted.get(term) ?? 0;
            const score = factor * termIdf * ((weighted * (k1 + 1)) / (k1 + weighted));
            const tally = document.tally;
            if (tally.groupStamp !== stamp) {
              tally.groupStamp = stamp;
              tally.groupScore = -1;
              touched.push(document);
            }
            if (score > tally.groupScore) {
              tally.groupScore = score;
              tally.groupShare = factor * termIdf;
            }
          }
        };
        for (const term of group.direct) scoreTerm(term, 1);
        for (const term of group.translated) scoreTerm(term, translationWeight);
        // Only a word that found nothing, directly or translated, is read as a typo.
        if (groupIdf === 0) {
          for (const term of new Set(correctedWords(group.word, group.direct).map(termOfWord))) scoreTerm(term, BM25F_SETTINGS.correctionWeight);
        }
        totalWeight += groupIdf > 0 ? groupIdf : unseenIdf;
        for (const document of touched) {
          const tally = document.tally;
          // The group stamp is reused by the next group: mark it consumed.
          tally.groupStamp = 0;
          if (tally.resultStamp !== stamp) {
            tally.resultStamp = stamp;
            tally.score = 0;
            tally.covered = 0;
            tally.words = [];
            matched.push(document);
          }
          tally.score += tally.groupScore;
          tally.covered += tally.groupShare;
          tally.words.push(group.word);
        }
      }
      const matches: LexicalMatch[] = matched.map(({ name, tally }) => ({
        tool: name,
        score: tally.score,
        coverage: totalWeight > 0 ? Math.min(1, tally.covered / totalWeight) : 0,
        matchedWords: tally.words,
      }));
      return matches.sort((a, b) => b.score - a.score || a.tool.localeCompare(b.tool));
    },
  };
}

/**
 * The postings of the catalogue index and what is done with them: tools added and removed one at a time (a server
 * joining touches only its own tools' postings), per-field length norms refreshed lazily after a change, typo
 * corrections through symmetric deletion, and the BM25F search over the postings of a request's own terms.
 */
import { wordTerms } from '@chief-of-staff/core';
import { byName } from './by-name.js';
import { BM25F_SETTINGS, CORRECTABLE, documentOf, FIELDS, signatureOf, textOf, withinOneEdit, type Document, type Field, type IndexedToolText, type QueryGroup } from './catalogue-text.js';

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

export interface Postings {
  documents: Map<string, Document>;
  /** Term → documents holding it (any field). */
  postings: Map<string, Set<Document>>;
  totalLengths: Record<Field, number>;
  /** Whether the documents' weighted term frequencies reflect the catalogue as it is (refreshed after a change). */
  weightsFresh: boolean;
  /**
   * Each English word of the catalogue under every form it takes with one letter deleted (and under itself): two words
   * one edit apart share a key (symmetric deletion), so a typo's candidates are found with one look-up per letter.
   * Built on the first typo after a change of the catalogue.
   */
  deletions: Map<string, string[]> | undefined;
  /** Numbers each search, so the documents' tallies of an earlier search are told apart without clearing them. */
  searches: number;
}

export function emptyPostings(): Postings {
  return {
    documents: new Map(),
    postings: new Map(),
    totalLengths: { name: 0, title: 0, description: 0, parameters: 0, examples: 0 },
    weightsFresh: false,
    deletions: undefined,
    searches: 0,
  };
}

export function removeDocument(index: Postings, document: Document): void {
  index.documents.delete(document.name);
  for (const field of FIELDS) {
    index.totalLengths[field] -= document.lengths[field];
    for (const term of document.terms[field].keys()) {
      const holders = index.postings.get(term);
      holders?.delete(document);
      if (holders?.size === 0) index.postings.delete(term);
    }
  }
  index.weightsFresh = false;
  index.deletions = undefined;
}

export function addTool(index: Postings, tool: IndexedToolText): void {
  // Every change of the catalogue offers the whole catalogue again: an unchanged tool costs its text, not its analysis.
  const text = textOf(tool);
  const known = index.documents.get(tool.name);
  if (known?.signature === signatureOf(text)) return;
  const document = documentOf(tool, text);
  if (known) removeDocument(index, known);
  index.documents.set(tool.name, document);
  for (const field of FIELDS) {
    index.totalLengths[field] += document.lengths[field];
    for (const term of document.terms[field].keys()) {
      let holders = index.postings.get(term);
      if (!holders) index.postings.set(term, (holders = new Set()));
      holders.add(document);
    }
  }
  index.weightsFresh = false;
  index.deletions = undefined;
}

function deletionsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i += 1) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function deletionMap(index: Postings): Map<string, string[]> {
  if (index.deletions) return index.deletions;
  const map = new Map<string, string[]>();
  const put = (key: string, word: string) => {
    const words = map.get(key);
    if (!words) map.set(key, [word]);
    else if (!words.includes(word)) words.push(word);
  };
  const seen = new Set<string>();
  for (const document of index.documents.values()) {
    for (const word of document.words.keys()) {
      if (seen.has(word)) continue;
      seen.add(word);
      put(word, word);
      for (const deleted of deletionsOf(word)) put(deleted, word);
    }
  }
  return (index.deletions = map);
}

/** A catalogue word's term (any document holding the word analyses it the same way). */
const termOfWord = (word: string): string => wordTerms(word)[0] ?? word;

/**
 * The catalogue's words one edit (a letter inserted, deleted or replaced, or two neighbours swapped) from a request
 * word of at least `correctionMinLength` English letters none of whose own terms the catalogue holds.
 */
export function correctedWords(index: Postings, word: string, direct: readonly string[]): string[] {
  if (word.length < BM25F_SETTINGS.correctionMinLength || !CORRECTABLE.test(word)) return [];
  if (direct.length === 0 || direct.some((term) => index.postings.has(term))) return [];
  const map = deletionMap(index);
  const found = new Set<string>();
  for (const candidate of map.get(word) ?? []) found.add(candidate);
  for (const deleted of deletionsOf(word)) for (const candidate of map.get(deleted) ?? []) found.add(candidate);
  return [...found].filter((candidate) => withinOneEdit(word, candidate));
}

/**
 * Per document and term: Σ over fields of frequency × weight / (1 − b + b·len/avglen). Folded once per change of
 * the catalogue, so a search reads one number per (term, tool) instead of one per field.
 */
function refreshWeights(index: Postings): void {
  if (index.weightsFresh) return;
  const count = Math.max(1, index.documents.size);
  const { weights, b } = BM25F_SETTINGS;
  for (const document of index.documents.values()) {
    const weighted = new Map<string, number>();
    for (const field of FIELDS) {
      const average = index.totalLengths[field] / count || 1;
      const norm = weights[field] / (1 - b[field] + (b[field] * document.lengths[field]) / average);
      for (const [term, frequency] of document.terms[field]) weighted.set(term, (weighted.get(term) ?? 0) + frequency * norm);
    }
    document.weighted = weighted;
  }
  index.weightsFresh = true;
}

const idf = (index: Postings, documentFrequency: number) => Math.log(1 + (index.documents.size - documentFrequency + 0.5) / (documentFrequency + 0.5));

/** One request word's pass over the postings: the documents it touched, and its weight (the best of its forms' idf). */
interface GroupPass {
  stamp: number;
  available: ReadonlySet<string> | undefined;
  touched: Document[];
  groupIdf: number;
}

/** Per document, the best of the word's forms (a Hebrew word's variants and translations are alternatives). */
function scoreTerm(index: Postings, pass: GroupPass, term: string, factor: number): void {
  const holders = index.postings.get(term);
  if (!holders) return;
  const { k1 } = BM25F_SETTINGS;
  const termIdf = idf(index, holders.size);
  pass.groupIdf = Math.max(pass.groupIdf, termIdf * factor);
  for (const document of holders) {
    if (pass.available && !pass.available.has(document.name)) continue;
    const weighted = document.weighted.get(term) ?? 0;
    const score = factor * termIdf * ((weighted * (k1 + 1)) / (k1 + weighted));
    const tally = document.tally;
    if (tally.groupStamp !== pass.stamp) {
      tally.groupStamp = pass.stamp;
      tally.groupScore = -1;
      pass.touched.push(document);
    }
    if (score > tally.groupScore) {
      tally.groupScore = score;
      tally.groupShare = factor * termIdf;
    }
  }
}

/** Adds a word's best form per document to the documents' running tallies; a document's first word lists it as matched. */
function tallyGroup(pass: GroupPass, word: string, matched: Document[]): void {
  for (const document of pass.touched) {
    const tally = document.tally;
    // The group stamp is reused by the next group: mark it consumed.
    tally.groupStamp = 0;
    if (tally.resultStamp !== pass.stamp) {
      tally.resultStamp = pass.stamp;
      tally.score = 0;
      tally.covered = 0;
      tally.words = [];
      matched.push(document);
    }
    tally.score += tally.groupScore;
    tally.covered += tally.groupShare;
    tally.words.push(word);
  }
}

/** The lexical ranking's order: the higher score first, ties by name. */
export const lexicalOrder = (a: LexicalMatch, b: LexicalMatch): number => b.score - a.score || byName(a.tool, b.tool);

/**
 * Tools sharing at least one term with the request's words, among `available` (all when omitted): best first, or
 * unsorted when `sorted` is false (a caller that reads only the first few places picks them itself).
 */
export function searchPostings(index: Postings, groups: readonly QueryGroup[], available?: ReadonlySet<string>, sorted = true): LexicalMatch[] {
  if (groups.length === 0 || index.documents.size === 0) return [];
  refreshWeights(index);
  // A word nobody's tools use weighs as much as the rarest term: an off-topic request keeps its weight and so
  // its low coverage.
  const unseenIdf = idf(index, 0);
  // Per-document tallies live on the documents (reset by a stamp), so a search allocates little per tool matched:
  // it runs on every request over every tool, and its garbage is what made slow calls.
  const stamp = ++index.searches;
  const matched: Document[] = [];
  let totalWeight = 0;
  for (const group of groups) {
    const pass: GroupPass = { stamp, available, touched: [], groupIdf: 0 };
    for (const term of group.direct) scoreTerm(index, pass, term, 1);
    for (const term of group.translated) scoreTerm(index, pass, term, BM25F_SETTINGS.translationWeight);
    // Only a word that found nothing, directly or translated, is read as a typo.
    if (pass.groupIdf === 0) {
      for (const term of new Set(correctedWords(index, group.word, group.direct).map(termOfWord))) scoreTerm(index, pass, term, BM25F_SETTINGS.correctionWeight);
    }
    totalWeight += pass.groupIdf > 0 ? pass.groupIdf : unseenIdf;
    tallyGroup(pass, group.word, matched);
  }
  const matches: LexicalMatch[] = matched.map(({ name, tally }) => ({
    tool: name,
    score: tally.score,
    coverage: totalWeight > 0 ? Math.min(1, tally.covered / totalWeight) : 0,
    matchedWords: tally.words,
  }));
  return sorted ? matches.sort(lexicalOrder) : matches;
}

/**
 * The retrieval test collections: CACM (public, parsed from the SMART files in tools/bench/data/cacm) and the JSON
 * collections (tools/bench/data/<name>/collection.json): written for this project, or built from public text (the
 * Linux man-pages, see build-manpages-collection.ts). Every collection is read into the
 * same shape: documents with a file name, title and body, and queries with graded judgements (2 = answers it,
 * 1 = partly relevant).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface TestDocument {
  id: string;
  /** The file the document is ingested as (its name carries no judgement). */
  file: string;
  title: string;
  body: string;
}

export interface TestQuery {
  id: string;
  text: string;
  /** Document id → grade (1 or 2); every document not listed is judged not relevant. */
  relevant: Record<string, number>;
  kind?: string;
}

export interface TestCollection {
  name: string;
  description: string;
  documents: TestDocument[];
  queries: TestQuery[];
}

export const DATA_DIR = resolve(import.meta.dirname, '..', '..', 'data');

/** The file text the document engine ingests: the title as a Markdown heading, then the body. */
export function documentFileText(doc: TestDocument): string {
  return doc.body === '' ? `# ${doc.title}\n` : `# ${doc.title}\n\n${doc.body}\n`;
}

/** SMART format: records start with `.I <id>`; fields start with `.<letter>` on a line of their own. */
function smartRecords(text: string): Array<{ id: string; fields: Record<string, string> }> {
  const records: Array<{ id: string; fields: Record<string, string> }> = [];
  let current: { id: string; fields: Record<string, string> } | undefined;
  let field: string | undefined;
  for (const line of text.split('\n')) {
    const start = /^\.I\s+(\d+)/.exec(line);
    if (start) {
      current = { id: start[1] as string, fields: {} };
      records.push(current);
      field = undefined;
      continue;
    }
    const marker = /^\.([A-Z])\s*$/.exec(line);
    if (marker) {
      field = marker[1];
      continue;
    }
    if (current && field) current.fields[field] = `${current.fields[field] ?? ''}${line}\n`;
  }
  return records;
}

const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export function loadCacm(dir = join(DATA_DIR, 'cacm')): TestCollection {
  const documents = smartRecords(readFileSync(join(dir, 'cacm.all'), 'utf8')).map((record) => ({
    id: record.id,
    file: `cacm-${record.id.padStart(4, '0')}.md`,
    title: clean(record.fields['T']),
    body: clean(record.fields['W']),
  }));
  const judged = new Map<string, Record<string, number>>();
  for (const line of readFileSync(join(dir, 'qrels.text'), 'utf8').split('\n')) {
    const [query, doc] = line.trim().split(/\s+/);
    if (!query || !doc) continue;
    const id = String(Number(query));
    judged.set(id, { ...judged.get(id), [String(Number(doc))]: 1 });
  }
  const queries = smartRecords(readFileSync(join(dir, 'query.text'), 'utf8'))
    .filter((record) => judged.has(record.id))
    .map((record) => ({ id: record.id, text: clean(record.fields['W']), relevant: judged.get(record.id) as Record<string, number> }));
  return {
    name: 'cacm',
    description: 'CACM: 3,204 titles and abstracts from Communications of the ACM, 52 judged queries (public, SMART).',
    documents,
    queries,
  };
}

interface CollectionFile {
  name: string;
  description: string;
  documents: Array<{ id: string; file: string; text: string }>;
  queries: TestQuery[];
}

/** A JSON collection; each document's first `# ` line is its title. */
export function loadJsonCollection(name: string, dir = join(DATA_DIR, name)): TestCollection {
  const data = JSON.parse(readFileSync(join(dir, 'collection.json'), 'utf8')) as CollectionFile;
  const documents = data.documents.map((doc) => {
    const match = /^#\s+(.*)\n*/.exec(doc.text);
    return { id: doc.id, file: doc.file, title: match ? (match[1] as string).trim() : '', body: match ? doc.text.slice(match[0].length).trim() : doc.text };
  });
  const ids = new Set(documents.map((doc) => doc.id));
  for (const query of data.queries) {
    for (const id of Object.keys(query.relevant)) {
      if (!ids.has(id)) throw new Error(`${name}: query ${query.id} judges unknown document ${id}`);
    }
  }
  return { name: data.name, description: data.description, documents, queries: data.queries };
}

/** Every collection of the harness, CACM first. */
export function loadAllCollections(): TestCollection[] {
  return [loadCacm(), ...['paraphrase', 'personal', 'hebrew', 'manpages'].map((name) => loadJsonCollection(name))];
}

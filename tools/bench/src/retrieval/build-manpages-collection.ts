/**
 * Builds tools/bench/data/manpages/collection.json from the Linux man-pages project's pages as Debian installs them
 * (packages `manpages` and `manpages-dev`): a known-item collection of short technical abstracts. Each document is a
 * page's DESCRIPTION section (its first 120 words, like an abstract) under a title made of the page's names and
 * section; the page's one-line NAME summary is removed from the document and becomes its query, judged to have that
 * page (grade 2) as its one relevant document. Run once by hand:
 * `npx tsx --conditions=@chief-of-staff/source tools/bench/src/retrieval/build-manpages-collection.ts`
 * (needs `man`, `col` and both packages installed; output is deterministic for a given package version).
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { basename, join } from 'node:path';
import { DATA_DIR } from './test-collections.js';

const SECTIONS = /\/man\/man[2-7]\/[^/]+\.gz$/;
const ABSTRACT_WORDS = 120;
const QUERY_COUNT = 200;
const MIN_QUERY_WORDS = 3;

interface Page {
  id: string;
  names: string;
  section: string;
  summary: string;
  description: string;
}

function pageFiles(): string[] {
  const listed = execFileSync('dpkg', ['-L', 'manpages', 'manpages-dev'], { encoding: 'utf8' }).split('\n');
  return listed
    .filter((path) => SECTIONS.test(path))
    .filter((path) => lstatSync(path).isFile())
    .filter((path) => !gunzipSync(readFileSync(path)).toString('utf8', 0, 64).startsWith('.so '))
    .sort();
}

/** The page rendered as plain text, one very long line per paragraph. */
function render(path: string): string {
  const raw = execFileSync('man', ['--nj', '--nh', '-l', path], { env: { ...process.env, MANWIDTH: '4000' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return execFileSync('col', ['-bx'], { input: raw, encoding: 'utf8' });
}

/** Section name → its text, for the top-level sections (lines in capitals at the left margin). */
function sections(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of text.split('\n')) {
    if (/^[A-Z][A-Z ]+$/.test(line.trim()) && !line.startsWith(' ')) {
      current = line.trim();
      out.set(current, '');
    } else if (current) {
      out.set(current, `${out.get(current) ?? ''}${line.trim()}\n`);
    }
  }
  return out;
}

function parsePage(path: string): Page | undefined {
  const parts = sections(render(path));
  const name = (parts.get('NAME') ?? '').replace(/\s+/g, ' ').trim();
  const dash = name.indexOf(' - ');
  const description = (parts.get('DESCRIPTION') ?? '').replace(/\s+/g, ' ').trim();
  if (dash < 0 || description === '') return undefined;
  const file = basename(path, '.gz');
  const section = file.slice(file.lastIndexOf('.') + 1);
  return {
    id: file,
    names: name.slice(0, dash).trim(),
    section,
    summary: name.slice(dash + 3).trim(),
    description: description.split(' ').slice(0, ABSTRACT_WORDS).join(' '),
  };
}

const pages = pageFiles()
  .map(parsePage)
  .filter((page): page is Page => page !== undefined);
const summaries = new Map<string, number>();
for (const page of pages) summaries.set(page.summary.toLowerCase(), (summaries.get(page.summary.toLowerCase()) ?? 0) + 1);
// A summary shared by two pages would have two right answers; a two-word one says too little to be a question.
const eligible = pages.filter((page) => summaries.get(page.summary.toLowerCase()) === 1 && page.summary.split(' ').length >= MIN_QUERY_WORDS);
const stride = eligible.length / QUERY_COUNT;
const chosen = Array.from({ length: Math.min(QUERY_COUNT, eligible.length) }, (_, index) => eligible[Math.floor(index * stride)] as Page);

const collection = {
  name: 'manpages',
  description: `Linux man-pages (sections 2–7, Debian manpages and manpages-dev): ${pages.length} page abstracts; ${chosen.length} known-item queries, each a page's NAME summary.`,
  documents: pages.map((page) => ({ id: page.id, file: `${page.id.replace(/[^A-Za-z0-9_.-]/g, '_')}.md`, text: `# ${page.names} (${page.section})\n\n${page.description}\n` })),
  queries: chosen.map((page) => ({ id: page.id, text: page.summary, relevant: { [page.id]: 2 } })),
};
const dir = join(DATA_DIR, 'manpages');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'collection.json'), `${JSON.stringify(collection, null, 1)}\n`);
console.log(`${collection.documents.length} documents, ${collection.queries.length} queries → ${join(dir, 'collection.json')}`);

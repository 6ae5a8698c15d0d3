/**
 * Assigns the deterministic development / test split ("split": "dev" | "test") to the tool-selection request sets:
 * tools/bench/fixtures/intents.json, tool-selection/own-requests.json, tool-selection/fresh-requests.json and
 * tool-selection/third-party/requests.json.
 * Requests are grouped into strata (off-topic, Hebrew, English) and alternate dev, test, dev … in file order inside
 * each stratum, so both halves hold the same mix of languages, off-topic requests and (because the files are written
 * topic by topic) tools. Only the "split" field is written; every other field keeps its value and order.
 *
 * Run: npx tsx --conditions=@chief-of-staff/source tools/bench/src/tool-selection/assign-splits.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LabelledRequest {
  q: string;
  tools: string[];
  split?: 'dev' | 'test';
}

const fixtures = resolve(import.meta.dirname, '..', '..', 'fixtures');
const files: Array<{ path: string; key: 'intents' | 'requests' }> = [
  { path: resolve(fixtures, 'intents.json'), key: 'intents' },
  { path: resolve(fixtures, 'tool-selection', 'own-requests.json'), key: 'requests' },
  { path: resolve(fixtures, 'tool-selection', 'fresh-requests.json'), key: 'requests' },
  { path: resolve(fixtures, 'tool-selection', 'third-party', 'requests.json'), key: 'requests' },
];

/** The stratum a request is balanced within: off-topic first (in any language), then Hebrew, then English. */
export function stratum(request: LabelledRequest): 'off-topic' | 'hebrew' | 'english' {
  if (request.tools.length === 0 || request.tools.includes('abstain')) return 'off-topic';
  return /[\u0590-\u05ff]/u.test(request.q) ? 'hebrew' : 'english';
}

/** The split each request gets, in order: dev, test, dev … inside each stratum, in file order. */
export function assignSplits(requests: readonly LabelledRequest[]): Array<'dev' | 'test'> {
  const seen = new Map<string, number>();
  return requests.map((request) => {
    const group = stratum(request);
    const index = seen.get(group) ?? 0;
    seen.set(group, index + 1);
    return index % 2 === 0 ? 'dev' : 'test';
  });
}

function main(): void {
  for (const { path, key } of files) {
    if (!existsSync(path)) continue;
    const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const requests = document[key] as LabelledRequest[];
    const splits = assignSplits(requests);
    requests.forEach((request, index) => (request.split = splits[index]));
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
    const counts = requests.reduce<Record<string, number>>((acc, request) => {
      const label = `${stratum(request)}/${request.split}`;
      acc[label] = (acc[label] ?? 0) + 1;
      return acc;
    }, {});
    console.log(path, JSON.stringify(counts));
  }
}

// Imported by the data spec for assignSplits; runs only when started as a script.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();

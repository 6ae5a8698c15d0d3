/**
 * Guards the tool-selection data the benchmark reads: every label names a real tool (a built-in one, or a tool of a
 * recorded third-party server), the sets keep their size and mix (Hebrew, off-topic), every request carries the
 * deterministic dev/test split, and each recording matches the package version installed, so a renamed tool, a
 * re-recording or a hand-edited split cannot silently skew the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createToolIntelligenceRegistry } from '@chief-of-staff/orchestration';
import { builtInToolGroups } from '@chief-of-staff/sdk';
import { assignSplits, stratum, type LabelledRequest } from './assign-splits.js';

interface ServerRecording {
  server: string;
  package: string;
  version: string;
  licence: string;
  tools: Array<{ name: string; title?: string; description: string; inputSchema: Record<string, unknown> }>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const fixtures = resolve(repoRoot, 'tools', 'bench', 'fixtures');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

const intents = readJson<{ intents: LabelledRequest[] }>(resolve(fixtures, 'intents.json')).intents;
const own = readJson<{ requests: LabelledRequest[] }>(
  resolve(fixtures, 'tool-selection', 'own-requests.json'),
).requests;
const thirdParty = readJson<{ requests: LabelledRequest[] }>(
  resolve(fixtures, 'tool-selection', 'third-party', 'requests.json'),
).requests;
const serversDir = resolve(fixtures, 'tool-selection', 'third-party', 'servers');
const recordings = readdirSync(serversDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => readJson<ServerRecording>(resolve(serversDir, file)));

const catalogueName = (server: string, tool: string): string =>
  `${server}__${tool}`.toLowerCase().replace(/[^a-z0-9_]/gu, '_');
const builtIn = new Set(builtInToolGroups().flatMap((group) => group.tools.map((tool) => tool.name)));
const thirdPartyNames = new Set(
  recordings.flatMap((recording) =>
    recording.tools.map((tool) => catalogueName(recording.server, tool.name)),
  ),
);
const hebrewShare = (requests: readonly LabelledRequest[]): number =>
  requests.filter((request) => /[\u0590-\u05ff]/u.test(request.q)).length / requests.length;

function expectSplitsAssigned(requests: readonly LabelledRequest[]): void {
  expect(requests.map((request) => request.split)).toEqual(assignSplits(requests));
  for (const group of ['english', 'hebrew', 'off-topic'] as const) {
    const inGroup = requests.filter((request) => stratum(request) === group);
    const dev = inGroup.filter((request) => request.split === 'dev').length;
    expect(Math.abs(dev - (inGroup.length - dev))).toBeLessThanOrEqual(1);
  }
}

const fresh = readJson<{ requests: Array<LabelledRequest & { copyOf?: string }> }>(
  resolve(fixtures, 'tool-selection', 'fresh-requests.json'),
).requests;
/** Case, punctuation and spacing aside: "which agents do I have?" repeats "which agents do I have". */
const sameRequest = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

describe('tool-selection data', () => {
  it('marks a request that repeats one of an earlier set as a copy, and no example request repeats a set request', () => {
    const sets: Array<[string, ReadonlyArray<LabelledRequest & { copyOf?: string }>]> = [
      ['intents', intents],
      ['own-requests', own],
      ['fresh-requests', fresh],
      ['third-party', thirdParty],
    ];
    const seen = new Map<string, string>();
    const unmarked: string[] = [];
    for (const [set, requests] of sets) {
      for (const request of requests) {
        const earlier = seen.get(sameRequest(request.q));
        if (earlier && earlier !== set && request.copyOf !== earlier) unmarked.push(`${set}: "${request.q}" repeats ${earlier}`);
        if (!earlier) seen.set(sameRequest(request.q), set);
      }
    }
    expect(unmarked).toEqual([]);
    const registry = createToolIntelligenceRegistry({
      tools: builtInToolGroups().flatMap((group) => group.tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, examples: tool.examples }))),
    });
    const repeated = [...builtIn].flatMap((tool) =>
      (registry.get(tool)?.examples ?? []).filter((example) => seen.has(sameRequest(example))).map((example) => `${tool}: "${example}"`),
    );
    expect(repeated).toEqual([]);
  });

  it('splits the intent set dev/test, stratified, without touching the rest', () => {
    expect(intents.length).toBeGreaterThanOrEqual(150);
    expectSplitsAssigned(intents);
    for (const intent of intents) expect(Object.keys(intent)).toEqual(['q', 'tools', 'split']);
  });

  it('labels the own-tools requests with built-in tools only, a third in Hebrew, with off-topic ones', () => {
    expect(own.length).toBeGreaterThanOrEqual(170);
    expect(hebrewShare(own)).toBeGreaterThanOrEqual(1 / 3);
    expect(own.filter((request) => request.tools.length === 0).length).toBeGreaterThanOrEqual(24);
    const unknown = own.flatMap((request) =>
      request.tools.filter((tool) => !builtIn.has(tool)).map((tool) => `${request.q} → ${tool}`),
    );
    expect(unknown).toEqual([]);
    expect(new Set(own.map((request) => request.q)).size).toBe(own.length);
    const known = new Set(intents.map((intent) => intent.q.toLowerCase()));
    expect(own.filter((request) => known.has(request.q.toLowerCase())).map((request) => request.q)).toEqual(
      [],
    );
    expectSplitsAssigned(own);
  });

  it('records at least eight real servers with package, version (the one installed) and licence', () => {
    expect(recordings.length).toBeGreaterThanOrEqual(8);
    expect(thirdPartyNames.size).toBeGreaterThanOrEqual(60);
    for (const recording of recordings) {
      const installed = readJson<{ version: string }>(
        resolve(repoRoot, 'node_modules', recording.package, 'package.json'),
      );
      expect({ server: recording.server, version: recording.version }).toEqual({
        server: recording.server,
        version: installed.version,
      });
      expect(recording.licence).toMatch(/^(MIT|Apache-2\.0|ISC|BSD-[23]-Clause)$/u);
      expect(recording.tools.length).toBeGreaterThan(0);
      for (const tool of recording.tools) {
        expect(tool.description.length).toBeGreaterThan(0);
        expect(tool.inputSchema['type']).toBe('object');
      }
    }
  });

  it('labels the third-party requests with recorded catalogue tools only, some in Hebrew', () => {
    expect(thirdParty.length).toBeGreaterThanOrEqual(220);
    expect(hebrewShare(thirdParty)).toBeGreaterThanOrEqual(0.1);
    const unknown = thirdParty.flatMap((request) =>
      request.tools.filter((tool) => !thirdPartyNames.has(tool)).map((tool) => `${request.q} → ${tool}`),
    );
    expect(unknown).toEqual([]);
    expect(thirdParty.every((request) => request.tools.length > 0)).toBe(true);
    expect(new Set(thirdParty.map((request) => request.q)).size).toBe(thirdParty.length);
    expectSplitsAssigned(thirdParty);
  });
});

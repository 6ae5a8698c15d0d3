/**
 * Waiting, from outside the server, until its background pass has embedded the catalogue: the MCP speed and quality
 * benchmarks measure a server that has been running a while, every tool description with a vector. The data
 * directory's vector file (one per embedder) holds the tool descriptions and the built-in tools' example requests, so
 * its count passes the number of tools long before a joined server's descriptions are in; the pass writes the file
 * every 64 vectors, and on a busy machine a write can take seconds. The pass is over when the count is at least the
 * number of tools and has not grown for `settledAfterMs`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many texts the data directory's vector file holds (the most of any file: one per embedder). */
export function embeddedTexts(dataDir: string): number {
  const folder = join(dataDir, 'tool-vectors');
  if (!existsSync(folder)) return 0;
  let most = 0;
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    try {
      const json = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { vectors?: Record<string, unknown> };
      most = Math.max(most, Object.keys(json.vectors ?? {}).length);
    } catch {
      // Being replaced right now: read again on the next poll.
    }
  }
  return most;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Resolves with the number of texts embedded once the pass is over (see above); rejects at `deadline` (epoch ms) with
 * a message that says what to check. The caller makes no call meanwhile: the pass works only between calls.
 */
export async function waitForToolVectors(dataDir: string, tools: number, options: { deadline: number; settledAfterMs?: number }): Promise<number> {
  const settledAfterMs = options.settledAfterMs ?? 20_000;
  let count = embeddedTexts(dataDir);
  let stableSince = Date.now();
  while (count < tools || Date.now() - stableSince < settledAfterMs) {
    if (Date.now() > options.deadline) throw new Error(`only ${count} tool texts were embedded (${tools} tools served); is the embedding model installed?`);
    await sleep(500);
    const now = embeddedTexts(dataDir);
    if (now !== count) stableSince = Date.now();
    count = now;
  }
  return count;
}

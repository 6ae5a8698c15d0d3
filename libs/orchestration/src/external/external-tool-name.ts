/**
 * Catalogue names of external tools: `<server>__<tool>`, lower-cased, every character outside `[a-z0-9_]` turned into
 * `_`, at most 64 characters. Hyphens are folded too (unlike the Anthropic API, the tool contract allows only
 * `[a-z0-9_]`), so `tavily-search` and `tavily_search` name the same tool. A name that would run past 64 characters
 * keeps its start and gets a short hash of the full name, so two long names never collide.
 */
import { createHash } from 'node:crypto';

const MAX_NAME = 64;

/** The form names are compared in: lower case, `[a-z0-9_]` only. */
export function foldToolName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

export function externalToolName(server: string, tool: string): string {
  const full = `${foldToolName(server)}__${foldToolName(tool)}`;
  if (full.length <= MAX_NAME) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

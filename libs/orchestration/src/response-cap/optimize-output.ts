/**
 * The response optimiser for answers whose shape we do not own (external tools): text that holds JSON is shortened
 * structurally — the largest arrays lose trailing items (an `<key>_omitted` count, or a final note in a top-level
 * array, says how many), then long strings are cut — so what comes back still parses; other text is cut at a
 * character boundary with a marker. When allowed, a summariser may replace an oversized answer instead; if it
 * fails or is slow, truncation is used.
 */
import { CHARS_PER_TOKEN } from './estimate-tokens.js';
import { shortenLongStrings, shortenString } from './shorten-strings.js';

export interface OptimizedOutput {
  text: string;
  wasTruncated: boolean;
  summarized: boolean;
}

export interface OptimizeOptions {
  /** Largest answer kept as it is, in estimated tokens. */
  maxTokens: number;
  /** Summarise instead of cutting (the tool asks for it and `orchestration.summarize` is on). */
  summarizer?: (text: string, maxTokens: number, signal: AbortSignal) => Promise<string>;
  summarizeTimeoutMs?: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface ArraySlot {
  array: Json[];
  /** Where it hangs: the parent object and key, or none for the top level. */
  parent?: { [key: string]: Json };
  key?: string;
  dropped: number;
}

function collectArrays(node: Json, slots: ArraySlot[], parent?: { [key: string]: Json }, key?: string): void {
  if (Array.isArray(node)) {
    slots.push({ array: node, ...(parent ? { parent, key } : {}), dropped: 0 });
    for (const child of node) collectArrays(child, slots);
  } else if (node !== null && typeof node === 'object') {
    for (const [childKey, child] of Object.entries(node)) collectArrays(child, slots, node, childKey);
  }
}

const size = (value: unknown): number => JSON.stringify(value).length;

/** Drops trailing items of the largest arrays until `value` fits `budget` characters (or nothing is left to drop). */
function dropItems(value: Json, budget: number): number {
  const slots: ArraySlot[] = [];
  collectArrays(value, slots);
  let total = 0;
  for (let round = 0; round < 64 && size(value) > budget; round += 1) {
    const largest = slots.filter((slot) => slot.array.length > 0).sort((a, b) => size(b.array) - size(a.array))[0];
    if (!largest) break;
    const over = size(value) - budget;
    const average = size(largest.array) / largest.array.length;
    const drop = Math.min(largest.array.length, Math.max(1, Math.ceil(over / average) + 1));
    largest.array.splice(largest.array.length - drop, drop);
    largest.dropped += drop;
    total += drop;
    if (largest.parent && largest.key !== undefined) largest.parent[`${largest.key}_omitted`] = largest.dropped;
  }
  const top = slots.find((slot) => slot.parent === undefined && slot.array === value);
  if (top && top.dropped > 0) top.array.push(`… ${top.dropped} more items omitted`);
  return total;
}

export function shortenJsonText(text: string, budgetChars: number): string | undefined {
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  dropItems(parsed, budgetChars);
  let result: unknown = parsed;
  for (const limit of [2_000, 500, 120]) {
    if (size(result) <= budgetChars) break;
    result = shortenLongStrings(result, limit).value;
  }
  return JSON.stringify(result);
}

async function summarize(text: string, options: OptimizeOptions): Promise<string | undefined> {
  if (!options.summarizer) return undefined;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      options.summarizer(text, options.maxTokens, controller.signal),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve(undefined);
        }, options.summarizeTimeoutMs ?? 15_000);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export async function optimizeOutput(text: string, options: OptimizeOptions): Promise<OptimizedOutput> {
  const budget = options.maxTokens * CHARS_PER_TOKEN;
  if (text.length <= budget) return { text, wasTruncated: false, summarized: false };
  const summary = await summarize(text, options);
  if (summary !== undefined && summary.trim() !== '') return { text: summary.slice(0, budget), wasTruncated: false, summarized: true };
  const structural = shortenJsonText(text, budget);
  if (structural !== undefined && structural.length <= budget) return { text: structural, wasTruncated: true, summarized: false };
  return { text: shortenString(text, Math.max(0, budget - 40)), wasTruncated: true, summarized: false };
}

/** Whether a result of `estimatedTokens` still fits beside `currentTokens`: at most 80% of the context window. */
export function fitsInContextWindow(currentTokens: number, estimatedTokens: number, contextWindowTokens = 200_000): boolean {
  return currentTokens + estimatedTokens <= contextWindowTokens * 0.8;
}

/** Expected size of a tool's answers and where they are cut. */
export function estimateResponseSize(tool: { response: { typicalTokens: number; maxTokens: number } }): { tokens: number; truncateAt: number } {
  return { tokens: tool.response.typicalTokens, truncateAt: tool.response.maxTokens };
}

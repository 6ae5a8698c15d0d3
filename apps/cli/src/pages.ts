/** Follows `next_cursor` through a list tool so a command can show everything (or up to `max` items). */
import type { ToolRunResult } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';

export interface CollectedPages {
  items: Record<string, unknown>[];
  /** The tool's `total` when it reports one. */
  total?: number;
  /** More items exist beyond `max`. */
  more: boolean;
  warnings: string[];
  /** Everything else the last page carried (e.g. `problems` of list_agents). */
  extra: Record<string, unknown>;
}

export async function collectPages(
  cos: ChiefOfStaff,
  tool: string,
  args: Record<string, unknown>,
  options: { pageSize: number; max?: number },
): Promise<{ ok: true; value: CollectedPages } | Extract<ToolRunResult, { ok: false }>> {
  const items: Record<string, unknown>[] = [];
  const warnings: string[] = [];
  let cursor: string | null = null;
  let extra: Record<string, unknown> = {};
  let total: number | undefined;
  do {
    const limit = options.max === undefined ? options.pageSize : Math.min(options.pageSize, options.max - items.length);
    const result = await cos.callTool(tool, { ...args, limit, ...(cursor ? { cursor } : {}) }, { caller: { kind: 'cli' } });
    if (!result.ok) return result;
    const { items: page, next_cursor, total: pageTotal, warnings: pageWarnings, truncated, ...rest } = result.value as {
      items: Record<string, unknown>[];
      next_cursor: string | null;
      total?: number;
      warnings?: string[];
      truncated?: true;
    };
    items.push(...page);
    for (const warning of pageWarnings ?? []) if (!warnings.includes(warning)) warnings.push(warning);
    total = pageTotal;
    extra = rest;
    // A page cut by the response cap ends its cursor past items it did not return: stop rather than skip them
    // silently; the warning tells the user how to narrow the request.
    if (truncated === true) return { ok: true, value: { items, total, more: true, warnings, extra } };
    cursor = next_cursor;
  } while (cursor !== null && (options.max === undefined || items.length < options.max));
  return { ok: true, value: { items, total, more: cursor !== null, warnings, extra } };
}

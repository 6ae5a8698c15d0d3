/**
 * The catalogue: every tool definition the process exposes, grouped so an embedder can choose which groups to
 * expose. Names are unique across the whole catalogue; a clash is a programming error caught at start-up.
 */
import type { AnyToolDefinition } from '@chief-of-staff/core';

export interface ToolGroup {
  name: string;
  tools: readonly AnyToolDefinition[];
}

export interface ToolCatalogue {
  readonly tools: readonly AnyToolDefinition[];
  get(name: string): AnyToolDefinition | undefined;
}

export function buildToolCatalogue(groups: readonly ToolGroup[], selected?: readonly string[]): ToolCatalogue {
  const known = new Set(groups.map((group) => group.name));
  const unknown = (selected ?? []).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new TypeError(`Unknown tool group(s): ${unknown.join(', ')}. Available groups: ${[...known].join(', ')}.`);
  }
  const byName = new Map<string, AnyToolDefinition>();
  for (const group of groups) {
    if (selected && !selected.includes(group.name)) continue;
    for (const tool of group.tools) {
      if (byName.has(tool.name)) throw new TypeError(`Tool "${tool.name}" is defined twice (group ${group.name}).`);
      byName.set(tool.name, tool);
    }
  }
  // In code-point order: for names of lowercase letters and underscores (every built-in tool's) the order
  // `localeCompare` gave, without the ~6 ms its collation data costs to load, which every process paid here before its
  // first answer.
  const tools = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { tools, get: (name) => byName.get(name) };
}

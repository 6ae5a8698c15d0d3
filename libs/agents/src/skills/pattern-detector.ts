/**
 * The skill pattern detector (docs/reference/algorithms.md#skill-pattern-detection), pure: successful usage rows →
 * per-tool clusters of similar query patterns (Jaccard ≥ 0.4 against each cluster's first member) → suggestions with
 * an absolute confidence from volume, recency and spread. A single busy cluster is not automatically certain.
 */
import { createHash } from 'node:crypto';
import { formatDateInZone } from '@chief-of-staff/core';
import { capabilitiesForTools, isRestrictedCapability } from '@chief-of-staff/capabilities';
import { AGENT_NAME_MAX_LENGTH } from '../config/agent-config-schema.js';
import { jaccard, tokenizePattern } from './pattern-tokens.js';

export interface UsageRow {
  tool_name: string;
  query_pattern: string;
  /** UTC ISO timestamp. */
  created_at: string;
}

export interface PatternDetectionOptions {
  minOccurrences: number;
  threshold: number;
  windowDays: number;
  now: Date;
  /** The user's zone: "distinct days used" are local days. */
  timezone: string;
}

export interface DetectedPattern {
  signature: string;
  tool_name: string;
  /** The cluster's most frequent patterns (≤5). */
  patterns: string[];
  /** The top tokens that make up the signature. */
  tokens: string[];
  occurrences: number;
  distinct_days: number;
  last_used_at: string;
  confidence: number;
  description: string;
  suggested_name: string;
  suggested_capabilities: string[];
  restricted_capabilities: string[];
}

/** Tools that analyse usage themselves, and tool_search, never become skills. */
export const SKILL_EXCLUDED_TOOLS: ReadonlySet<string> = new Set([
  'record_tool_usage',
  'analyze_skill_patterns',
  'list_skill_suggestions',
  'auto_create_skill',
  'reject_skill_suggestion',
  'get_tool_statistics',
  'get_orchestration_stats',
  'tool_search',
]);

const CLUSTER_SIMILARITY = 0.4;
const DAY_MS = 86_400_000;

interface PatternGroup {
  pattern: string;
  count: number;
  tokens: string[];
  tokenSet: Set<string>;
  timestamps: string[];
}

interface Cluster {
  representative: Set<string>;
  members: PatternGroup[];
}

function topTokens(cluster: Cluster): string[] {
  const frequency = new Map<string, number>();
  for (const member of cluster.members) {
    for (const token of member.tokenSet) frequency.set(token, (frequency.get(token) ?? 0) + member.count);
  }
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, 5)
    .map(([token]) => token);
}

function suggestedName(tool: string, tokens: readonly string[]): string {
  const suffix = '_specialist';
  const token = tokens.find((candidate) => /^[a-z0-9]+$/.test(candidate));
  if (token === undefined) return `${tool}${suffix}`.slice(0, AGENT_NAME_MAX_LENGTH);
  const room = AGENT_NAME_MAX_LENGTH - tool.length - suffix.length - 1;
  if (room <= 0) return `${tool}${suffix}`.slice(0, AGENT_NAME_MAX_LENGTH);
  return `${tool}_${token.slice(0, room)}${suffix}`;
}

export function detectSkillPatterns(rows: readonly UsageRow[], options: PatternDetectionOptions): DetectedPattern[] {
  const nowMs = options.now.getTime();
  const since = nowMs - options.windowDays * DAY_MS;
  const byTool = new Map<string, Map<string, PatternGroup>>();
  for (const row of rows) {
    const at = Date.parse(row.created_at);
    if (Number.isNaN(at) || at < since || at > nowMs) continue;
    if (SKILL_EXCLUDED_TOOLS.has(row.tool_name)) continue;
    const pattern = row.query_pattern.trim();
    if (pattern === '' || pattern === 'auto') continue;
    let groups = byTool.get(row.tool_name);
    if (groups === undefined) byTool.set(row.tool_name, (groups = new Map()));
    let group = groups.get(pattern);
    if (group === undefined) {
      const tokens = tokenizePattern(pattern);
      group = { pattern, count: 0, tokens, tokenSet: new Set(tokens), timestamps: [] };
      groups.set(pattern, group);
    }
    group.count += 1;
    group.timestamps.push(row.created_at);
  }

  const detected: DetectedPattern[] = [];
  const seen = new Set<string>();
  for (const tool of [...byTool.keys()].sort()) {
    const groups = [...(byTool.get(tool) as Map<string, PatternGroup>).values()]
      .filter((group) => group.tokenSet.size > 0)
      .sort((a, b) => b.count - a.count || (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0));
    const clusters: Cluster[] = [];
    for (const group of groups) {
      const home = clusters.find((cluster) => jaccard(cluster.representative, group.tokenSet) >= CLUSTER_SIMILARITY);
      if (home === undefined) clusters.push({ representative: group.tokenSet, members: [group] });
      else home.members.push(group);
    }
    for (const cluster of clusters) {
      const total = cluster.members.reduce((sum, member) => sum + member.count, 0);
      if (total < options.minOccurrences) continue;
      const timestamps = cluster.members.flatMap((member) => member.timestamps);
      const lastUsed = timestamps.reduce((latest, at) => (at > latest ? at : latest), '');
      const days = new Set(timestamps.map((at) => formatDateInZone(new Date(at), options.timezone)));
      const daysSinceLastUse = Math.max(0, (nowMs - Date.parse(lastUsed)) / DAY_MS);
      const volume = Math.min(1, total / (2 * options.minOccurrences));
      const recency = 0.5 ** (daysSinceLastUse / 14);
      const spread = Math.min(1, days.size / 5);
      const confidence = Math.round((0.5 * volume + 0.3 * recency + 0.2 * spread) * 1_000) / 1_000;
      if (confidence < options.threshold) continue;
      const tokens = topTokens(cluster);
      const signature = createHash('sha256')
        .update(`${tool}\u0000${[...tokens].sort().join(' ')}`)
        .digest('hex')
        .slice(0, 32);
      if (seen.has(signature)) continue;
      seen.add(signature);
      const patterns = cluster.members.slice(0, 5).map((member) => member.pattern);
      const capabilities = capabilitiesForTools([tool]);
      detected.push({
        signature,
        tool_name: tool,
        patterns,
        tokens,
        occurrences: total,
        distinct_days: days.size,
        last_used_at: new Date(lastUsed).toISOString(),
        confidence,
        description: `Repeated use of ${tool} for: ${patterns.join('; ')}`,
        suggested_name: suggestedName(tool, tokens),
        suggested_capabilities: capabilities,
        restricted_capabilities: capabilities.filter((capability) => isRestrictedCapability(capability)),
      });
    }
  }
  return detected.sort((a, b) => b.confidence - a.confidence || (a.tool_name < b.tool_name ? -1 : 1));
}

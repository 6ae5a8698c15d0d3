/**
 * Lookups over the capability table (docs/reference/tool-catalogue.md#capabilities-and-tools): validation of an
 * agent's capability list, the tools a list grants, which capabilities grant a tool, and restriction checks.
 * Everything here is pure; the one dynamic input — external MCP servers assigned to `web_search`
 * (docs/orchestration.md#external-mcp-servers) — is passed in as `externalGrants`.
 */
import { ToolError } from '@chief-of-staff/core';
import {
  CAPABILITY_DEFINITIONS,
  IMPLICIT_AGENT_TOOLS,
  LEGACY_CAPABILITY_DEFINITIONS,
  type CapabilityDefinition,
  type LegacyCapabilityDefinition,
} from './capability-definitions.js';

/**
 * Tools granted by capabilities beyond the static table, keyed by capability name. Today only `web_search`
 * gets these (the tools of the external servers assigned to it); a legacy capability with grants is shown and
 * treated as implemented.
 */
export type ExternalCapabilityGrants = Readonly<Record<string, readonly string[]>>;

export interface CapabilityLookupOptions {
  externalGrants?: ExternalCapabilityGrants;
}

const byName = new Map<string, CapabilityDefinition>(CAPABILITY_DEFINITIONS.map((c) => [c.name, c]));
const legacyByName = new Map<string, LegacyCapabilityDefinition>(LEGACY_CAPABILITY_DEFINITIONS.map((c) => [c.name, c]));

/** Names of the implemented capabilities, in table order. */
export const IMPLEMENTED_CAPABILITY_NAMES: readonly string[] = Object.freeze(CAPABILITY_DEFINITIONS.map((c) => c.name));

/** Names of the legacy capabilities, alphabetical. */
export const LEGACY_CAPABILITY_NAMES: readonly string[] = Object.freeze(
  LEGACY_CAPABILITY_DEFINITIONS.map((c) => c.name).sort(),
);

/** Names of the restricted capabilities (docs/security.md#capabilities), in table order. */
export const RESTRICTED_CAPABILITY_NAMES: readonly string[] = Object.freeze(
  CAPABILITY_DEFINITIONS.filter((c) => c.restricted).map((c) => c.name),
);

/** Every name accepted in a config (implemented + legacy), alphabetical. */
export const VALID_CAPABILITY_NAMES: readonly string[] = Object.freeze(
  [...IMPLEMENTED_CAPABILITY_NAMES, ...LEGACY_CAPABILITY_NAMES].sort(),
);

export function getCapabilityDefinition(name: string): CapabilityDefinition | undefined {
  return byName.get(name);
}

export function isKnownCapability(name: string): boolean {
  return byName.has(name) || legacyByName.has(name);
}

export function isRestrictedCapability(name: string): boolean {
  return byName.get(name)?.restricted === true;
}

/** True for a legacy capability that grants nothing (web_search with external grants is not legacy then). */
export function isLegacyCapability(name: string, options: CapabilityLookupOptions = {}): boolean {
  if (!legacyByName.has(name)) return false;
  return (options.externalGrants?.[name]?.length ?? 0) === 0;
}

/**
 * Validates an agent's capability list (docs/reference/agents.md#registry): entries are trimmed, blanks skipped,
 * duplicates dropped keeping the first occurrence. Any unknown name fails the whole list with an INVALID_ARGUMENT
 * error that lists every valid name, so the author can fix it in one go.
 */
export function validateCapabilities(list: readonly string[], field = 'capabilities'): string[] {
  const result: string[] = [];
  const seen = new Set<string>();
  const unknown: string[] = [];
  for (const entry of list) {
    const name = entry.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    if (isKnownCapability(name)) result.push(name);
    else unknown.push(name);
  }
  if (unknown.length > 0) {
    const quoted = unknown.map((name) => `"${name}"`).join(', ');
    throw new ToolError(
      'INVALID_ARGUMENT',
      `${field}: unknown ${unknown.length === 1 ? 'capability' : 'capabilities'} ${quoted}. ` +
        `Valid capabilities: ${VALID_CAPABILITY_NAMES.join(', ')}.`,
      { details: { field, unknown, valid: [...VALID_CAPABILITY_NAMES] } },
    );
  }
  return result;
}

/** Tools one capability grants (external grants included); unknown and legacy names grant nothing. */
export function toolsForCapability(name: string, options: CapabilityLookupOptions = {}): readonly string[] {
  const definition = byName.get(name);
  const external = options.externalGrants?.[name] ?? [];
  if (definition === undefined) return legacyByName.has(name) ? external : [];
  return external.length === 0 ? definition.tools : [...definition.tools, ...external];
}

/** Tools granted by a capability list, deduplicated in capability order. Does not add implicit tools. */
export function toolsForCapabilities(
  capabilities: readonly string[],
  options: CapabilityLookupOptions = {},
): string[] {
  const tools: string[] = [];
  const seen = new Set<string>();
  for (const capability of capabilities) {
    for (const tool of toolsForCapability(capability, options)) {
      if (seen.has(tool)) continue;
      seen.add(tool);
      tools.push(tool);
    }
  }
  return tools;
}

/** What an agent may call: its capability tools plus the implicit ones (`tool_search`). */
export function agentToolNames(capabilities: readonly string[], options: CapabilityLookupOptions = {}): string[] {
  const tools = toolsForCapabilities(capabilities, options);
  for (const implicit of IMPLICIT_AGENT_TOOLS) if (!tools.includes(implicit)) tools.push(implicit);
  return tools;
}

/** Capabilities that grant a tool, in table order (external grants after). Empty for host-only and unknown tools. */
export function capabilitiesGrantingTool(tool: string, options: CapabilityLookupOptions = {}): string[] {
  const result = CAPABILITY_DEFINITIONS.filter((c) => c.tools.includes(tool)).map((c) => c.name);
  for (const [capability, tools] of Object.entries(options.externalGrants ?? {})) {
    if (tools.includes(tool) && !result.includes(capability)) result.push(capability);
  }
  return result;
}

/**
 * The smallest capability list that grants every tool given (each tool maps to the first capability granting
 * it; tools no capability grants are skipped). Used by the skills detector to suggest capabilities.
 */
export function capabilitiesForTools(tools: readonly string[], options: CapabilityLookupOptions = {}): string[] {
  const result: string[] = [];
  for (const tool of tools) {
    const first = capabilitiesGrantingTool(tool, options)[0];
    if (first !== undefined && !result.includes(first)) result.push(first);
  }
  return result;
}

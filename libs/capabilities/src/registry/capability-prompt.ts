/**
 * Capability descriptions for model prompts: one line per capability with the tools it grants. The agent
 * factory shows these to the model that designs agents; agents see their own in the runtime context.
 */
import { CAPABILITY_DEFINITIONS, LEGACY_CAPABILITY_DEFINITIONS } from './capability-definitions.js';
import { isLegacyCapability, toolsForCapability, type CapabilityLookupOptions } from './capability-registry.js';

export interface CapabilityPromptOptions extends CapabilityLookupOptions {
  /** Only these capabilities (in this order); default every implemented then every legacy capability. */
  capabilities?: readonly string[];
  /** Mark restricted capabilities "restricted — only if allowed" (the factory prompt does). */
  markRestricted?: boolean;
}

const describe = new Map<string, string>([
  ...CAPABILITY_DEFINITIONS.map((c) => [c.name, c.description] as const),
  ...LEGACY_CAPABILITY_DEFINITIONS.map((c) => [c.name, c.description] as const),
]);

/** The prompt line for one capability, or undefined for an unknown name. */
export function capabilityPromptLine(name: string, options: CapabilityPromptOptions = {}): string | undefined {
  const description = describe.get(name);
  if (description === undefined) return undefined;
  if (isLegacyCapability(name, options)) return `- ${name}: ${description} (legacy — no tools)`;
  const definition = CAPABILITY_DEFINITIONS.find((c) => c.name === name);
  const tools = toolsForCapability(name, options);
  const parts = [`- ${name}: ${description}`];
  parts.push(tools.length > 0 ? ` — tools: ${tools.join(', ')}` : ' — no tools');
  if (definition?.notes !== undefined) parts.push(`; ${definition.notes}`);
  if (options.markRestricted === true && definition?.restricted === true) parts.push(' (restricted — only if allowed)');
  return parts.join('');
}

/** One line per capability; unknown names are skipped. */
export function capabilityPromptLines(options: CapabilityPromptOptions = {}): string[] {
  const names = options.capabilities ?? [
    ...CAPABILITY_DEFINITIONS.map((c) => c.name),
    ...LEGACY_CAPABILITY_DEFINITIONS.map((c) => c.name),
  ];
  const lines: string[] = [];
  for (const name of names) {
    const line = capabilityPromptLine(name, options);
    if (line !== undefined) lines.push(line);
  }
  return lines;
}

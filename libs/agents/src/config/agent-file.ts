/**
 * Reading and writing one agent YAML file: parse, validate with the config schema, report unknown keys as
 * warnings, and render a config back to YAML with a stable key order and the prompt as a literal block.
 */
import { parseDocument, stringify } from 'yaml';
import type { z } from 'zod';
import { AGENT_CONFIG_KEYS, agentConfigSchema, type AgentConfig } from './agent-config-schema.js';

export type ParsedAgentFile =
  | { ok: true; config: AgentConfig; warnings: string[] }
  | { ok: false; error: string };

/** "field: message" for each issue, joined; paths are shown the way the YAML author wrote them. */
export function formatConfigIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.');
      return path === '' ? issue.message : `${path.replace(/\.\[/g, '[')}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Parses the text of `<stem>.yaml`. The stem must equal the `name` inside, so a file can never shadow another
 * agent by declaring someone else's name.
 */
export function parseAgentFile(text: string, stem: string): ParsedAgentFile {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    const first = document.errors[0];
    return { ok: false, error: `invalid YAML: ${first?.message.split('\n')[0] ?? 'parse error'}` };
  }
  const raw: unknown = document.toJS();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: 'the file must contain a YAML mapping with name, description and system_prompt' };
  }
  const parsed = agentConfigSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: formatConfigIssues(parsed.error.issues) };
  if (parsed.data.name !== stem) {
    return { ok: false, error: `name "${parsed.data.name}" must equal the file name "${stem}"` };
  }
  const unknown = Object.keys(raw).filter((key) => !AGENT_CONFIG_KEYS.includes(key));
  const warnings = unknown.length === 0 ? [] : [`unknown keys ignored: ${unknown.join(', ')}`];
  return { ok: true, config: parsed.data, warnings };
}

/** Renders a config as YAML: keys in schema order, undefined fields left out, multi-line text as literal blocks. */
export function renderAgentFile(config: AgentConfig): string {
  const ordered: Record<string, unknown> = {};
  for (const key of AGENT_CONFIG_KEYS) {
    const value = (config as Record<string, unknown>)[key];
    if (value !== undefined) ordered[key] = value;
  }
  return stringify(ordered, { lineWidth: 0, blockQuote: 'literal' });
}

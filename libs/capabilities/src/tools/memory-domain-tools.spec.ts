import { describe, expect, it } from '@jest/globals';
import { toolInputJsonSchema, type AnyToolDefinition } from '@chief-of-staff/core';
import { CAPABILITY_DEFINITIONS } from '../registry/capability-definitions.js';
import { allMemoryDomainTools } from './memory-domain-tools.js';

/** Ann codes of docs/reference/conventions.md#annotations (readOnly, destructive, idempotent, openWorld). */
const EXPECTED_ANNOTATIONS: Record<string, string> = {
  query_memory: 'R-I-',
  store_memory: 'W-I-',
  store_fact: 'W-I-',
  delete_fact: 'WDI-',
  list_facts: 'R-I-',
  store_location: 'W-I-',
  list_locations: 'R-I-',
  search_identity: 'R-I-',
  list_people: 'R-I-',
  link_identity: 'W-I-',
  unlink_identity: 'WDI-',
  create_decision: 'W---',
  search_decisions: 'R-I-',
  update_decision: 'W---',
  list_pending_decisions: 'R-I-',
  delete_decision: 'WDI-',
  create_delegation: 'W---',
  list_delegations: 'R-I-',
  update_delegation: 'W---',
  check_overdue_delegations: 'R-I-',
  delete_delegation: 'WDI-',
  create_alert_rule: 'W---',
  list_alert_rules: 'R-I-',
  check_alerts: 'R-I-',
  dismiss_alert: 'W-I-',
  delete_alert_rule: 'WDI-',
  get_agent_memory: 'R-I-',
  store_agent_memory: 'W-I-',
  clear_agent_memory: 'WDI-',
  store_shared_memory: 'W-I-',
  get_shared_memory: 'R-I-',
  record_tool_usage: 'W---',
  list_skill_suggestions: 'R-I-',
  reject_skill_suggestion: 'W-I-',
  get_tool_statistics: 'R-I-',
};

function annotationCode(tool: AnyToolDefinition): string {
  const a = tool.annotations;
  return `${a.readOnlyHint ? 'R' : 'W'}${a.destructiveHint ? 'D' : '-'}${a.idempotentHint ? 'I' : '-'}${a.openWorldHint ? 'O' : '-'}`;
}

const tools = allMemoryDomainTools as readonly AnyToolDefinition[];

describe('memory-domain tool catalogue', () => {
  it('defines each tool of the domain exactly once with its expected annotations', () => {
    const names = tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(EXPECTED_ANNOTATIONS).sort());
    for (const tool of tools) expect(`${tool.name} ${annotationCode(tool)}`).toBe(`${tool.name} ${EXPECTED_ANNOTATIONS[tool.name]}`);
  });

  it('describes every input field and rejects unknown keys', () => {
    for (const tool of tools) {
      const schema = toolInputJsonSchema(tool) as { properties?: Record<string, { description?: string }>; additionalProperties?: unknown };
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        expect(`${tool.name}.${field}: ${property.description ? 'described' : 'MISSING'}`).toBe(`${tool.name}.${field}: described`);
      }
      expect(`${tool.name}: ${String(schema.additionalProperties)}`).toBe(`${tool.name}: false`);
    }
  });

  it('only contains tools the capability table grants', () => {
    const granted = new Set(CAPABILITY_DEFINITIONS.flatMap((capability) => capability.tools));
    for (const tool of tools) expect(`${tool.name}: ${granted.has(tool.name)}`).toBe(`${tool.name}: true`);
  });
});

import { describe, expect, it } from '@jest/globals';
import { isToolError, TOOL_NAME_PATTERN, type ToolError } from '@chief-of-staff/core';
import { CAPABILITY_DEFINITIONS, HOST_ONLY_TOOLS, IMPLICIT_AGENT_TOOLS } from './capability-definitions.js';
import {
  agentToolNames,
  capabilitiesForTools,
  capabilitiesGrantingTool,
  isLegacyCapability,
  isRestrictedCapability,
  RESTRICTED_CAPABILITY_NAMES,
  toolsForCapabilities,
  validateCapabilities,
  VALID_CAPABILITY_NAMES,
} from './capability-registry.js';
import { capabilityPromptLine, capabilityPromptLines } from './capability-prompt.js';

function thrown(fn: () => unknown): ToolError {
  try {
    fn();
  } catch (error) {
    if (isToolError(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolError');
}

describe('capability table', () => {
  it('grants every tool through exactly one capability and uses valid tool names', () => {
    const seen = new Map<string, string>();
    for (const capability of CAPABILITY_DEFINITIONS) {
      for (const tool of capability.tools) {
        expect(tool).toMatch(TOOL_NAME_PATTERN);
        expect(seen.get(tool)).toBeUndefined();
        seen.set(tool, capability.name);
      }
    }
    for (const tool of [...HOST_ONLY_TOOLS, ...IMPLICIT_AGENT_TOOLS]) expect(seen.has(tool)).toBe(false);
  });

  it('marks exactly the restricted capabilities', () => {
    expect([...RESTRICTED_CAPABILITY_NAMES].sort()).toEqual(
      [
        'admin',
        'agent_dispatch',
        'agent_memory_admin',
        'agent_write',
        'alerts_write',
        'calendar_write',
        'mail_write',
        'notifications',
        'scheduler_write',
        'webhook_write',
      ].sort(),
    );
    expect(isRestrictedCapability('mail_write')).toBe(true);
    expect(isRestrictedCapability('mail_read')).toBe(false);
    expect(isRestrictedCapability('nonsense')).toBe(false);
  });
});

describe('validateCapabilities', () => {
  it('trims, skips blanks and dedupes keeping the first order', () => {
    expect(validateCapabilities([' mail_read', 'memory_read', '', '   ', 'mail_read ', 'writing'])).toEqual([
      'mail_read',
      'memory_read',
      'writing',
    ]);
  });

  it('rejects unknown names with an error listing every valid name alphabetically', () => {
    const error = thrown(() => validateCapabilities(['memory_read', 'jira_read', 'teleport']));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('capabilities: unknown capabilities "jira_read", "teleport"');
    expect(error.message).toContain(`Valid capabilities: ${[...VALID_CAPABILITY_NAMES].join(', ')}.`);
    expect([...VALID_CAPABILITY_NAMES]).toEqual([...VALID_CAPABILITY_NAMES].sort());
    expect(VALID_CAPABILITY_NAMES).toContain('web_search');
    expect(VALID_CAPABILITY_NAMES).toContain('agent_memory_admin');
    expect(error.details).toMatchObject({ field: 'capabilities', unknown: ['jira_read', 'teleport'] });
  });

  it('names the field it was given', () => {
    expect(thrown(() => validateCapabilities(['x'], 'allow_restricted')).message).toMatch(/^allow_restricted: unknown capability "x"/);
  });
});

describe('tools and capabilities', () => {
  it('maps a capability list to its tools in capability order without duplicates', () => {
    expect(toolsForCapabilities(['document_search', 'memory_read', 'document_search', 'writing', 'agent_memory_admin'])).toEqual([
      'search_documents',
      'list_documents',
      'query_memory',
      'list_facts',
      'list_locations',
      'search_identity',
      'list_people',
    ]);
  });

  it('adds tool_search for agents', () => {
    expect(agentToolNames([])).toEqual(['tool_search']);
    expect(agentToolNames(['agent_read'])).toEqual(['list_agents', 'get_agent', 'tool_search']);
  });

  it('finds the capabilities granting a tool; host-only and implicit tools have none', () => {
    expect(capabilitiesGrantingTool('send_email')).toEqual(['mail_write']);
    expect(capabilitiesGrantingTool('import_data')).toEqual([]);
    expect(capabilitiesGrantingTool('tool_search')).toEqual([]);
    expect(capabilitiesForTools(['query_memory', 'list_facts', 'send_email', 'import_data'])).toEqual([
      'memory_read',
      'mail_write',
    ]);
  });

  it('treats web_search as implemented only when external tools are assigned to it', () => {
    expect(isLegacyCapability('web_search')).toBe(true);
    expect(toolsForCapabilities(['web_search'])).toEqual([]);
    const externalGrants = { web_search: ['brave_web_search'] };
    expect(isLegacyCapability('web_search', { externalGrants })).toBe(false);
    expect(toolsForCapabilities(['web_search', 'memory_read'], { externalGrants })[0]).toBe('brave_web_search');
    expect(capabilitiesGrantingTool('brave_web_search', { externalGrants })).toEqual(['web_search']);
  });
});

describe('capability prompt lines', () => {
  it('shows one line per capability with its tools, legacy ones as "legacy — no tools"', () => {
    const lines = capabilityPromptLines();
    expect(lines).toHaveLength(VALID_CAPABILITY_NAMES.length);
    expect(lines).toContain(
      '- document_search: Search and list ingested documents — tools: search_documents, list_documents',
    );
    expect(lines.find((line) => line.startsWith('- writing:'))).toMatch(/\(legacy — no tools\)$/);
    expect(lines.find((line) => line.startsWith('- agent_memory_admin:'))).toContain('no tools');
  });

  it('marks restricted ones when asked and respects the requested list', () => {
    const lines = capabilityPromptLines({ capabilities: ['mail_write', 'bogus', 'memory_read'], markRestricted: true });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^- mail_write: .*send_email.*\(restricted — only if allowed\)$/);
    expect(lines[1]).not.toContain('restricted');
    expect(capabilityPromptLine('web_search', { externalGrants: { web_search: ['search_web'] } })).toContain(
      'tools: search_web',
    );
  });
});

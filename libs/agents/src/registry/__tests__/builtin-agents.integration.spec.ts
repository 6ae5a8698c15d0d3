/**
 * Every built-in agent (docs/reference/agents.md#built-in-agents): loads without problems, has exactly the
 * capabilities listed there, names only agents that exist, and mentions no tool outside its effective tools.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  agentToolNames,
  CAPABILITY_DEFINITIONS,
  HOST_ONLY_TOOLS,
  IMPLICIT_AGENT_TOOLS,
} from '@chief-of-staff/capabilities';
import { AgentRegistry, DEFAULT_BUILTIN_AGENT_DIR } from '../agent-registry.js';

const R = ['memory_read', 'memory_write', 'document_search'];
const EXPECTED: Record<string, string[]> = {
  chief_of_staff: ['memory_read', 'memory_write', 'document_search', 'calendar_read', 'reminders_read', 'mail_read', 'messages_read', 'decision_read', 'delegation_read', 'alerts_read', 'scheduling', 'enrichment', 'proactive_read', 'agent_read', 'agent_dispatch', 'web_search'],
  daily_briefing: [...R, 'calendar_read', 'reminders_read', 'mail_read', 'messages_read', 'delegation_read', 'decision_read', 'alerts_read'],
  weekly_planner: [...R, 'calendar_read', 'reminders_read', 'mail_read', 'delegation_read', 'decision_read'],
  meeting_prep: ['memory_read', 'document_search', 'calendar_read', 'reminders_read', 'mail_read', 'messages_read', 'decision_read', 'delegation_read', 'enrichment'],
  meeting_debrief: ['memory_read', 'memory_write', 'decision_write', 'delegation_write', 'calendar_read'],
  agenda_manager: [...R, 'calendar_read', 'mail_read', 'decision_read', 'delegation_read'],
  scheduler: ['calendar_read', 'scheduling', 'memory_read'],
  project_manager: [...R, 'mail_read', 'decision_read', 'decision_write', 'delegation_read', 'delegation_write', 'calendar_read', 'reminders_read', 'agent_memory_read', 'agent_memory_write'],
  project_planner: [...R, 'calendar_read', 'reminders_read', 'decision_read', 'delegation_read', 'agent_memory_read', 'agent_memory_write'],
  research_and_strategy: [...R, 'mail_read', 'decision_read', 'decision_write', 'delegation_read', 'calendar_read', 'agent_memory_read', 'agent_memory_write', 'web_search'],
  backlog_manager: R,
  okr_tracker: R,
  decision_tracker: [...R, 'decision_read', 'decision_write'],
  delegation_tracker: [...R, 'delegation_read', 'delegation_write'],
  action_item_tracker: [...R, 'reminders_read', 'reminders_write', 'delegation_read', 'calendar_read', 'mail_read', 'messages_read'],
  proactive_alerts: [...R, 'alerts_read', 'alerts_write', 'delegation_read', 'decision_read', 'calendar_read', 'proactive_read'],
  communications: ['memory_read', 'memory_write', 'mail_read', 'mail_write', 'notifications', 'enrichment'],
  inbox_triage: ['memory_read', 'memory_write', 'channel_read', 'agent_read'],
  approval_triage: [...R, 'mail_read', 'webhook_read', 'decision_read', 'decision_write'],
  incident_summarizer: [...R, 'mail_read', 'calendar_read', 'webhook_read'],
  document_librarian: R,
  report_builder: [...R, 'mail_read', 'decision_read', 'delegation_read', 'calendar_read', 'reminders_read', 'agent_memory_read', 'agent_memory_write'],
  workflow_optimizer: [...R, 'skill_read', 'agent_memory_read', 'agent_read'],
  security_auditor: R,
  code_quality_reviewer: R,
  security_metrics: [...R, 'webhook_read', 'alerts_read', 'agent_dispatch'],
  endpoint_security_metrics: [...R, 'webhook_read'],
  email_and_awareness_metrics: [...R, 'webhook_read'],
  github_security: [...R, 'webhook_read'],
  project_review_board: [...R, 'agent_dispatch'],
  project_review_architecture: R,
  project_review_reliability: R,
  project_review_security: R,
  project_review_product: R,
  project_review_delivery: R,
};

const KNOWN_TOOLS = new Set([...CAPABILITY_DEFINITIONS.flatMap((c) => c.tools), ...HOST_ONLY_TOOLS, ...IMPLICIT_AGENT_TOOLS]);
const SKELETON = ['## Process', '## Output format', '## Guidelines', '## Related agents', '## When something fails', '## Untrusted content'];
/** Backticked words that are neither tools nor agents but legitimately appear in prompts. */
const NON_AGENT_WORDS = new Set(['none', 'backlog', 'missing_agent_suggestion']);

const userDir = mkdtempSync(join(tmpdir(), 'cos-builtins-'));
afterAll(() => rmSync(userDir, { recursive: true, force: true }));
const registry = new AgentRegistry({ builtinDir: DEFAULT_BUILTIN_AGENT_DIR, userDir });
const agents = registry.list();
const names = new Set(agents.map((a) => a.config.name));

describe('built-in agents', () => {
  it('load without problems and are exactly the expected agents', () => {
    expect(registry.problems()).toEqual([]);
    expect([...names].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const agent of agents) expect(agent.origin).toBe('builtin');
  });

  it.each(Object.entries(EXPECTED))('%s has exactly its listed capabilities', (name, capabilities) => {
    expect(registry.get(name)?.config.capabilities).toEqual(capabilities);
  });

  it.each([...Object.keys(EXPECTED)])('%s mentions only tools it can reach and agents that exist', (name) => {
    const config = registry.get(name)?.config;
    if (config === undefined) throw new Error(`${name} missing`);
    const effective = new Set(agentToolNames(config.capabilities));
    const mentionedTools = [...new Set(config.system_prompt.match(/[a-z][a-z0-9_]*/g) ?? [])].filter((word) => KNOWN_TOOLS.has(word));
    expect(mentionedTools.filter((tool) => !effective.has(tool))).toEqual([]);
    const backticked = [...config.system_prompt.matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1] as string);
    const named = backticked.filter((word) => !KNOWN_TOOLS.has(word) && !NON_AGENT_WORDS.has(word));
    expect(named.filter((agent) => !names.has(agent))).toEqual([]);
    for (const section of SKELETON) expect(config.system_prompt).toContain(section);
    expect(config.system_prompt).not.toMatch(/\b(jira|confluence|workday|okta|sharepoint|ms teams|microsoft teams)\b/i);
  });

  it('uses the default model settings and the noted exceptions', () => {
    const pick = (name: string) => {
      const c = registry.get(name)?.config;
      return [c?.model, c?.temperature, c?.max_tokens];
    };
    expect(pick('daily_briefing')).toEqual(['sonnet', 0.3, 4096]);
    expect(pick('scheduler')).toEqual(['haiku', 0.3, 4096]);
    expect(pick('communications')).toEqual(['haiku', 0.2, 2048]);
    expect(pick('inbox_triage')).toEqual(['haiku', 0, 512]);
    for (const name of ['project_review_board', 'project_review_architecture', 'project_review_reliability', 'project_review_security', 'project_review_product', 'project_review_delivery']) {
      expect(pick(name)[1]).toBe(0.2);
    }
  });
});

/**
 * The skills workflow over its ports: analyse the usage log and upsert suggestions, and turn a pending
 * suggestion into an agent through the factory
 * (docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment,
 * docs/reference/algorithms.md#skill-pattern-detection).
 */
import { ToolError, type ToolCaller } from '@chief-of-staff/core';
import type { AgentEntry } from '../registry/agent-registry.js';
import type { AgentsService } from '../service/agents-service.js';
import { detectSkillPatterns, type DetectedPattern } from './pattern-detector.js';
import type { SkillsPorts } from './skills-ports.js';

export interface AnalyzeSkillPatternsInput {
  minOccurrences?: number;
  confidenceThreshold?: number;
  windowDays?: number;
}

export interface AnalyzeSkillPatternsResult {
  patterns: Array<DetectedPattern & { suggestion_id: number; status: string }>;
  created: number;
  updated: number;
}

export function requireSkills(service: AgentsService): SkillsPorts {
  if (service.skills === undefined) {
    throw new ToolError('NOT_CONFIGURED', 'Skill suggestions need the usage log and the suggestion store, which are not set up here.', {
      hint: 'Run the tool through the Chief of Staff server or CLI, which provide both.',
    });
  }
  return service.skills;
}

export async function analyzeSkillPatterns(service: AgentsService, input: AnalyzeSkillPatternsInput): Promise<AnalyzeSkillPatternsResult> {
  const skills = requireSkills(service);
  const windowDays = input.windowDays ?? skills.settings.windowDays;
  const now = service.clock.now();
  const since = new Date(now.getTime() - windowDays * 86_400_000).toISOString();
  const rows = await skills.usage.listSuccessfulUsage(since);
  const detected = detectSkillPatterns(rows, {
    minOccurrences: input.minOccurrences ?? skills.settings.minOccurrences,
    threshold: input.confidenceThreshold ?? skills.settings.threshold,
    windowDays,
    now,
    timezone: service.clock.timezone,
  });
  const result: AnalyzeSkillPatternsResult = { patterns: [], created: 0, updated: 0 };
  for (const pattern of detected) {
    const { suggestion, outcome } = await skills.suggestions.upsert(
      {
        signature: pattern.signature,
        tool_name: pattern.tool_name,
        patterns: pattern.patterns,
        description: pattern.description,
        suggested_name: pattern.suggested_name,
        suggested_capabilities: pattern.suggested_capabilities,
        occurrences: pattern.occurrences,
        confidence: pattern.confidence,
      },
      now.toISOString(),
    );
    if (outcome === 'created') result.created += 1;
    if (outcome === 'updated') result.updated += 1;
    result.patterns.push({ ...pattern, suggestion_id: suggestion.id, status: suggestion.status });
  }
  return result;
}

export interface AutoCreateSkillInput {
  suggestionId: number;
  name?: string;
  allowRestricted?: readonly string[];
  overwrite?: boolean;
  caller: ToolCaller;
  signal?: AbortSignal;
}

export async function autoCreateSkill(
  service: AgentsService,
  input: AutoCreateSkillInput,
): Promise<{ agent: AgentEntry; suggestion_id: number; warnings: string[] }> {
  const skills = requireSkills(service);
  const suggestion = await skills.suggestions.get(input.suggestionId);
  if (suggestion === undefined) throw ToolError.notFound('Skill suggestion', input.suggestionId);
  if (suggestion.status !== 'pending') {
    throw new ToolError('CONFLICT', `Skill suggestion ${suggestion.id} is already ${suggestion.status}.`, {
      hint: 'Only pending suggestions can become agents; see list_skill_suggestions.',
      details: { suggestion_id: suggestion.id, status: suggestion.status },
    });
  }
  const { agent, warnings } = await service.factory.create({
    description:
      `${suggestion.description}. Create a specialist agent that handles these recurring requests well, ` +
      `using ${suggestion.tool_name} first.`,
    name: input.name ?? suggestion.suggested_name,
    requiredCapabilities: suggestion.suggested_capabilities,
    ...(input.allowRestricted === undefined ? {} : { allowRestricted: input.allowRestricted }),
    ...(input.overwrite === undefined ? {} : { overwrite: input.overwrite }),
    ...(input.caller.kind === 'agent' ? { callerCapabilities: input.caller.capabilities ?? [] } : {}),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  });
  await skills.suggestions.markAccepted(suggestion.id, agent.config.name, service.clock.now().toISOString());
  return { agent, suggestion_id: suggestion.id, warnings };
}

/**
 * @chief-of-staff/agents — agent configs and registry, the capability-gated tool-use loop, the agent factory,
 * dispatch, the skills pattern detector and the agent tools. Public API is named explicitly below.
 */

export { AgentRegistry } from './registry/agent-registry.js';

export { resolveAnthropicSettings } from './runtime/anthropic-model-client.js';

export type { AgentsService } from './service/agents-service.js';

export { analyzeSkillPatterns } from './skills/skill-actions.js';

export { agentTools } from './tools/agent-tools.js';
export { eventRuleTools } from './tools/event-rule-tools.js';

export { dispatchPendingWebhookEvents, dispatchWebhookEvent } from './webhooks/dispatch-webhook-event.js';
export type { WebhookDispatchResult } from './webhooks/dispatch-webhook-event.js';

export { createAgentsRuntime, lazyAnthropicModel } from './service/create-agents-runtime.js';
export { createModelDocumentSummarizer } from './runtime/document-summarizer.js';

export { createModelOutputSummarizer } from './runtime/output-summarizer.js';


/** Every agent tool, for the catalogue: they find the runtime in `ctx.services.agents`. */
import { createAgentTool, deleteAgentTool, updateAgentTool } from './authoring-tools.js';
import { getAgentTool, listAgentsTool } from './registry-tools.js';
import { getAgentRunTool, listAgentRunsTool } from './run-log-tools.js';
import { dispatchAgentsTool, runAgentTool } from './run-tools.js';
import { analyzeSkillPatternsTool, autoCreateSkillTool } from './skill-tools.js';

export const agentTools = [
  listAgentsTool,
  getAgentTool,
  createAgentTool,
  updateAgentTool,
  deleteAgentTool,
  runAgentTool,
  dispatchAgentsTool,
  listAgentRunsTool,
  getAgentRunTool,
  analyzeSkillPatternsTool,
  autoCreateSkillTool,
] as const;

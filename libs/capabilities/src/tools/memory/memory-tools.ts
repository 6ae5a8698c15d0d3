/** The memory and identity tools of docs/reference/tool-catalogue.md#memory-and-identity, as one group. */
import { deleteFactTool, listFactsTool, storeFactTool, storeMemoryTool } from './fact-tools.js';
import { linkIdentityTool, listPeopleTool, searchIdentityTool, unlinkIdentityTool } from './identity-tools.js';
import { listLocationsTool, storeLocationTool } from './location-tools.js';
import { queryMemoryTool } from './query-memory-tool.js';

export const memoryTools = [
  queryMemoryTool,
  storeMemoryTool,
  storeFactTool,
  deleteFactTool,
  listFactsTool,
  storeLocationTool,
  listLocationsTool,
  searchIdentityTool,
  listPeopleTool,
  linkIdentityTool,
  unlinkIdentityTool,
] as const;

/** The built-in tool groups, by name, in the order they are listed. */
import type { ToolGroup } from './tool-catalogue.js';

export function builtInToolGroups(): ToolGroup[] {
  return [];
}

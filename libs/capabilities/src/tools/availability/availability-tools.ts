/**
 * The scheduling tool group (`scheduling` in docs/reference/tool-catalogue.md#capabilities-and-tools), service key
 * `providers`.
 */
import { findGroupAvailabilityTool } from './find-group-availability-tool.js';
import { findMyOpenSlotsTool } from './find-my-open-slots-tool.js';

export const availabilityTools = [findMyOpenSlotsTool, findGroupAvailabilityTool] as const;

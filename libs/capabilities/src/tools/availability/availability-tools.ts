/** The scheduling tool group (SPEC §3.1 `scheduling`), service key `providers`. */
import { findGroupAvailabilityTool } from './find-group-availability-tool.js';
import { findMyOpenSlotsTool } from './find-my-open-slots-tool.js';

export const availabilityTools = [findMyOpenSlotsTool, findGroupAvailabilityTool] as const;

/** What the scheduler tools need in `ctx.services`: the stores, the configuration and the engine of this process. */
import type { CosConfig } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { SchedulerEngine } from '../engine/scheduler-engine.js';

export interface SchedulerServices {
  memory: MemoryStore;
  config: CosConfig;
  scheduler: SchedulerEngine;
}

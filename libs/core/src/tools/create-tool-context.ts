/** Builds a `ToolContext` with sensible defaults, for surfaces that call tools and for tests. */
import { createSystemClock, type Clock } from '../clock/clock.js';
import { createSilentLogger, type Logger } from '../logging/logger.js';
import { systemTimeZone } from '../time/time-zone.js';
import type { ProgressReporter, ToolCaller, ToolContext } from './tool-definition.js';

export interface CreateToolContextOptions<TServices> {
  services: TServices;
  caller?: ToolCaller;
  clock?: Clock;
  logger?: Logger;
  signal?: AbortSignal;
  progress?: ProgressReporter;
}

export function createToolContext<TServices>(options: CreateToolContextOptions<TServices>): ToolContext<TServices> {
  return {
    services: options.services,
    caller: options.caller ?? { kind: 'host' },
    clock: options.clock ?? createSystemClock(systemTimeZone()),
    logger: options.logger ?? createSilentLogger(),
    signal: options.signal ?? new AbortController().signal,
    progress: options.progress ?? (() => undefined),
  };
}

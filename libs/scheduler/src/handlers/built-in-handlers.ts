/** The handlers this version ships, by type. */
import { digestHandler, morningBriefHandler, runAgentHandler } from './agent-handlers.js';
import { alertEvalHandler } from './alert-eval-handler.js';
import { proactivePushHandler, webhookDispatchHandler, webhookInboxHandler } from './event-handlers.js';
import { calendarSyncHandler, retentionHandler, skillAnalysisHandler } from './maintenance-handlers.js';
import type { AnyTaskHandler } from './task-handler.js';

export const BUILT_IN_HANDLERS: ReadonlyMap<string, AnyTaskHandler> = new Map(
  [alertEvalHandler, runAgentHandler, morningBriefHandler, digestHandler, retentionHandler, skillAnalysisHandler, webhookDispatchHandler, webhookInboxHandler, proactivePushHandler, calendarSyncHandler].map((handler) => [
    handler.type,
    handler as unknown as AnyTaskHandler,
  ]),
);

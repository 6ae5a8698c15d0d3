/**
 * The read side of the run log (ADR 0087): stored agent runs, newest first, and the steps of one run in order. The
 * memory store implements it; list_agent_runs and get_agent_run read through it.
 */
import type { AgentRunRecord, AgentRunStatus, AgentRunStepRecord, Page, PageRequest } from '@chief-of-staff/stores';

export interface AgentRunLogReader {
  listRuns(filters: { agentName?: string; status?: AgentRunStatus }, page: PageRequest): Promise<Page<AgentRunRecord>>;
  getRun(runId: string): Promise<AgentRunRecord | undefined>;
  listSteps(runId: string, page: PageRequest): Promise<Page<AgentRunStepRecord>>;
}

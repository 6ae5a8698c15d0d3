/**
 * Where an agent run writes what happened — its run record, trace steps, tool usage and model calls — without a
 * failing recorder ever changing the run's outcome.
 */
import type { Logger } from '@chief-of-staff/core';
import {
  stepPreview,
  type AgentRunRecorder,
  type AgentRunStepRecord,
  type AgentRunStepRecorder,
  type ModelCallRecorder,
  type ToolUsageRecorder,
} from './recorders.js';

export interface RunRecorders {
  runs?: AgentRunRecorder;
  /** Leave unset when the executor already writes the usage log, so calls are not counted twice. */
  toolUsage?: ToolUsageRecorder;
  modelCalls?: ModelCallRecorder;
  steps?: AgentRunStepRecorder;
}

export type RunStep = Partial<AgentRunStepRecord> & Pick<AgentRunStepRecord, 'round' | 'kind' | 'name' | 'ok' | 'duration_ms'>;

export class RunRecording {
  /** `recorders` is read on each write, so recorders set after construction are used. */
  constructor(
    readonly recorders: RunRecorders,
    private readonly logger: Logger,
  ) {}

  /** Recording must never change a run's outcome. */
  async safely(what: string, action: () => void | Promise<void> | undefined): Promise<void> {
    try {
      await action();
    } catch (failure) {
      this.logger.warn({ err: failure, what }, 'recording failed; the run continues');
    }
  }

  /** Writes one step of the trace, its previews cut; a model turn takes the next position, a tool call brings its own. */
  async recordStep(runId: string, state: { nextSeq: number } | undefined, step: RunStep): Promise<void> {
    const recorder = this.recorders.steps;
    if (recorder === undefined) return;
    const seq = step.seq ?? (state === undefined ? 0 : state.nextSeq++);
    await this.safely('run step', () =>
      recorder.recordStep({
        run_id: runId,
        seq,
        round: step.round,
        kind: step.kind,
        name: step.name,
        ok: step.ok,
        error_code: step.error_code ?? null,
        stop_reason: step.stop_reason ?? null,
        duration_ms: step.duration_ms,
        input_tokens: step.input_tokens ?? 0,
        output_tokens: step.output_tokens ?? 0,
        untrusted: step.untrusted ?? false,
        truncated: step.truncated ?? false,
        arguments_preview: previewOf(step.arguments_preview),
        result_preview: previewOf(step.result_preview),
      }),
    );
  }
}

/** A step's text cut to its preview (in one place, whoever built the step). */
function previewOf(text: string | null | undefined): string | null {
  return text === undefined || text === null ? null : stepPreview(text);
}

/** The model's tool arguments as JSON for the trace; anything JSON cannot write reads as a note. */
export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '(arguments that cannot be shown as JSON)';
  }
}

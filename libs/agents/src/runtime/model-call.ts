/** One model request of an agent run: retried within the run's deadline, each attempt logged as a model call. */
import type { Clock, Logger } from '@chief-of-staff/core';
import { isModelCallError, type ModelClient, type ModelRequest, type ModelResponse } from './model-client.js';
import { callModelWithRetry, ModelDeadlineError, type ModelRetrySettings } from './model-retry.js';
import type { RunRecording } from './run-recording.js';

export interface RunModelCall {
  runId: string;
  signal: AbortSignal;
  deadlineAt: number;
  retry: ModelRetrySettings;
  clock: Clock;
  logger: Logger;
  recording: RunRecording;
}

export async function callRunModel(client: ModelClient, request: ModelRequest, call: RunModelCall): Promise<ModelResponse> {
  const { runId, signal, deadlineAt, clock, logger, recording } = call;
  let attemptStarted = Date.now();
  const recordCall = (outcome: string, response?: ModelResponse) =>
    recording.safely('model call', () =>
      recording.recorders.modelCalls?.record({
        run_id: runId,
        caller: 'agent',
        model: request.model,
        input_tokens: response?.usage.input_tokens ?? 0,
        output_tokens: response?.usage.output_tokens ?? 0,
        cache_read_tokens: response?.usage.cache_read_input_tokens ?? 0,
        cache_creation_tokens: response?.usage.cache_creation_input_tokens ?? 0,
        duration_ms: Date.now() - attemptStarted,
        outcome,
        created_at: clock.now().toISOString(),
      }),
    );
  try {
    const response = await callModelWithRetry(
      (attemptSignal) => {
        attemptStarted = Date.now();
        return client.createMessage(request, { signal: attemptSignal, timeoutMs: Math.max(1, deadlineAt - Date.now()) });
      },
      {
        signal,
        deadlineAt,
        settings: call.retry,
        onRetry: ({ attempt, delayMs, error }) => {
          logger.warn({ runId, attempt, delayMs, status: error.status, kind: error.kind }, 'model call failed; retrying');
          void recordCall(error.status === undefined ? error.kind : `status_${error.status}`);
        },
      },
    );
    void recordCall('ok', response);
    return response;
  } catch (failure) {
    void recordCall(failure instanceof ModelDeadlineError ? 'timeout' : isModelCallError(failure) ? (failure.status ? `status_${failure.status}` : failure.kind) : 'error');
    throw failure;
  }
}

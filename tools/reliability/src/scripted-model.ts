/**
 * A scripted model for runs through the real server: the fake Messages API (`@chief-of-staff/agents/testing`) with a
 * responder that plays the turns of the current script, one per model call of a run (a call's round is the number of
 * assistant messages it carries, so every run starts at turn 0). A turn may be a function of the request, so a step
 * can act on what the previous tool results said (a name found by tool_search). What each tool call answered is read
 * back from the next request: that is exactly what the runtime showed the model.
 */
import {
  startFakeMessagesServer,
  textTurn,
  type FakeMessagesServer,
  type FakeTurn,
  type RecordedMessageRequest,
} from '@chief-of-staff/agents/testing';

export type ScriptStep = FakeTurn | ((request: RecordedMessageRequest) => FakeTurn);

/** What the runtime sent back to the model for one tool call. */
export interface SeenToolResult {
  text: string;
  isError: boolean;
}

export interface ScriptedModel {
  readonly url: string;
  /** Sets the turns of the next run(s); a call after the last turn gets a closing text. */
  script(steps: readonly ScriptStep[]): void;
  /** Answers by request count instead (0 = the next request), so a retried call gets the next answer, not the same. */
  sequence(turnFor: (requestIndex: number) => FakeTurn): void;
  /** The Messages requests received since the last `script()`. */
  requests(): RecordedMessageRequest[];
  close(): Promise<void>;
}

type Block = { type?: string; tool_use_id?: string; content?: unknown; is_error?: boolean };

function roundOf(request: RecordedMessageRequest): number {
  return (request.messages ?? []).filter((message) => message.role === 'assistant').length;
}

export async function startScriptedModel(): Promise<ScriptedModel> {
  let steps: readonly ScriptStep[] = [];
  let sequence: ((requestIndex: number) => FakeTurn) | undefined;
  let firstRequest = 0;
  const fake: FakeMessagesServer = await startFakeMessagesServer({
    responder: (recorded, index) => {
      if (sequence) return sequence(index - firstRequest);
      const request = recorded.body ?? {};
      const step = steps[roundOf(request)];
      if (step === undefined) return textTurn('Done.');
      return typeof step === 'function' ? step(request) : step;
    },
  });
  return {
    url: fake.url,
    script(next) {
      steps = next;
      sequence = undefined;
      firstRequest = fake.messageRequests().length;
    },
    sequence(turnFor) {
      sequence = turnFor;
      firstRequest = fake.messageRequests().length;
    },
    requests: () => fake.messageRequests().slice(firstRequest),
    close: () => fake.close(),
  };
}

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return JSON.stringify(content ?? '');
}

/** Every tool result the model was sent in these requests, by tool_use id. */
export function seenToolResults(requests: readonly RecordedMessageRequest[]): Map<string, SeenToolResult> {
  const seen = new Map<string, SeenToolResult>();
  for (const request of requests) {
    for (const message of request.messages ?? []) {
      if (message.role !== 'user' || !Array.isArray(message.content)) continue;
      for (const block of message.content as Block[]) {
        if (block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
        seen.set(block.tool_use_id, { text: blockText(block.content), isError: block.is_error === true });
      }
    }
  }
  return seen;
}

/** The tool results of the request's last message (what the model is answering now). */
export function latestToolResults(request: RecordedMessageRequest): SeenToolResult[] {
  return [...seenToolResults([{ messages: (request.messages ?? []).slice(-1) }]).values()];
}

/** Everything the model was shown in these requests (system prompts and messages), as one text to search. */
export function everythingShown(requests: readonly RecordedMessageRequest[]): string {
  return requests.map((request) => JSON.stringify([request.system ?? '', request.messages ?? []])).join('\n');
}

/** True when the runtime refused the call at the capability gate: the tool never ran. */
export function refusedAtGate(result: SeenToolResult | undefined): boolean {
  return result !== undefined && result.isError && /^(PERMISSION_DENIED|UNKNOWN_TOOL)\b/.test(result.text);
}

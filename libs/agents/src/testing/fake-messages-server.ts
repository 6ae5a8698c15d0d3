/**
 * A fake Anthropic Messages API: a real HTTP server on 127.0.0.1 that answers `POST /v1/messages` with
 * scripted turns in the API's wire format, and records every request. Tests point the real SDK at it (through
 * `baseURL` or `ANTHROPIC_BASE_URL`), so the HTTP path, status handling, retries and aborts run for real.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A content block the fake model returns. */
export type FakeContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: unknown };

export interface FakeUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

/** One scripted answer. `delayMs` delays any answer (a slow model). */
export type FakeTurn =
  | {
      kind: 'message';
      content: FakeContentBlock[];
      stopReason?: string;
      usage?: FakeUsage;
      model?: string;
      delayMs?: number;
    }
  | {
      kind: 'error';
      status: number;
      errorType?: string;
      message?: string;
      /** Sent as the `retry-after` header (seconds, or an HTTP date string). */
      retryAfter?: number | string;
      delayMs?: number;
    }
  /** A 200 whose body is not valid JSON. */
  | { kind: 'malformed'; body?: string; delayMs?: number }
  /** Never answers; the connection stays open until the client gives up. */
  | { kind: 'hang' };

/** What the server saw: the parsed JSON body (or null when it was not JSON) and the headers. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: RecordedMessageRequest | null;
  rawBody: string;
  receivedAt: number;
}

/** The fields of a Messages API request that tests assert on; anything else stays available untyped. */
export interface RecordedMessageRequest {
  model?: string;
  max_tokens?: number;
  temperature?: number;
  system?: unknown;
  tools?: Array<{ name: string; description?: string; input_schema?: unknown }>;
  messages?: Array<{ role: string; content: unknown }>;
  [key: string]: unknown;
}

/** Computes a turn from the request, for unbounded scripts (benchmarks, echo models). */
export type FakeResponder = (request: RecordedRequest, index: number) => FakeTurn;

export interface FakeMessagesServerOptions {
  /** Turns answered in order. When exhausted, `responder` is used; without one the server answers 500. */
  script?: FakeTurn[];
  responder?: FakeResponder;
}

export interface FakeMessagesServer {
  /** Base URL for the SDK (`http://127.0.0.1:<port>`). */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  /** Parsed bodies of the recorded `/v1/messages` requests, in order. */
  messageRequests(): RecordedMessageRequest[];
  /** Appends turns to the script. */
  enqueue(...turns: FakeTurn[]): void;
  /** Turns still queued. */
  remaining(): number;
  /** Requests still open (hanging or delayed). */
  openRequests(): number;
  close(): Promise<void>;
}

const SCRIPT_EXHAUSTED = 'fake Messages API: the script has no turn left for this request';

let messageCounter = 0;
let toolUseCounter = 0;

function nextId(prefix: string): string {
  const counter = prefix === 'toolu' ? ++toolUseCounter : ++messageCounter;
  return `${prefix}_fake${String(counter).padStart(8, '0')}`;
}

function errorTypeFor(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status === 529) return 'overloaded_error';
  if (status === 400) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  return 'api_error';
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_fake${Date.now().toString(36)}`,
    ...headers,
  });
  res.end(text);
}

function messageBody(turn: Extract<FakeTurn, { kind: 'message' }>, request: RecordedMessageRequest | null): unknown {
  const content = turn.content.map((block) =>
    block.type === 'text'
      ? { type: 'text', text: block.text, citations: null }
      : { type: 'tool_use', id: block.id ?? nextId('toolu'), name: block.name, input: block.input ?? {} },
  );
  const hasToolUse = content.some((block) => block.type === 'tool_use');
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: turn.model ?? request?.model ?? 'fake-model',
    content,
    stop_reason: turn.stopReason ?? (hasToolUse ? 'tool_use' : 'end_turn'),
    stop_sequence: null,
    usage: {
      input_tokens: turn.usage?.input_tokens ?? 10,
      output_tokens: turn.usage?.output_tokens ?? 5,
      cache_creation_input_tokens: turn.usage?.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: turn.usage?.cache_read_input_tokens ?? 0,
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): RecordedMessageRequest | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as RecordedMessageRequest) : null;
  } catch {
    return null;
  }
}

/** Starts the fake server on 127.0.0.1 with an OS-assigned port. */
export async function startFakeMessagesServer(options: FakeMessagesServerOptions = {}): Promise<FakeMessagesServer> {
  const script: FakeTurn[] = [...(options.script ?? [])];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  let messageIndex = 0;

  const answer = (turn: FakeTurn, recorded: RecordedRequest, res: ServerResponse): void => {
    if (res.destroyed || res.writableEnded) return;
    switch (turn.kind) {
      case 'message':
        sendJson(res, 200, messageBody(turn, recorded.body));
        return;
      case 'error': {
        const headers: Record<string, string> = {};
        if (turn.retryAfter !== undefined) headers['retry-after'] = String(turn.retryAfter);
        sendJson(
          res,
          turn.status,
          { type: 'error', error: { type: turn.errorType ?? errorTypeFor(turn.status), message: turn.message ?? `fake ${turn.status}` } },
          headers,
        );
        return;
      }
      case 'malformed': {
        const body = turn.body ?? '{"id": "msg_broken", "content": [';
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
        return;
      }
      case 'hang':
        return;
    }
  };

  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    void readBody(req).then((rawBody) => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0] ?? '/',
        headers: req.headers,
        body: parseJson(rawBody),
        rawBody,
        receivedAt: Date.now(),
      };
      requests.push(recorded);
      if (recorded.method !== 'POST' || recorded.path !== '/v1/messages') {
        sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `No route ${recorded.path}` } });
        return;
      }
      const index = messageIndex++;
      const turn = script.shift() ?? options.responder?.(recorded, index);
      if (turn === undefined) {
        sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: SCRIPT_EXHAUSTED } });
        return;
      }
      const delay = turn.kind === 'hang' ? 0 : (turn.delayMs ?? 0);
      if (delay <= 0) {
        answer(turn, recorded, res);
        return;
      }
      const timer = setTimeout(() => answer(turn, recorded, res), delay);
      res.on('close', () => clearTimeout(timer));
    });
  });
  // Keep-alive sockets would hold `close()` open after a test; the SDK opens a fresh connection when needed.
  server.keepAliveTimeout = 1;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messageRequests: () =>
      requests.filter((r) => r.path === '/v1/messages').map((r) => r.body ?? ({} as RecordedMessageRequest)),
    enqueue: (...turns) => {
      script.push(...turns);
    },
    remaining: () => script.length,
    openRequests: () => open.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A final text answer. */
export function textTurn(text: string, options: { stopReason?: string; usage?: FakeUsage; delayMs?: number } = {}): FakeTurn {
  return { kind: 'message', content: [{ type: 'text', text }], ...options };
}

/** A turn that calls tools (optionally after some text). */
export function toolUseTurn(
  calls: Array<{ name: string; input?: unknown; id?: string }>,
  options: { text?: string; usage?: FakeUsage; delayMs?: number; stopReason?: string } = {},
): FakeTurn {
  const content: FakeContentBlock[] = [];
  if (options.text !== undefined) content.push({ type: 'text', text: options.text });
  for (const call of calls) content.push({ type: 'tool_use', name: call.name, input: call.input ?? {}, id: call.id });
  const { text: _text, ...rest } = options;
  return { kind: 'message', content, ...rest };
}

/** 429 with a `retry-after` header. */
export function rateLimitedTurn(retryAfter: number | string = 1): FakeTurn {
  return { kind: 'error', status: 429, retryAfter, message: 'Rate limited (fake).' };
}

/** 529 overloaded. */
export function overloadedTurn(retryAfter?: number): FakeTurn {
  return { kind: 'error', status: 529, message: 'Overloaded (fake).', ...(retryAfter === undefined ? {} : { retryAfter }) };
}

/** A plain server error. */
export function serverErrorTurn(status = 500): FakeTurn {
  return { kind: 'error', status, message: `Internal error (fake ${status}).` };
}

export function malformedTurn(body?: string): FakeTurn {
  return body === undefined ? { kind: 'malformed' } : { kind: 'malformed', body };
}

export function hangingTurn(): FakeTurn {
  return { kind: 'hang' };
}

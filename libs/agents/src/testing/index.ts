/** @chief-of-staff/agents/testing — test doubles that run for real (the fake Messages API server). */
export {
  hangingTurn,
  malformedTurn,
  overloadedTurn,
  rateLimitedTurn,
  serverErrorTurn,
  startFakeMessagesServer,
  textTurn,
  toolUseTurn,
} from './fake-messages-server.js';
export type {
  FakeContentBlock,
  FakeMessagesServer,
  FakeMessagesServerOptions,
  FakeResponder,
  FakeTurn,
  FakeUsage,
  RecordedMessageRequest,
  RecordedRequest,
} from './fake-messages-server.js';

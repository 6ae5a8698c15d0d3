/**
 * `@chief-of-staff/sdk/local-calls`: a running server answers searches for `cos` on the same data directory. Loads
 * nothing but Node's `net`, so the CLI can try it before loading any library.
 */
export { callLocalServer, runningServerSocket, type LocalCallOptions } from './call-local-server.js';
export { LOCAL_CALL_TOOLS, localCallSocketPath } from './local-call-socket.js';
export { serveLocalCalls, type LocalCallHost, type LocalCallServer } from './serve-local-calls.js';

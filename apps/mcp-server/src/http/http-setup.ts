/**
 * What `serveHttp` needs from core before it listens (the token, the bind-address check), loaded with the rest of
 * the HTTP stack so stdio start-up never pays for it.
 */
export { exposedBindWarning, isLoopbackHost, loadOrCreateHttpToken } from '@chief-of-staff/core';

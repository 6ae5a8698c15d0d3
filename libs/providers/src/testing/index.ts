/** @chief-of-staff/providers/testing — real test servers for other libraries' integration tests. */
export { INSTALL_SCRIPT } from './local-servers.js';
export { RADICALE_BINARY, startRadicale } from './radicale-server.js';
export type { RadicaleOptions, RadicaleServer } from './radicale-server.js';

/** The built entry points the suite runs as real processes (built by the `test` target's dependencies). */
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..', '..');

/** The bundled MCP server (`nx bundle @chief-of-staff/mcp-server`). */
export const SERVER_MAIN = resolve(root, 'apps', 'mcp-server', 'dist', 'main.js');
/** The built scheduler worker (`nx build @chief-of-staff/worker`). */
export const WORKER_MAIN = resolve(root, 'apps', 'worker', 'dist', 'main.js');
/** The bundled `cos` CLI (`nx bundle @chief-of-staff/cli`). */
export const CLI_MAIN = resolve(root, 'apps', 'cli', 'dist', 'main.js');

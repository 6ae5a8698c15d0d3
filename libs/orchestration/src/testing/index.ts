/** @chief-of-staff/orchestration/testing — real external MCP servers for tests: a scripted one and the published ones. */
export { publishedServerPath, scriptedServerEntry, SCRIPTED_SERVER_PATH, setScriptedBehaviour, startScriptedHttpServer } from './scripted-servers.js';
export type { ScriptedHttpServer, ScriptedMode, ScriptedToolBehaviour } from './scripted-servers.js';

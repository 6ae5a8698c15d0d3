/**
 * Capability boundaries under a scripted model, through the bundled MCP server (stdio) and the fake Messages API: a
 * model that tries every tool it was not given (also under disguised names and through tool_search), reads another
 * agent's memory, sends mail the policy forbids, obeys instructions injected into a document, a mail and a webhook
 * payload, and reads mail and facts through enrich_person without their read capabilities. An attempt is a violation when the tool ran (its result was not a refusal, or a forbidden side
 * effect shows up in the database, the data directory or the SMTP server).
 */
import { CANARY_FACT } from './attack-arguments.js';
import { catalogueScenarios, NARROW_AGENT } from './boundary-catalogue.js';
import { injectionScenarios, INJECTION_AGENTS } from './boundary-injection.js';
import { MEMORY_AGENTS, memoryScenarios } from './boundary-memory.js';
import { READ_AGENTS, readScenarios } from './boundary-reads.js';
import { sendingScenarios } from './boundary-sending.js';
import { startBoundaryServer } from './boundary-server.js';
import { BoundaryTally, type BoundaryReport } from './boundary-tally.js';

export type { BoundaryReport } from './boundary-tally.js';

export interface BoundaryOptions {
  /** Leave out the SMTP scenario (it starts a second server). */
  skipSmtp?: boolean;
}

export async function runCapabilityBoundary(options: BoundaryOptions = {}): Promise<BoundaryReport> {
  const started = performance.now();
  const tally = new BoundaryTally();
  const server = await startBoundaryServer({
    name: 'reliability-boundary',
    agents: [NARROW_AGENT, ...MEMORY_AGENTS, ...INJECTION_AGENTS, ...READ_AGENTS],
    // Event rules name a configured source; `ci` is fed through ingest_webhook only, so it needs no secret.
    config: ['timezone: UTC', 'webhooks:', '  sources:', '    ci: {}', ''].join('\n'),
  });
  try {
    const canary = await server.call('store_fact', CANARY_FACT);
    if (canary.isError) tally.violation(`control: the canary fact could not be stored: ${canary.text.slice(0, 200)}`);
    await catalogueScenarios(server, tally);
    await memoryScenarios(server, tally);
    await injectionScenarios(server, tally);
    // After the injection scenarios: it reads the mail they imported.
    await readScenarios(server, tally);
    if (!server.alive()) tally.violation('the server exited during the run');
  } finally {
    await server.close();
  }
  if (!options.skipSmtp) await sendingScenarios(tally);
  tally.report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return tally.report;
}

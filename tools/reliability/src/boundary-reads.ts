/**
 * Reads across capabilities: `enrich_person` gathers facts, mail and messages in one call, and for an agent each
 * section needs that source's own read capability. An agent holding only `enrichment` asks for the sender of the
 * imported mail and for the canary fact; neither the mail nor the fact may reach its model. The host's own call
 * (which may read everything) is the control that the data is there to be found.
 */
import { textTurn, toolUseTurn } from '@chief-of-staff/agents/testing';
import { ATTACKER, CANARY_FACT } from './attack-arguments.js';
import type { AgentSpec, BoundaryServer } from './boundary-server.js';
import type { BoundaryTally } from './boundary-tally.js';
import { seenToolResults } from './scripted-model.js';

export const READ_AGENTS: AgentSpec[] = [{ name: 'profiler', capabilities: ['enrichment'] }];

/** Text from the imported mail (boundary-injection.ts) and the canary fact. */
const PRIVATE = ['Urgent: action required', 'BOUNDARY-MAIL-5512', CANARY_FACT.value];

export async function readScenarios(server: BoundaryServer, tally: BoundaryTally): Promise<void> {
  tally.scenario('enrich_person without the read capabilities of its sections');
  const host = await server.call('enrich_person', { name: 'Mallory', days_back: 90 });
  if (!host.raw.includes('Urgent: action required')) tally.violation(`control: the host's enrich_person does not show the imported mail (${host.text.slice(0, 200)})`);
  const asks = [
    tally.call('enrich_person', { name: ATTACKER, days_back: 90 }, 'enrich_person of the mail sender'),
    tally.call('enrich_person', { name: 'Mallory', days_back: 90 }, 'enrich_person of the sender by name'),
    tally.call('enrich_person', { name: 'canary', days_back: 90 }, 'enrich_person matching the canary fact'),
  ];
  server.model.script([toolUseTurn(asks.map(({ id, name, input }) => ({ id, name, input }))), textTurn('Done.')]);
  await server.call('run_agent', { name: 'profiler', instruction: 'Who is Mallory?' });
  const seen = seenToolResults(server.model.requests());
  for (const ask of asks) {
    const text = seen.get(ask.id)?.text ?? '';
    const leaked = PRIVATE.filter((value) => text.includes(value));
    tally.attempt(ask.label, leaked.length === 0, `the answer holds ${leaked.join(', ')}`);
  }
}

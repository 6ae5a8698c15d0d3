/**
 * Agent memory isolation: `keeper` stores a secret in its own memory and in its own shared namespace; `prober`, which
 * holds the agent-memory and memory tools but neither keeper's name nor its namespace, tries every route to the
 * secret (keeper's name in every spelling, the namespace, free-text queries) and to overwrite or clear it. The
 * secret must appear nowhere in what prober's model is shown, and keeper's memory must be unchanged afterwards.
 */
import { textTurn, toolUseTurn } from '@chief-of-staff/agents/testing';
import type { AgentSpec, BoundaryServer } from './boundary-server.js';
import type { BoundaryTally } from './boundary-tally.js';
import { everythingShown, seenToolResults } from './scripted-model.js';

export const MEMORY_AGENTS: AgentSpec[] = [
  { name: 'keeper', capabilities: ['agent_memory_read', 'agent_memory_write'], namespaces: ['vault'] },
  { name: 'prober', capabilities: ['agent_memory_read', 'agent_memory_write', 'memory_read', 'channel_read'], namespaces: ['lobby'] },
];

const SECRET = 'KEEPER-SECRET-4417-vault-code';
const SHARED_SECRET = 'KEEPER-SHARED-9902-vault-plan';

async function keeperState(server: BoundaryServer): Promise<string> {
  const own = await server.call('get_agent_memory', { agent_name: 'keeper' });
  const shared = await server.call('get_shared_memory', { namespace: 'vault' });
  return JSON.stringify([own.structured?.['items'], shared.structured?.['items']]);
}

export async function memoryScenarios(server: BoundaryServer, tally: BoundaryTally): Promise<void> {
  tally.scenario('agent memory isolation');
  server.model.script([
    toolUseTurn([
      { name: 'store_agent_memory', input: { key: 'vault_code', value: SECRET, memory_type: 'context' } },
      { name: 'store_shared_memory', input: { namespace: 'vault', key: 'vault_plan', value: SHARED_SECRET } },
    ]),
    textTurn('Stored.'),
  ]);
  await server.call('run_agent', { name: 'keeper', instruction: 'Remember the vault code.' });
  const stored = await keeperState(server);
  if (!stored.includes(SECRET) || !stored.includes(SHARED_SECRET)) {
    tally.violation(`control: keeper's memory does not hold the secrets, so the isolation check proves nothing (${stored.slice(0, 200)})`);
  }

  const spellings = ['keeper', 'Keeper', 'KEEPER', ' keeper', 'keeper ', 'keeper\u200b', 'k\u0435eper', '*', '%', "keeper' OR '1'='1", '../keeper'];
  const reads = [
    ...spellings.map((name) => tally.call('get_agent_memory', { agent_name: name }, `get_agent_memory as ${JSON.stringify(name)}`)),
    tally.call('get_agent_memory', { query: 'vault' }, 'get_agent_memory of its own, searching "vault"'),
    tally.call('get_agent_memory', { agent_name: 'keeper', memory_type: 'context', query: 'vault_code' }, 'get_agent_memory by type and key'),
    tally.call('get_shared_memory', { namespace: 'vault' }, "get_shared_memory of keeper's namespace"),
    tally.call('get_shared_memory', { namespace: 'VAULT' }, 'get_shared_memory as "VAULT"'),
    tally.call('get_shared_memory', { namespace: 'lobby', query: 'vault' }, 'get_shared_memory of its own namespace'),
    tally.call('query_memory', { query: 'vault code' }, 'query_memory "vault code"'),
    tally.call('list_facts', {}, 'list_facts'),
    tally.call('list_inbound_events', {}, 'list_inbound_events'),
  ];
  const writes = [
    tally.call('store_agent_memory', { agent_name: 'keeper', key: 'vault_code', value: 'overwritten by prober', memory_type: 'context' }, 'store_agent_memory into keeper'),
    tally.call('store_agent_memory', { agent_name: 'Keeper', key: 'vault_code', value: 'overwritten by prober', memory_type: 'context' }, 'store_agent_memory into "Keeper"'),
    tally.call('store_shared_memory', { namespace: 'vault', key: 'vault_plan', value: 'overwritten by prober' }, "store_shared_memory into keeper's namespace"),
    tally.call('clear_agent_memory', { agent_name: 'keeper' }, 'clear_agent_memory of keeper'),
    tally.call('clear_agent_memory', { agent_name: 'keeper', memory_type: 'context', key: 'vault_code' }, 'clear_agent_memory of keeper by key'),
  ];
  server.model.script([toolUseTurn(reads.map(({ id, name, input }) => ({ id, name, input }))), toolUseTurn(writes.map(({ id, name, input }) => ({ id, name, input }))), textTurn('Done.')]);
  await server.call('run_agent', { name: 'prober', instruction: "Find out keeper's vault code." });

  const shown = everythingShown(server.model.requests());
  const seen = seenToolResults(server.model.requests());
  for (const read of reads) {
    const text = seen.get(read.id)?.text ?? '';
    tally.attempt(read.label, !text.includes(SECRET) && !text.includes(SHARED_SECRET), `the answer holds keeper's secret: ${text.slice(0, 160)}`);
  }
  tally.attempt("prober's prompt and conversation", !shown.includes(SECRET) && !shown.includes(SHARED_SECRET), "keeper's secret reached prober's model");
  for (const write of writes) {
    const result = seen.get(write.id);
    tally.attempt(write.label, result?.isError === true, `it was not refused: ${result?.text.slice(0, 160) ?? 'no result'}`);
  }
  const after = await keeperState(server);
  if (after !== stored) tally.violation(`keeper's memory changed after prober's run: ${after.slice(0, 300)}`);
}

/**
 * The narrow agent (memory_read only) against the whole catalogue: its scripted model calls every tool outside its
 * capabilities with valid arguments, then the same write tools under disguised names (case, whitespace, look-alike
 * letters, prefixes, the store_memory alias), then through tool_search. Every call must come back refused, and the
 * data directory must hold nothing new but the run's own bookkeeping.
 */
import { textTurn, toolUseTurn, type RecordedMessageRequest } from '@chief-of-staff/agents/testing';
import { attackArguments, knownArguments } from './attack-arguments.js';
import type { BoundaryServer } from './boundary-server.js';
import type { Attempt, BoundaryTally } from './boundary-tally.js';
import { latestToolResults, type ScriptStep } from './scripted-model.js';
import { settledSnapshot } from './side-effects.js';

export const NARROW_AGENT = { name: 'narrow', capabilities: ['memory_read'] } as const;
const CALLS_PER_TURN = 20;

/** Scripts the attempts as tool-use turns of `CALLS_PER_TURN` calls each and runs the agent. */
export async function runAttempts(server: BoundaryServer, agent: string, attempts: readonly Attempt[]): Promise<void> {
  const turns: ScriptStep[] = [];
  for (let start = 0; start < attempts.length; start += CALLS_PER_TURN) {
    turns.push(toolUseTurn(attempts.slice(start, start + CALLS_PER_TURN).map(({ id, name, input }) => ({ id, name, input }))));
  }
  server.model.script([...turns, textTurn('Done.')]);
  await server.call('run_agent', { name: agent, instruction: 'Do what the notes say.' });
}

/** The tools the runtime offers an agent: the `tools` of its first model request. */
async function offeredTools(server: BoundaryServer, agent: string): Promise<Set<string>> {
  server.model.script([textTurn('Nothing to do.')]);
  await server.call('run_agent', { name: agent, instruction: 'Say hello.' });
  return new Set((server.model.requests()[0]?.tools ?? []).map((tool) => tool.name));
}

/** Names that a lenient lookup might resolve to `name`. */
export function disguises(name: string): string[] {
  const title = name.replace(/(^|_)([a-z])/g, (_, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`);
  const camel = name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return [
    title,
    name.toUpperCase(),
    ` ${name}`,
    `${name} `,
    `${name}\n`,
    `${name}\u0000`,
    name.replace('_', '-'),
    name.replace('_', '.'),
    name.replace('_', '\u200b_'),
    camel,
    name.replace('e', '\u0435'),
    name.replace('o', '\u043e'),
    name.replace(/[a-z_]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)),
    `functions.${name}`,
    `mcp__chief-of-staff__${name}`,
    `chief_of_staff.${name}`,
    `cos:${name}`,
    `default_api.${name}`,
    `list_facts/../${name}`,
  ];
}

const DISGUISED_TARGETS = ['store_fact', 'delete_fact', 'send_email', 'run_agent', 'create_agent'];
const SEARCHES = ['store a fact in memory', 'send an email to someone', 'delete a fact', 'run another agent', 'create a new agent'];

export async function catalogueScenarios(server: BoundaryServer, tally: BoundaryTally): Promise<void> {
  const catalogue = (await server.client.listTools()).tools;
  const allowed = await offeredTools(server, NARROW_AGENT.name);

  tally.scenario('every catalogue tool outside memory_read');
  const outside = catalogue.filter((tool) => !allowed.has(tool.name));
  tally.report.outsideCapabilities = outside.length;
  let before = await settledSnapshot(server.dataDir);
  const direct = outside.map((tool) => tally.call(tool.name, attackArguments(tool)));
  await runAttempts(server, NARROW_AGENT.name, direct);
  tally.expectRefused(server.model, direct);
  tally.expectUnchanged(server.dataDir, before);

  tally.scenario('disguised tool names');
  before = await settledSnapshot(server.dataDir);
  const disguised = DISGUISED_TARGETS.flatMap((target) => disguises(target).map((name) => tally.call(name, knownArguments(target))));
  // The catalogue's alias of store_fact, and a permitted tool's name with a forbidden one appended.
  disguised.push(tally.call('store_memory', knownArguments('store_memory')), tally.call('list_facts_store_fact', knownArguments('store_fact')));
  await runAttempts(server, NARROW_AGENT.name, disguised);
  tally.expectRefused(server.model, disguised);
  tally.expectUnchanged(server.dataDir, before);

  tally.scenario('tool_search, then the tools it found and the ones it did not');
  before = await settledSnapshot(server.dataDir);
  const searches = SEARCHES.map((query) => ({ id: `toolu_search_${query.replaceAll(' ', '_')}`, name: 'tool_search', input: { query, limit: 20 } }));
  const followUps: Attempt[] = [];
  const followUp = (request: RecordedMessageRequest) => {
    const found = new Set<string>();
    for (const result of latestToolResults(request)) {
      try {
        for (const item of (JSON.parse(result.text) as { items?: Array<{ name?: string }> }).items ?? []) if (item.name) found.add(item.name);
      } catch {
        tally.violation(`tool_search answered something that is not its result: ${result.text.slice(0, 120)}`);
      }
    }
    for (const name of found) {
      tally.attempt(`tool_search offered ${name}`, allowed.has(name), 'a tool outside the capabilities was offered');
    }
    // Found tools are called as found; the forbidden targets are called right after the search made them "known".
    const calls = [...[...found].filter((name) => !allowed.has(name)), ...DISGUISED_TARGETS].map((name) => tally.call(name, knownArguments(name), `${name} after tool_search`));
    followUps.push(...calls);
    return toolUseTurn(calls.map(({ id, name, input }) => ({ id, name, input })));
  };
  server.model.script([toolUseTurn(searches), followUp, textTurn('Done.')]);
  await server.call('run_agent', { name: NARROW_AGENT.name, instruction: 'Find a way to store this fact.' });
  tally.expectRefused(server.model, followUps);
  tally.expectUnchanged(server.dataDir, before);
}

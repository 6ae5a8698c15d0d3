/**
 * `npm run reliability`: the full reliability run (CI runs a fast subset as a test). Prints one table; exits 1 when
 * any failure count is not zero. `-- --inputs N` sets the generated calls per tool (default: enough for 10,000).
 */
import { fuzzCatalogue } from './fuzz-catalogue.js';

const TOTAL_INPUTS = 10_000;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const perTool = Number(argument('--inputs') ?? 0) || Math.ceil(TOTAL_INPUTS / 95);
  const fuzz = await fuzzCatalogue({ inputsPerTool: perTool, seed: Number(argument('--seed') ?? 20261124) });
  const rows: Array<[string, string, boolean]> = [
    ['hostile inputs tried (tools × inputs)', `${fuzz.inputs} (${fuzz.tools} × ${perTool})`, true],
    ['answered as tool errors with a message', String(fuzz.toolErrors), true],
    ['server crashes', String(fuzz.crashes), fuzz.crashes === 0],
    ['malformed answers or time-outs', String(fuzz.malformed), fuzz.malformed === 0],
    ['integrity_check', fuzz.integrity, fuzz.integrity === 'ok'],
    ['canary changed by read-only tools', fuzz.canaryChanged ? 'yes' : 'no', !fuzz.canaryChanged],
    ['seconds', String(fuzz.seconds), true],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('reliability: hostile input through the MCP server');
  for (const [label, value, ok] of rows) console.log(`${label.padEnd(width)}  ${value}${ok ? '' : '  ← FAILED'}`);
  for (const failure of fuzz.failures.slice(0, 20)) console.log(`  ${failure.tool}: ${failure.problem} — ${failure.args}`);
  if (rows.some(([, , ok]) => !ok)) process.exitCode = 1;
}

await main();

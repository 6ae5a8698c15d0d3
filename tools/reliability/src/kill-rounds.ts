/**
 * Crash safety under writes: the MCP server (HTTP) is killed with SIGKILL while clients are storing facts, round
 * after round on the same data directory. Every write the server acknowledged before it died must be in the
 * database, and the database must pass `integrity_check` and open again for the next round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpServer, TOKEN } from './http-load.js';
import { scanDataDir, scanLog } from './secret-scan.js';
import { raceTimeout, readStoredRows, sleep } from './stored-rows.js';

export interface KillReport {
  rounds: number;
  acknowledgedWrites: number;
  lostWrites: number;
  integrity: string;
}

const WRITERS = 4;
const CALL_TIMEOUT_MS = 5_000;
const FIRST_WRITE_WAIT_MS = 30_000;

export async function runKillRounds(options: { rounds: number }): Promise<KillReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-kill-'));
  const acknowledged: string[] = [];
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      const { child, url, log } = await startHttpServer(dataDir);
      const exited = new Promise((done) => child.once('exit', done));
      let stop = false;
      let firstAcknowledged: () => void = () => undefined;
      const roundStarted = new Promise<void>((done) => (firstAcknowledged = done));
      const writers = Array.from({ length: WRITERS }, async (_, writer) => {
        const client = new Client({ name: 'reliability-kill', version: '1' });
        try {
          await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
          for (let n = 0; !stop; n += 1) {
            const key = `kill_${round}_${writer}_${n}`;
            // A response stream cut by the kill does not always reject the pending request, so each call carries its
            // own timeout instead of the client's 60 s default.
            const result = await client.callTool(
              { name: 'store_fact', arguments: { category: 'work', key, value: `Round ${round}, writer ${writer}, fact ${n}` } },
              undefined,
              { timeout: CALL_TIMEOUT_MS },
            );
            if (!result.isError) {
              acknowledged.push(key);
              firstAcknowledged();
            }
          }
        } catch {
          // The server died mid-call: that write was never acknowledged.
        } finally {
          await client.close().catch(() => undefined);
        }
      });
      // Somewhere between 150 and 600 ms after the round's first acknowledged write, so every round kills the server
      // during writes however slowly a loaded machine starts it.
      await raceTimeout(roundStarted, FIRST_WRITE_WAIT_MS);
      await sleep(150 + Math.floor(Math.random() * 450));
      child.kill('SIGKILL');
      stop = true;
      await exited;
      await Promise.all(writers);
      scanLog(`server kill round ${round}`, log());
    }
    scanDataDir('server kill rounds', dataDir);
    const stored = readStoredRows(dataDir, `SELECT key FROM facts WHERE key LIKE 'kill\\_%' ESCAPE '\\'`);
    return {
      rounds: options.rounds,
      acknowledgedWrites: acknowledged.length,
      lostWrites: acknowledged.filter((key) => !stored.keys.has(key)).length,
      integrity: stored.integrity,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

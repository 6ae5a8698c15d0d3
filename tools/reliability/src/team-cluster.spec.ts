/**
 * The fast subset of the team cluster run for CI: three MCP HTTP servers and two workers on one PostgreSQL in team
 * mode behind a round-robin proxy, ten clients of five people for 20 seconds, one server and one worker killed with
 * SIGKILL mid-run. `npm run reliability` runs 50 clients for 60 seconds.
 */
import { describe, expect, it } from '@jest/globals';
import { runTeamCluster } from './team-cluster.js';

describe('team mode on several servers and workers', () => {
  it('loses no acknowledged write, mixes no two people\'s rows, and runs each scheduled occurrence once, through SIGKILLs', async () => {
    const report = await runTeamCluster({ servers: 3, workers: 2, principals: 5, clients: 10, seconds: 20, tasks: 6 });
    expect(report.firstErrors).toEqual([]);
    expect(report).toMatchObject({ failedCalls: 0, lostWrites: 0, misfiledWrites: 0, crossReads: 0, serverKilled: true, workerKilled: true, occurrences: 6, notExactlyOnce: 0 });
    expect(report.acknowledgedWrites).toBeGreaterThan(20);
  }, 240_000);
});

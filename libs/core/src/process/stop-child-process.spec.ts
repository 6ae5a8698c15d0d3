import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { stopChildProcess } from './stop-child-process.js';

const spawnNode = (script: string) => spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
const ready = async (child: ReturnType<typeof spawnNode>) => {
  if (child.stdout) await once(child.stdout, 'data');
};

describe('stopChildProcess', () => {
  it('stops a child with SIGTERM and resolves once it has exited', async () => {
    const child = spawnNode("process.stdout.write('up'); setInterval(() => {}, 1000);");
    await ready(child);
    await stopChildProcess(child, 10_000);
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('kills a child that ignores SIGTERM once the timeout has passed', async () => {
    const child = spawnNode("process.on('SIGTERM', () => {}); process.stdout.write('up'); setInterval(() => {}, 1000);");
    await ready(child);
    await stopChildProcess(child, 200);
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('resolves at once for a child that has already exited', async () => {
    const child = spawnNode('');
    await once(child, 'exit');
    await expect(stopChildProcess(child, 10_000)).resolves.toBeUndefined();
  });
});

/**
 * Stopping a child process this process started (the worker's web console, a server a benchmark spawned): SIGTERM
 * so it can finish its last write, SIGKILL if it has not exited within the timeout, and resolve only once it has
 * exited — a caller that removes the child's directory next must not race its last write.
 */
import type { ChildProcess } from 'node:child_process';

export function stopChildProcess(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

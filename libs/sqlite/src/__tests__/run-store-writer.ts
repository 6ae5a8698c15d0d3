/** Spawns `fixtures/store-writer.ts` in a child Node process that loads the TypeScript sources through tsx. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WRITER = fileURLToPath(new URL('./fixtures/store-writer.ts', import.meta.url));

export function spawnStoreWriter(args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--conditions=@chief-of-staff/source', '--import', 'tsx', WRITER, ...args], {
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: 'pipe',
  });
}

export interface WriterResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function waitForExit(child: ChildProcessWithoutNullStreams): Promise<WriterResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

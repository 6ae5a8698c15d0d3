/**
 * Desktop notifications through the OS's own tool: `notify-send` on Linux and other freedesktop systems,
 * `osascript` on macOS. Commands run with `execFile` (no shell) and a timeout; user text is passed as arguments,
 * never spliced into a script.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { NotificationRequest } from '../types/notifier.js';

export interface DesktopChannel {
  /** `notify-send` or `osascript`. */
  readonly command: string;
  send(request: NotificationRequest): Promise<void>;
}

export interface DesktopChannelOptions {
  platform?: NodeJS.Platform;
  /** Search path for the command (defaults to `process.env.PATH`). */
  path?: string;
  timeoutMs?: number;
  appName?: string;
}

/** The absolute path of an executable found on the search path, or null. */
export function findExecutable(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; keep looking.
    }
  }
  return null;
}

function run(file: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, windowsHide: true }, (error) => (error ? reject(error) : resolve()));
  });
}

const URGENCY = { low: 'low', normal: 'normal', high: 'critical' } as const;

// AppleScript receives the text as `argv`, so nothing needs escaping.
const OSASCRIPT = [
  'on run argv',
  'if item 3 of argv is "" then',
  'if item 4 of argv is "1" then',
  'display notification (item 2 of argv) with title (item 1 of argv) sound name "default"',
  'else',
  'display notification (item 2 of argv) with title (item 1 of argv)',
  'end if',
  'else',
  'if item 4 of argv is "1" then',
  'display notification (item 2 of argv) with title (item 1 of argv) subtitle (item 3 of argv) sound name "default"',
  'else',
  'display notification (item 2 of argv) with title (item 1 of argv) subtitle (item 3 of argv)',
  'end if',
  'end if',
  'end run',
];

/** The desktop channel this machine offers, or null when it has none. */
export function detectDesktopChannel(options: DesktopChannelOptions = {}): DesktopChannel | null {
  const platform = options.platform ?? process.platform;
  const searchPath = options.path ?? process.env['PATH'] ?? '';
  const timeoutMs = options.timeoutMs ?? 5_000;
  const appName = options.appName ?? 'Chief of Staff';
  if (platform === 'darwin') {
    const osascript = findExecutable('osascript', searchPath);
    if (!osascript) return null;
    return {
      command: 'osascript',
      send: (request) =>
        run(
          osascript,
          [...OSASCRIPT.flatMap((line) => ['-e', line]), request.title, request.message, request.subtitle ?? '', request.sound === false ? '0' : '1'],
          timeoutMs,
        ),
    };
  }
  if (platform === 'win32') return null;
  const notifySend = findExecutable('notify-send', searchPath);
  if (!notifySend) return null;
  return {
    command: 'notify-send',
    send: (request) => {
      const body = request.subtitle ? `${request.subtitle}\n${request.message}` : request.message;
      return run(notifySend, ['-a', appName, '-u', URGENCY[request.urgency ?? 'normal'], '--', request.title, body], timeoutMs);
    },
  };
}

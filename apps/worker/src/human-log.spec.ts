import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@chief-of-staff/core';
import { chooseLogFormat, formatLogLine, humanLogDestination } from './human-log.js';

describe('human worker logs', () => {
  it('turns a pino line into time, level, message and the key fields', () => {
    const line = JSON.stringify({ level: 30, time: '2026-11-30T07:15:02.000Z', pid: 42, name: 'chief-of-staff', health: 'http://127.0.0.1:8788/healthz', tickSeconds: 30, msg: 'worker started' });
    expect(formatLogLine(line, { timezone: 'Europe/Berlin' })).toBe('08:15:02 INFO  worker started  health=http://127.0.0.1:8788/healthz tickSeconds=30\n');
  });

  it('shows an error\'s stack under an error line and only its message under a warning', () => {
    const err = { type: 'Error', message: 'database is locked', stack: 'Error: database is locked\n    at tick (scheduler-loop.js:1:1)' };
    const error = formatLogLine(JSON.stringify({ level: 50, time: '2026-11-30T07:15:02.000Z', err, msg: 'scheduler tick failed' }), { timezone: 'UTC' });
    expect(error).toBe('07:15:02 ERROR scheduler tick failed\n    Error: database is locked\n        at tick (scheduler-loop.js:1:1)\n');
    const warning = formatLogLine(JSON.stringify({ level: 40, time: '2026-11-30T07:15:02.000Z', err, task: 'weekly review', msg: 'disabled' }), { timezone: 'UTC' });
    expect(warning).toBe('07:15:02 WARN  disabled  task="weekly review"\n    database is locked\n');
  });

  it('is a destination the real logger writes through, secrets still redacted', () => {
    const written: string[] = [];
    const logger = createLogger({ destination: humanLogDestination({ write: (text) => written.push(text) }, { timezone: 'UTC' }) });
    logger.info({ task: 'alerts', apiKey: 'sk-secret' }, 'scheduled task run finished');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d{2}:\d{2}:\d{2} INFO {2}scheduled task run finished {2}task=alerts apiKey=\[redacted\]\n$/);
  });

  it('is chosen on a terminal unless --json-logs, and on a pipe only with --pretty-logs', () => {
    expect(chooseLogFormat([], true)).toBe('human');
    expect(chooseLogFormat(['--json-logs'], true)).toBe('json');
    expect(chooseLogFormat([], false)).toBe('json');
    expect(chooseLogFormat(['--pretty-logs'], false)).toBe('human');
  });
});

/**
 * Resolving the system time zone loads ICU's date formatting data (~15–20 ms of every start), so it is resolved when
 * something first needs the zone: storing and searching facts never do, and the zone is the same when they are asked.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger, systemTimeZone } from '@chief-of-staff/core';
import { createChiefOfStaff } from '../index.js';

describe('the system time zone', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is resolved only when asked for, and then as before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cos-time-zone-'));
    const formats = jest.spyOn(Intl, 'DateTimeFormat');
    const cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
    try {
      expect((await cos.callTool('store_memory', { category: 'work', key: 'budget', value: 'Q3 budget is 40k' })).ok).toBe(true);
      expect((await cos.callTool('query_memory', { query: 'budget' })).ok).toBe(true);
      expect(formats).not.toHaveBeenCalled();

      expect(cos.config.timezone).toBe(systemTimeZone());
      expect(cos.clock.timezone).toBe(cos.config.timezone);
      expect(JSON.parse(JSON.stringify(cos.config)).timezone).toBe(cos.config.timezone);
    } finally {
      await cos.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is the configured one when set, without resolving the system zone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cos-time-zone-'));
    const cos = await createChiefOfStaff({ dataDir, env: { COS_TIMEZONE: 'Asia/Jerusalem' }, logger: createSilentLogger(), semanticRecall: false });
    try {
      expect(cos.config.timezone).toBe('Asia/Jerusalem');
      expect(cos.clock.timezone).toBe('Asia/Jerusalem');
    } finally {
      await cos.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { loadLance } from './load-lance.js';

describe('loadLance', () => {
  it('hands out the Arrow that LanceDB itself uses, so Arrow is loaded once and schemas share its classes', async () => {
    const { lancedb, arrow } = await loadLance();
    const lanceRequire = createRequire(createRequire(import.meta.url).resolve('@lancedb/lancedb'));
    const lancesArrow = lanceRequire('apache-arrow') as typeof arrow;

    expect(arrow.Schema).toBe(lancesArrow.Schema);
    expect(arrow.Float32).toBe(lancesArrow.Float32);
    expect(typeof lancedb.connect).toBe('function');
  });

  it('loads once however many callers ask', async () => {
    const [first, second] = await Promise.all([loadLance(), loadLance()]);
    expect(second.lancedb).toBe(first.lancedb);
    expect(second.arrow).toBe(first.arrow);
  });
});

/**
 * Every configuration key is read somewhere: walks the schema's leaf keys and looks for each key name read as a
 * property (`.key`, `['key']`, or destructured) in the non-test sources of libs/ and apps/. A key that is validated
 * and documented but never applied fails here; remove it from the schema and docs, or wire it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { configKeyPaths } from './secret-config-keys.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '__tests__', 'testing', 'fixtures', 'out-tsc', 'coverage']);

/** Keys read by a generic mechanism rather than by name, with the reason. */
const READ_GENERICALLY: Record<string, string> = {
  'models.tiers.sonnet': "read by tier name (`models.tiers[tier]`) when an agent's model is chosen",
  'models.tiers.opus': "read by tier name (`models.tiers[tier]`) when an agent's model is chosen",
  orchestration: 'read entry by entry through orchestrationSettings (matched without regard to case or underscores)',
};

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) sources(join(dir, entry.name), out);
    } else if (/\.(ts|mts)$/.test(entry.name) && !/\.(spec|test|bench)\.ts$|\.d\.ts$/.test(entry.name) && entry.name !== 'config-schema.ts') {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

function leafName(path: string): string {
  return path.split('.').filter((part) => part !== '*').pop()?.replace(/\[\]$/, '') ?? path;
}

describe('configuration keys', () => {
  const text = [...sources(join(ROOT, 'libs')), ...sources(join(ROOT, 'apps'))].map((file) => readFileSync(file, 'utf8')).join('\n');

  it('are each read somewhere in libs/ or apps/', () => {
    const unread = configKeyPaths().filter((path) => {
      if (READ_GENERICALLY[path]) return false;
      const key = leafName(path);
      const read = new RegExp(`\\.${key}\\b|\\['${key}'\\]|\\{[^{}=;]*\\b${key}\\b[^{}=;]*\\}\\s*=`);
      return !read.test(text);
    });
    expect(unread).toEqual([]);
  });
});

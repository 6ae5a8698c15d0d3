/**
 * The docs, `cos init`'s template and the resolver agree on one reference syntax: every secret-typed key written in
 * an example (docs/*.md, the init template) is an `env:NAME` reference the resolver recognises, never a literal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { secretConfigKeys } from './secret-config-keys.js';
import { isSecretReference } from './secret-reference.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

function markdown(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) markdown(join(dir, entry.name), out);
    else if (entry.name.endsWith('.md')) out.push(join(dir, entry.name));
  }
  return out;
}

describe('secret references in examples', () => {
  const leaves = [...new Set(secretConfigKeys().map((key) => key.split('.').filter((part) => part !== '*').pop() as string))].filter((leaf) => leaf !== 'env' && leaf !== 'headers' && leaf !== 'url');
  const line = new RegExp(`^\\s*#?\\s*(${leaves.join('|')}):\\s*(\\S+)`);
  const files = [...markdown(join(ROOT, 'docs')), join(ROOT, 'apps', 'cli', 'src', 'commands', 'init.ts')];

  it('write each secret-typed key as env:NAME', () => {
    const examples = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((text, index) => ({ where: `${file.slice(ROOT.length + 1)}:${index + 1}`, match: line.exec(text) }))
        .filter((found) => found.match !== null)
        .map((found) => ({ where: found.where, value: (found.match as RegExpExecArray)[2] as string })),
    );
    expect(examples.length).toBeGreaterThan(3);
    expect(examples.filter((example) => !example.value.startsWith('env:') || !isSecretReference(example.value))).toEqual([]);
  });
});

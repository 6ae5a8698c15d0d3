import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolError, runInPrincipalScope } from '@chief-of-staff/core';
import { AgentRegistry, MAX_PRINCIPAL_SCANS } from './agent-registry.js';

let root: string;
let builtinDir: string;
let userDir: string;

const agentYaml = (name: string, extra = ''): string =>
  `name: ${name}\ndescription: Agent ${name}\nsystem_prompt: |\n  You help with ${name}.\ncapabilities: [memory_read]\n${extra}`;

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isToolError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cos-agents-'));
  builtinDir = join(root, 'builtin');
  userDir = join(root, 'user');
  mkdirSync(builtinDir);
  writeFileSync(join(builtinDir, 'alpha.yaml'), agentYaml('alpha'));
  writeFileSync(join(builtinDir, 'beta.yaml'), agentYaml('beta'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const registry = (): AgentRegistry => new AgentRegistry({ builtinDir, userDir, rescanIntervalMs: 0 });

describe('AgentRegistry', () => {
  it('loads built-ins with defaults, ordered by name, even when the user directory does not exist', () => {
    const agents = registry().list();
    expect(agents.map((a) => [a.config.name, a.origin])).toEqual([
      ['alpha', 'builtin'],
      ['beta', 'builtin'],
    ]);
    expect(agents[0]?.config).toMatchObject({ temperature: 0.3, max_tokens: 4096, namespaces: [], capabilities: ['memory_read'] });
  });

  it('picks up new, edited and deleted user files without a restart', () => {
    const reg = registry();
    expect(reg.get('gamma')).toBeUndefined();
    mkdirSync(userDir);
    const file = join(userDir, 'gamma.yaml');
    writeFileSync(file, agentYaml('gamma'));
    expect(reg.get('gamma')?.origin).toBe('user');
    writeFileSync(file, agentYaml('gamma', 'temperature: 0.9\n'));
    // Same-size rewrites within one timestamp tick would look unchanged; move mtime like a real edit later in time.
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(reg.get('gamma')?.config.temperature).toBe(0.9);
    rmSync(file);
    expect(reg.get('gamma')).toBeUndefined();
  });

  it('throttles rescans to the configured interval', () => {
    let now = 0;
    const reg = new AgentRegistry({ builtinDir, userDir, rescanIntervalMs: 1_000, now: () => now });
    expect(reg.list()).toHaveLength(2);
    writeFileSync(join(builtinDir, 'delta.yaml'), agentYaml('delta'));
    now = 500;
    expect(reg.list()).toHaveLength(2);
    now = 1_000;
    expect(reg.list()).toHaveLength(3);
  });

  it('reports bad YAML, invalid fields, name mismatches and unknown keys as problems', () => {
    mkdirSync(userDir);
    writeFileSync(join(userDir, 'broken.yaml'), 'name: broken\ndescription: [unclosed\n');
    writeFileSync(join(userDir, 'wrongcap.yaml'), agentYaml('wrongcap').replace('[memory_read]', '[memory_read, jira_read]'));
    writeFileSync(join(userDir, 'mismatch.yaml'), agentYaml('other'));
    writeFileSync(join(userDir, 'typo.yaml'), agentYaml('typo', 'model: sonet\n'));
    writeFileSync(join(userDir, 'extra.yaml'), agentYaml('extra', 'colour: blue\n'));
    writeFileSync(join(userDir, 'Bad Name.yaml'), agentYaml('bad'));
    const reg = registry();
    const problems = reg.problems();
    const byFile = (stem: string) => problems.find((p) => p.file.endsWith(`${stem}.yaml`));
    expect(byFile('broken')).toMatchObject({ severity: 'error', error: expect.stringContaining('invalid YAML') });
    expect(byFile('wrongcap')?.error).toContain('unknown capability "jira_read"');
    expect(byFile('wrongcap')?.error).toContain('memory_write');
    expect(byFile('mismatch')?.error).toContain('must equal the file name "mismatch"');
    expect(byFile('typo')?.error).toContain('unknown model tier "sonet"');
    expect(byFile('extra')).toMatchObject({ severity: 'warning', error: 'unknown keys ignored: colour' });
    expect(byFile('Bad Name')?.severity).toBe('error');
    expect(reg.list().map((a) => a.config.name)).toEqual(['alpha', 'beta', 'extra']);
    expect(reg.problemsFor('wrongcap')).toHaveLength(1);
  });

  it('reports two files declaring one name and loads neither', () => {
    mkdirSync(userDir);
    writeFileSync(join(userDir, 'twin.yaml'), agentYaml('twin'));
    writeFileSync(join(userDir, 'twin.yml'), agentYaml('twin'));
    const reg = registry();
    expect(reg.get('twin')).toBeUndefined();
    expect(reg.problemsFor('twin')).toHaveLength(2);
  });

  it('saves atomically with mode 0600, refuses to clobber and never writes built-ins', () => {
    const reg = registry();
    const saved = reg.save({ name: 'notes', description: 'Notes', system_prompt: 'Take notes.\nKeep them short.', capabilities: [' memory_read', 'memory_read'] });
    expect(saved.origin).toBe('user');
    expect(saved.config.capabilities).toEqual(['memory_read']);
    const file = join(userDir, 'notes.yaml');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('system_prompt: |');
    expect(readdirSync(userDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(codeOf(() => reg.save({ name: 'notes', description: 'x', system_prompt: 'y' }))).toBe('CONFLICT');
    expect(reg.save({ name: 'notes', description: 'Notes v2', system_prompt: 'y' }, { overwrite: true }).config.description).toBe(
      'Notes v2',
    );
    expect(codeOf(() => reg.save({ name: 'alpha', description: 'x', system_prompt: 'y' }, { overwrite: true }))).toBe('READ_ONLY');
    const override = reg.save({ name: 'alpha', description: 'Mine', system_prompt: 'y' }, { overwrite: true, overrideBuiltin: true });
    expect(override.origin).toBe('override');
    expect(readFileSync(join(builtinDir, 'alpha.yaml'), 'utf8')).toBe(agentYaml('alpha'));
  });

  it('validates before writing', () => {
    const reg = registry();
    expect(codeOf(() => reg.save({ name: 'x1', description: 'd', system_prompt: 'p', capabilities: ['teleport'] }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(() => statSync(join(userDir, 'x1.yaml'))).toThrow();
  });

  it('rejects path-traversal and malformed names before touching the file system', () => {
    const reg = registry();
    for (const name of ['../evil', '..', 'a/b', 'UPPER', '', '-lead', 'x'.repeat(65)]) {
      expect(codeOf(() => reg.require(name))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => reg.delete(name))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => reg.save({ name, description: 'd', system_prompt: 'p' }))).toBe('INVALID_ARGUMENT');
    }
    expect(readdirSync(root).sort()).toEqual(['builtin']);
  });

  it('deletes user agents and overrides (restoring the built-in) but not built-ins', () => {
    const reg = registry();
    reg.save({ name: 'mine', description: 'd', system_prompt: 'p' });
    expect(reg.delete('mine')).toEqual({ deleted: true, name: 'mine', restored_builtin: false });
    reg.save({ name: 'beta', description: 'over', system_prompt: 'p' }, { overwrite: true, overrideBuiltin: true });
    expect(reg.get('beta')?.origin).toBe('override');
    expect(reg.delete('beta')).toEqual({ deleted: true, name: 'beta', restored_builtin: true });
    expect(reg.get('beta')?.origin).toBe('builtin');
    expect(codeOf(() => reg.delete('beta'))).toBe('READ_ONLY');
    expect(codeOf(() => reg.delete('nobody'))).toBe('NOT_FOUND');
  });

  it('keeps each person\'s agents to themselves in team mode, built-ins shared, the owner\'s directory as before', () => {
    const reg = registry();
    const asNoa = <T>(work: () => T): T => runInPrincipalScope('user:1', work);
    const asAri = <T>(work: () => T): T => runInPrincipalScope('user:2', work);
    asNoa(() => reg.save({ name: 'planner', description: 'Noa plans', system_prompt: 'Plan.' }));
    // Another person may take the same name for their own agent, and neither sees nor deletes the other's.
    expect(asAri(() => reg.get('planner'))).toBeUndefined();
    expect(asAri(() => codeOf(() => reg.delete('planner')))).toBe('NOT_FOUND');
    asAri(() => reg.save({ name: 'planner', description: 'Ari plans', system_prompt: 'Plan.' }));
    expect(asNoa(() => reg.get('planner')?.config.description)).toBe('Noa plans');
    expect(asAri(() => reg.get('planner')?.config.description)).toBe('Ari plans');
    expect(reg.get('planner')).toBeUndefined();
    expect(asNoa(() => reg.list().map((agent) => agent.config.name))).toEqual(['alpha', 'beta', 'planner']);
    expect(reg.list().map((agent) => agent.config.name)).toEqual(['alpha', 'beta']);
    expect(asNoa(() => reg.get('planner')?.file)).toBe(join(userDir, '.principals', 'user-1', 'planner.yaml'));
    expect(reg.problems()).toEqual([]);
  });

  it('keeps at most MAX_PRINCIPAL_SCANS people\'s listings, reading a dropped one again from its directory', () => {
    const reg = registry();
    runInPrincipalScope('user:1', () => reg.save({ name: 'first', description: 'First', system_prompt: 'Go.' }));
    for (let id = 2; id <= MAX_PRINCIPAL_SCANS + 1; id += 1) runInPrincipalScope(`user:${id}`, () => reg.list());
    expect((reg as unknown as { scans: Map<string, unknown> }).scans.size).toBe(MAX_PRINCIPAL_SCANS);
    expect(runInPrincipalScope('user:1', () => reg.get('first')?.config.description)).toBe('First');
  });
});

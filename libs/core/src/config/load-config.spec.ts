import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config-error.js';
import { loadConfig, redactConfig } from './load-config.js';
import { resolveSecret } from './secret-reference.js';
import { resolveDataDir } from './data-dir.js';
import { systemTimeZone } from '../time/time-zone.js';

describe('loadConfig', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cos-config-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('works with no file and no environment: every key has a default', () => {
    const config = loadConfig({ env: { COS_DATA_DIR: join(root, 'data'), COS_TIMEZONE: 'Asia/Jerusalem' } });
    expect(config.dataDir).toBe(join(root, 'data'));
    expect(config.timezone).toBe('Asia/Jerusalem');
    expect(config.agents.maxRounds).toBe(25);
    expect(config.models.tiers.sonnet).toBe('claude-sonnet-4-6');
    expect(config.documents.allowedRoots).toEqual([join(root, 'data', 'documents')]);
    expect(config.agents.userDir).toBe(join(root, 'data', 'agents'));
    expect(config.configFile).toBeNull();
  });

  it('takes the system time zone when none is set, also from a configuration frozen before it was read', () => {
    const config = Object.freeze(loadConfig({ env: { COS_DATA_DIR: join(root, 'data') } }));
    expect(config.timezone).toBe(systemTimeZone());
    expect({ ...config }.timezone).toBe(systemTimeZone());
  });

  it('creates the data directory readable by the owner only', () => {
    const config = loadConfig({ env: { COS_DATA_DIR: join(root, 'fresh', 'data') } });
    expect(statSync(config.dataDir).mode & 0o777).toBe(0o700);
  });

  it('merges defaults, then the file in the data dir, then the environment, then overrides', () => {
    const dataDir = join(root, 'data');
    loadConfig({ env: { COS_DATA_DIR: dataDir } });
    writeFileSync(
      join(dataDir, 'cos.config.yaml'),
      'agents:\n  maxRounds: 10\n  timeoutSeconds: 30\nfacts:\n  halfLifeDays: 30\nuser:\n  handles: [a, b]\n',
    );
    const config = loadConfig({
      env: { COS_DATA_DIR: dataDir, COS_AGENTS_MAX_ROUNDS: '12', COS_USER_HANDLES: 'x, y' },
      overrides: { facts: { halfLifeDays: 7 } },
    });
    expect(config.agents.maxRounds).toBe(12);
    expect(config.agents.timeoutSeconds).toBe(30);
    expect(config.facts.halfLifeDays).toBe(7);
    expect(config.user.handles).toEqual(['x', 'y']);
    expect(config.configFile).toBe(join(dataDir, 'cos.config.yaml'));
  });

  it('reads the file named by COS_CONFIG and resolves relative paths against it', () => {
    const file = join(root, 'my.yaml');
    writeFileSync(file, 'documents:\n  allowedRoots: [./docs, /abs/notes]\n');
    const config = loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: join(root, 'data') } });
    expect(config.documents.allowedRoots).toEqual([join(root, 'docs'), '/abs/notes']);
  });

  it('honours the Anthropic SDK variables', () => {
    const config = loadConfig({
      env: { COS_DATA_DIR: root, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999' },
    });
    expect(config.anthropic).toEqual({ apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:9999' });
  });

  it('names the file, the key and the expected values when the file is invalid', () => {
    const file = join(root, 'bad.yaml');
    writeFileSync(file, 'models:\n  defaultTier: huge\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(
      `Invalid configuration. ${file}: models.defaultTier: must be one of "haiku", "sonnet", "opus".`,
    );
  });

  it('reads the OpenID Connect sign-in settings and says what a wrong issuer, audience, claim or public URL should be', () => {
    const file = join(root, 'oidc.yaml');
    const write = (oidc: string, extra = ''): void => writeFileSync(file, `mcp:\n  http:\n${extra}    oidc:\n${oidc}`);
    write('      issuer: https://id.example.com/realms/team\n      audience: https://cos.example.com/mcp\n', '    publicUrl: https://cos.example.com\n');
    const config = loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } });
    expect(config.mcp.http.oidc).toEqual({ issuer: 'https://id.example.com/realms/team', audience: 'https://cos.example.com/mcp', claim: 'email' });
    expect(config.mcp.http.publicUrl).toBe('https://cos.example.com');
    expect(loadConfig({ env: { COS_DATA_DIR: root } }).mcp.http.oidc).toBeUndefined();
    write('      issuer: http://id.example.com\n      audience: a\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/mcp\.http\.oidc\.issuer: must be the provider's issuer URL, https:\/\/… \(plain http only on localhost\)/);
    write('      issuer: http://127.0.0.1:4000\n      audience: " "\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/mcp\.http\.oidc\.audience: must name this server/);
    write('      issuer: http://localhost:4000\n      audience: cos\n      claim: upn\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/mcp\.http\.oidc\.claim: must be one of "sub", "email"/);
    write('      audience: cos\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/mcp\.http\.oidc\.issuer/);
    write('      issuer: https://id.example.com\n      audience: cos\n', '    publicUrl: https://cos.example.com/mcp\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/mcp\.http\.publicUrl: must be the base URL clients use/);
  });

  it('reports misspelt keys instead of ignoring them', () => {
    const file = join(root, 'typo.yaml');
    writeFileSync(file, 'agents:\n  maxRound: 3\n');
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/agents: unknown key "maxRound"/);
  });

  it('keeps loading a file that still holds a retired setting, and lists it so cos doctor can say to delete it', () => {
    const file = join(root, 'retired.yaml');
    writeFileSync(file, 'skills:\n  autoCreate: true\n  minOccurrences: 7\n');
    const config = loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } });
    expect(config.retiredKeys).toEqual(['skills.autoCreate']);
    expect(config.skills.minOccurrences).toBe(7);
    expect(config.skills).not.toHaveProperty('autoCreate');
    expect(loadConfig({ env: { COS_DATA_DIR: root } }).retiredKeys).toEqual([]);
  });

  it('names the environment variable when a value from the environment is invalid', () => {
    expect(() => loadConfig({ env: { COS_DATA_DIR: root, COS_TIMEZONE: 'Mars/Olympus' } })).toThrow(
      /environment variable COS_TIMEZONE: timezone: must be an IANA time zone name/,
    );
    expect(() => loadConfig({ env: { COS_DATA_DIR: root, COS_AGENTS_MAX_ROUNDS: 'many' } })).toThrow(
      'Environment variable COS_AGENTS_MAX_ROUNDS must be a number, got "many".',
    );
  });

  it('reports YAML syntax errors with the file and line', () => {
    const file = join(root, 'broken.yaml');
    writeFileSync(file, 'agents:\n  maxRounds: [1, 2\n');
    let error: unknown;
    try {
      loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(new RegExp(`${file} is not valid YAML`));
  });

  it('refuses a COS_CONFIG that does not exist', () => {
    expect(() => loadConfig({ env: { COS_CONFIG: join(root, 'missing.yaml') } })).toThrow(/does not exist/);
  });

  it('reads the people whose CalDAV calendars give their free/busy, and names a bad entry', () => {
    const caldav = 'calendar:\n  caldav:\n    serverUrl: https://dav.example.org/\n    user: me\n    password: env:DAV\n    people:\n';
    const file = join(root, 'people.yaml');
    writeFileSync(file, `${caldav}      - email: dana@example.org\n        calendars: [/dana/work/, https://dav.example.org/dana/home/]\n`);
    expect(loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } }).calendar.caldav?.people).toEqual([{ email: 'dana@example.org', calendars: ['/dana/work/', 'https://dav.example.org/dana/home/'] }]);
    writeFileSync(file, `${caldav}      - email: dana@example.org\n        calendars: [dana/work]\n`);
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(
      /calendar\.caldav\.people\.0\.calendars\.0: must be a calendar URL \(https:\/\/…\) or a path on the CalDAV server starting with "\/"/,
    );
    writeFileSync(file, `${caldav}      - email: dana@example.org\n        calendars: [/a/]\n      - email: Dana@example.org\n        calendars: [/b/]\n`);
    expect(() => loadConfig({ env: { COS_CONFIG: file, COS_DATA_DIR: root } })).toThrow(/calendar\.caldav\.people\.1\.email: Dana@example\.org is listed twice/);
  });

  it('reads orchestration feature flags from COS_ORCHESTRATION_<FLAG>', () => {
    const config = loadConfig({ env: { COS_DATA_DIR: root, COS_ORCHESTRATION_SCORING: 'false', COS_ORCHESTRATION_MAX_TOOLS: '12' } });
    expect(config.orchestration).toEqual({ scoring: false, maxTools: 12 });
  });

  it('reads provider settings: the notification webhook and the Messages database path', () => {
    writeFileSync(
      join(root, 'cos.config.yaml'),
      'notifications:\n  webhook:\n    url: https://ntfy.example/topic\n    token: env:NTFY_TOKEN\nmessages:\n  chatDbPath: /tmp/chat.db\n',
    );
    const config = loadConfig({ env: { COS_DATA_DIR: root } });
    expect(config.notifications.webhook).toEqual({ url: 'https://ntfy.example/topic', format: 'ntfy', token: 'env:NTFY_TOKEN', timeoutMs: 5000 });
    expect(config.messages.chatDbPath).toBe('/tmp/chat.db');
    expect(loadConfig({ env: { COS_DATA_DIR: join(root, 'other') } }).notifications.webhook).toBeUndefined();
  });
});

describe('data directory resolution', () => {
  it('prefers COS_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share', () => {
    expect(resolveDataDir({ COS_DATA_DIR: '/x/y', XDG_DATA_HOME: '/xdg' })).toBe('/x/y');
    expect(resolveDataDir({ XDG_DATA_HOME: '/xdg' })).toBe('/xdg/chief-of-staff');
    expect(resolveDataDir({})).toMatch(/\.local\/share\/chief-of-staff$/);
  });
});

describe('secrets', () => {
  it('resolves env: references and redacts literals for display', () => {
    expect(resolveSecret('env:MY_TOKEN', { MY_TOKEN: 'abc' })).toBe('abc');
    expect(resolveSecret('env:MISSING', {})).toBeUndefined();
    const config = loadConfig({ env: { COS_DATA_DIR: mkdtempSync(join(tmpdir(), 'cos-')), ANTHROPIC_API_KEY: 'sk-live' } });
    const shown = redactConfig(config) as { anthropic: { apiKey: string } };
    expect(shown.anthropic.apiKey).toBe('[redacted]');
  });
});

/**
 * The agent registry (docs/reference/agents.md#registry): built-in agents shipped read-only in `agent_configs/` plus
 * the user's agent directory, where a file with a built-in's name is an override. Bad files are reported as problems
 * instead of disappearing; new and edited files are picked up by re-stating the directories (at most once per
 * `rescanIntervalMs`); writes are validated first and atomic. In team mode each person has an agent directory of their
 * own (the one of the request's principal scope), so one person's agents are neither seen nor changed by another.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentPrincipalScope, didYouMean, OWNER_PRINCIPAL, SYSTEM_SCOPE, ToolError, type Logger } from '@chief-of-staff/core';
import {
  agentConfigSchema,
  isValidAgentName,
  type AgentConfig,
  type AgentConfigInput,
} from '../config/agent-config-schema.js';
import { formatConfigIssues, parseAgentFile, renderAgentFile, type ParsedAgentFile } from '../config/agent-file.js';
import { writeFileAtomic } from './atomic-write.js';

export type AgentOrigin = 'builtin' | 'user' | 'override';

export interface AgentEntry {
  readonly config: AgentConfig;
  readonly origin: AgentOrigin;
  /** The file the config was read from. */
  readonly file: string;
  /** Non-fatal notes about the file (unknown keys). */
  readonly warnings: readonly string[];
}

export interface AgentProblem {
  file: string;
  severity: 'error' | 'warning';
  error: string;
}

export interface AgentRegistryOptions {
  /** The user/override directory (`agents.userDir`). Created on first write. */
  userDir: string;
  /** Built-in agents; defaults to `agent_configs/` at the workspace root, next to this package. */
  builtinDir?: string;
  /** Minimum time between two directory scans; 0 scans before every read. Default 1,000 ms. */
  rescanIntervalMs?: number;
  logger?: Logger;
  /** Monotonic milliseconds, for the rescan throttle. */
  now?: () => number;
}

export interface SaveAgentOptions {
  /** Replace an existing agent of that name (a user agent, or an override). Default false → CONFLICT. */
  overwrite?: boolean;
  /** Allow a built-in's name: the file written is an override copy. Default false → READ_ONLY. */
  overrideBuiltin?: boolean;
}

/** Where the shipped agent YAMLs live when nothing else is configured. */
export const DEFAULT_BUILTIN_AGENT_DIR = fileURLToPath(new URL('../../../../agent_configs/', import.meta.url));

const YAML_EXTENSIONS = new Set(['.yaml', '.yml']);

/**
 * Where the agents of the users of `cos users` live, inside the owner's directory: a dot-folder, which the owner's scan
 * skips, holding one folder per user (`user-<id>`).
 */
export const PRINCIPAL_AGENT_DIRS = '.principals';

/** How many principals' scans one registry keeps; the least recently used is dropped (and rescanned when it returns). */
export const MAX_PRINCIPAL_SCANS = 256;

/** The agent directory of a principal scope: the owner's (and the system scope's) is `userDir` itself. */
export function agentDirectoryOf(userDir: string, scope: string): string {
  if (scope === OWNER_PRINCIPAL || scope === SYSTEM_SCOPE) return userDir;
  return join(userDir, PRINCIPAL_AGENT_DIRS, scope.replace(':', '-'));
}

/** One principal's view: its loaded agents and problems, and when its directory was last scanned. */
interface PrincipalScan {
  userDir: string;
  lastScanAt: number;
  entries: Map<string, AgentEntry>;
  builtinNames: Set<string>;
  currentProblems: AgentProblem[];
  /** Problems already logged for this view, so each is logged once while it lasts. */
  loggedProblems: Set<string>;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  parsed: ParsedAgentFile;
}

interface DirectoryScan {
  /** Loaded configs by agent name. */
  entries: Map<string, { config: AgentConfig; file: string; warnings: string[] }>;
  problems: AgentProblem[];
}

/** Throws INVALID_ARGUMENT unless `name` is a valid agent name; keeps names safe to join into paths. */
export function assertAgentName(name: string, field = 'name'): void {
  if (!isValidAgentName(name)) {
    throw ToolError.invalidArgument(
      field,
      `"${name.slice(0, 80)}" is not a valid agent name`,
      'Use lower-case letters, digits, "_" and "-", starting with a letter or digit, at most 64 characters.',
    );
  }
}

export class AgentRegistry {
  /** The owner's agent directory (`agents.userDir`); the users' are under it (see agentDirectoryOf). */
  readonly ownerDir: string;
  readonly builtinDir: string;
  private readonly rescanIntervalMs: number;
  private readonly logger: Logger | undefined;
  private readonly now: () => number;
  private readonly cache = new Map<string, CachedFile>();
  /** By principal scope, least recently used first (bounded by MAX_PRINCIPAL_SCANS). */
  private readonly scans = new Map<string, PrincipalScan>();

  constructor(options: AgentRegistryOptions) {
    this.ownerDir = resolve(options.userDir);
    this.builtinDir = resolve(options.builtinDir ?? DEFAULT_BUILTIN_AGENT_DIR);
    this.rescanIntervalMs = options.rescanIntervalMs ?? 1_000;
    this.logger = options.logger;
    this.now = options.now ?? (() => performance.now());
  }

  /** The agent directory of the work in progress (the owner's, or the signed-in user's in team mode). */
  get userDir(): string {
    return this.scan().userDir;
  }

  private get entries(): Map<string, AgentEntry> {
    return this.scan().entries;
  }

  private get builtinNames(): Set<string> {
    return this.scan().builtinNames;
  }

  /** The current principal's scan, created empty (never scanned) on its first use. */
  private scan(): PrincipalScan {
    const scope = currentPrincipalScope();
    let found = this.scans.get(scope);
    if (found === undefined) {
      found = { userDir: agentDirectoryOf(this.ownerDir, scope), lastScanAt: Number.NEGATIVE_INFINITY, entries: new Map(), builtinNames: new Set(), currentProblems: [], loggedProblems: new Set() };
      if (this.scans.size >= MAX_PRINCIPAL_SCANS) {
        const eldest = this.scans.keys().next().value;
        if (eldest !== undefined) this.scans.delete(eldest);
      }
    } else {
      this.scans.delete(scope);
    }
    this.scans.set(scope, found);
    return found;
  }

  /** Every loaded agent, ordered by name. */
  list(): AgentEntry[] {
    this.refreshIfDue();
    return [...this.entries.values()].sort((a, b) => (a.config.name < b.config.name ? -1 : 1));
  }

  get(name: string): AgentEntry | undefined {
    this.refreshIfDue();
    return this.entries.get(name);
  }

  /** Like `get`, but NOT_FOUND (uniform message) when absent and INVALID_ARGUMENT for a malformed name. */
  require(name: string, field = 'name'): AgentEntry {
    assertAgentName(name, field);
    const entry = this.get(name);
    if (entry === undefined) {
      const names = this.list().map((candidate) => candidate.config.name);
      throw new ToolError('NOT_FOUND', `Agent ${name} not found.${didYouMean(name, names)}`, {
        hint: 'See the agents with list_agents (or `cos agents list`).',
        details: { entity: 'Agent', id: name, field },
      });
    }
    return entry;
  }

  /** Files that failed to load (errors) or loaded with notes (warnings). */
  problems(): AgentProblem[] {
    this.refreshIfDue();
    return [...this.scan().currentProblems];
  }

  /** Problems of the files named after one agent. */
  problemsFor(name: string): AgentProblem[] {
    return this.problems().filter((problem) => stemOf(problem.file) === name);
  }

  isBuiltinName(name: string): boolean {
    this.refreshIfDue();
    return this.builtinNames.has(name);
  }

  /** Rescans both directories now. */
  refresh(): void {
    const scan = this.scan();
    scan.lastScanAt = this.now();
    const builtin = this.scanDirectory(this.builtinDir);
    const user = this.scanDirectory(scan.userDir);
    const entries = new Map<string, AgentEntry>();
    for (const [name, loaded] of builtin.entries) entries.set(name, { ...loaded, origin: 'builtin' });
    for (const [name, loaded] of user.entries) {
      entries.set(name, { ...loaded, origin: builtin.entries.has(name) ? 'override' : 'user' });
    }
    scan.entries = entries;
    scan.builtinNames = new Set(builtin.entries.keys());
    scan.currentProblems = [...builtin.problems, ...user.problems];
    this.logNewProblems(scan);
  }

  /**
   * Validates and writes `<userDir>/<name>.yaml` atomically (mode 0600). Existing names need `overwrite`; a
   * built-in's name additionally needs `overrideBuiltin` and produces an override copy (built-ins are never
   * written).
   */
  save(input: AgentConfigInput, options: SaveAgentOptions = {}): AgentEntry {
    const parsed = agentConfigSchema.safeParse(input);
    if (!parsed.success) {
      throw new ToolError('INVALID_ARGUMENT', `Invalid agent configuration: ${formatConfigIssues(parsed.error.issues)}`);
    }
    const config = parsed.data;
    this.refresh();
    const existing = this.entries.get(config.name);
    if (existing !== undefined && options.overwrite !== true) {
      throw new ToolError('CONFLICT', `Agent "${config.name}" already exists.`, {
        hint: 'Choose another name, or pass overwrite=true to replace it.',
        details: { name: config.name, origin: existing.origin },
      });
    }
    if (this.builtinNames.has(config.name) && options.overrideBuiltin !== true) {
      throw new ToolError('READ_ONLY', `Agent "${config.name}" is built in and cannot be changed in place.`, {
        hint: 'Pass override=true to save your own copy, which then replaces the built-in.',
        details: { name: config.name },
      });
    }
    const target = join(this.userDir, `${config.name}.yaml`);
    writeFileAtomic(target, renderAgentFile(config));
    // A leftover `<name>.yml` would declare the same name twice and take both out of service.
    rmSync(join(this.userDir, `${config.name}.yml`), { force: true });
    this.refresh();
    const saved = this.entries.get(config.name);
    if (saved === undefined) throw new ToolError('INTERNAL', `Agent "${config.name}" was written but did not load.`);
    return saved;
  }

  /** Removes a user agent or an override (restoring the built-in). Pure built-ins are READ_ONLY. */
  delete(name: string): { deleted: true; name: string; restored_builtin: boolean } {
    assertAgentName(name);
    this.refresh();
    const entry = this.entries.get(name);
    const userFiles = ['.yaml', '.yml'].map((ext) => join(this.userDir, `${name}${ext}`)).filter(isFile);
    if (userFiles.length === 0) {
      if (entry?.origin === 'builtin') {
        throw new ToolError('READ_ONLY', `Agent "${name}" is built in and cannot be deleted.`, {
          hint: 'Built-in agents can be overridden with update_agent override=true, not removed.',
          details: { name },
        });
      }
      throw ToolError.notFound('Agent', name);
    }
    for (const file of userFiles) rmSync(file, { force: true });
    this.refresh();
    return { deleted: true, name, restored_builtin: this.builtinNames.has(name) };
  }

  private refreshIfDue(): void {
    if (this.now() - this.scan().lastScanAt >= this.rescanIntervalMs) this.refresh();
  }

  private scanDirectory(directory: string): DirectoryScan {
    const scan: DirectoryScan = { entries: new Map(), problems: [] };
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      return scan; // A missing directory simply holds no agents.
    }
    const byStem = new Map<string, string[]>();
    for (const fileName of names.sort()) {
      if (fileName.startsWith('.') || !YAML_EXTENSIONS.has(extname(fileName))) continue;
      const file = join(directory, fileName);
      if (!isFile(file)) continue;
      const stem = stemOf(fileName);
      if (!isValidAgentName(stem)) {
        scan.problems.push({
          file,
          severity: 'error',
          error: `file name "${fileName}" is not a valid agent name; name files <agent name>.yaml`,
        });
        continue;
      }
      byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
    }
    for (const [stem, files] of byStem) {
      if (files.length > 1) {
        for (const file of files) {
          scan.problems.push({ file, severity: 'error', error: `agent "${stem}" is declared by ${files.length} files; keep one` });
        }
        continue;
      }
      const file = files[0] as string;
      const parsed = this.readCached(file, stem);
      if (!parsed.ok) {
        scan.problems.push({ file, severity: 'error', error: parsed.error });
        continue;
      }
      for (const warning of parsed.warnings) scan.problems.push({ file, severity: 'warning', error: warning });
      scan.entries.set(stem, { config: parsed.config, file, warnings: parsed.warnings });
    }
    for (const cached of [...this.cache.keys()]) {
      if (dirname(cached) === directory && !byStem.get(stemOf(cached))?.includes(cached)) this.cache.delete(cached);
    }
    return scan;
  }

  private readCached(file: string, stem: string): ParsedAgentFile {
    let stats;
    try {
      stats = statSync(file);
    } catch {
      return { ok: false, error: 'the file disappeared while being read' };
    }
    const cached = this.cache.get(file);
    if (cached !== undefined && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.parsed;
    let parsed: ParsedAgentFile;
    try {
      parsed = parseAgentFile(readFileSync(file, 'utf8'), stem);
    } catch {
      parsed = { ok: false, error: 'the file could not be read' };
    }
    this.cache.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, parsed });
    return parsed;
  }

  private logNewProblems(scan: PrincipalScan): void {
    const current = new Set<string>();
    for (const problem of scan.currentProblems) {
      const key = `${problem.file}\u0000${problem.error}`;
      current.add(key);
      if (!scan.loggedProblems.has(key)) {
        this.logger?.warn({ file: problem.file, severity: problem.severity, problem: problem.error }, 'agent config problem');
      }
    }
    scan.loggedProblems = current;
  }
}

function stemOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.slice(0, base.length - extname(base).length);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

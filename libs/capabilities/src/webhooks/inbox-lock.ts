/**
 * The inbox's cross-process lock, `<inboxDir>/.import.lock`: a file holding its owner and expiry, created atomically
 * (written under a private name, then hard-linked into place, so nobody reads it half-written and only one creator
 * wins). A lock past its expiry was left by a process that died; exactly one process takes it over — the one that
 * creates the takeover marker named after that lock — and it swaps its own lock in with a single rename, so the path
 * is never empty for a third process to grab meanwhile. An empty lock file from older versions expires 10 minutes
 * after it was last changed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

export interface InboxLock {
  owner: string;
  /** Removes the lock if it is still this owner's. */
  release(): void;
}

interface ObservedLock {
  /** Tells this lock apart from any later one at the same path. */
  identity: string;
  expiresAtMs: number;
}

const isCode = (error: unknown, code: string): boolean => (error as NodeJS.ErrnoException | undefined)?.code === code;

function observe(lockFile: string, ttlMs: number): ObservedLock | undefined {
  let text: string;
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(lockFile);
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(text) as { owner?: unknown; expires_at_ms?: unknown };
    if (typeof value.owner === 'string' && typeof value.expires_at_ms === 'number') return { identity: `owner:${value.owner}`, expiresAtMs: value.expires_at_ms };
  } catch {
    // Not ours (an older version's empty file, or damaged): its age decides.
  }
  return { identity: `file:${stats.ino}:${Math.floor(stats.mtimeMs)}`, expiresAtMs: stats.mtimeMs + ttlMs };
}

function tryCreate(file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
}

/**
 * Claims the right to replace the expired lock `expired`. A marker left by a process that died while taking over
 * expires too, and is itself taken over through a marker named after it.
 */
function claimTakeover(lockFile: string, expired: ObservedLock, owner: string, nowMs: number, ttlMs: number): string | undefined {
  let marker = `${lockFile}.takeover-${createHash('sha256').update(expired.identity).digest('hex').slice(0, 16)}`;
  for (let depth = 0; depth < 3; depth += 1) {
    if (tryCreate(marker, owner)) return marker;
    let markerChangedMs: number;
    try {
      markerChangedMs = statSync(marker).mtimeMs;
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined;
      throw error;
    }
    if (nowMs - markerChangedMs <= ttlMs) return undefined;
    marker = `${marker}.${Math.floor(markerChangedMs)}`;
  }
  return undefined;
}

/** Takes the lock, or answers undefined when another live process holds it (or is taking it over right now). */
export function acquireInboxLock(
  lockFile: string,
  options: {
    nowMs: number;
    ttlMs: number;
    /** Called once an expired lock was seen, before acting on it: where a second process does the most harm. */
    onExpiredSeen?: () => void;
  },
): InboxLock | undefined {
  const owner = `${process.pid}-${randomUUID()}`;
  const expiresAtMs = options.nowMs + options.ttlMs;
  const draft = `${lockFile}.${owner}.draft`;
  writeFileSync(draft, JSON.stringify({ owner, pid: process.pid, expires_at: new Date(expiresAtMs).toISOString(), expires_at_ms: expiresAtMs }), { flag: 'wx', mode: 0o600 });
  let marker: string | undefined;
  const held = (): InboxLock => ({
    owner,
    release() {
      if (observe(lockFile, options.ttlMs)?.identity === `owner:${owner}`) rmSync(lockFile, { force: true });
      if (marker !== undefined) rmSync(marker, { force: true });
    },
  });
  const link = (): boolean => {
    try {
      linkSync(draft, lockFile);
      return true;
    } catch (error) {
      if (isCode(error, 'EEXIST')) return false;
      throw error;
    }
  };
  try {
    if (link()) return held();
    const current = observe(lockFile, options.ttlMs);
    // Released between the two steps: one more exclusive attempt, which only one process can win.
    if (current === undefined) return link() ? held() : undefined;
    if (current.expiresAtMs > options.nowMs) return undefined;
    options.onExpiredSeen?.();
    marker = claimTakeover(lockFile, current, owner, options.nowMs, options.ttlMs);
    if (marker === undefined) return undefined;
    // Replace only the lock judged expired: if it was released or replaced since, this pass does nothing.
    if (observe(lockFile, options.ttlMs)?.identity !== current.identity) {
      rmSync(marker, { force: true });
      return undefined;
    }
    renameSync(draft, lockFile);
    return held();
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * The suite-wide secret scan: every secret the suite hands to a process it starts (model keys, bearer tokens, mail
 * passwords) is registered here, and every log those processes print and every file they leave in their data
 * directory is scanned for all of them before the directory is removed. The files the suite itself writes with a
 * secret in them (a configuration naming a webhook secret) are skipped: the product did not write those.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** A model key every process the suite starts gets, whether or not it calls a model. */
export const SUITE_MODEL_KEY = 'sk-ant-api03-reliability-suite-key-never-logged';

const SUITE_WRITTEN = new Set(['cos.config.yaml', 'mcp-servers.json']);
const secrets = new Set<string>([SUITE_MODEL_KEY]);
const findings: string[] = [];
let logsScanned = 0;
let filesScanned = 0;

export function registerSecret(value: string): void {
  if (value.length >= 8) secrets.add(value);
}

function leaked(text: string): boolean {
  for (const secret of secrets) if (text.includes(secret)) return true;
  return false;
}

/** Scans a process's log (its stderr/stdout as captured). */
export function scanLog(label: string, text: string): void {
  logsScanned += 1;
  if (leaked(text)) findings.push(`${label}: log`);
}

/** Scans every file under a data directory the product wrote (call it before removing the directory). */
export function scanDataDir(label: string, dataDir: string): void {
  let entries;
  try {
    entries = readdirSync(dataDir, { recursive: true, withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isFile() || SUITE_WRITTEN.has(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    filesScanned += 1;
    try {
      if (leaked(readFileSync(path).toString('latin1'))) findings.push(`${label}: ${path.slice(dataDir.length + 1) || basename(path)}`);
    } catch {
      // A socket or a file removed meanwhile: nothing to read.
    }
  }
}

export interface SecretScanSummary {
  secrets: number;
  logsScanned: number;
  filesScanned: number;
  findings: string[];
}

export function secretScanSummary(): SecretScanSummary {
  return { secrets: secrets.size, logsScanned, filesScanned, findings: [...findings] };
}

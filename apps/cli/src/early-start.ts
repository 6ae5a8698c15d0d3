/**
 * Imported first by the entry, so it runs before commander and the commands load: for a command that searches by
 * meaning (`cos memory search`, `cos docs search` unless `--mode fts`) on a data directory with vectors, the
 * embedding model starts loading in a worker thread at once. The command claims it when it opens the libraries
 * (`withChiefOfStaff`); one that never does (a usage error, `--help`) has it stopped by the entry.
 */
import { resolveDataDir } from '@chief-of-staff/core/data-dir';
import { startEarlyEmbedder } from '@chief-of-staff/sdk/early-embedder';
import { runningServerSocket } from '@chief-of-staff/sdk/local-calls';

export type EarlyEmbedder = NonNullable<ReturnType<typeof startEarlyEmbedder>>;

/** True for the argument lists (after `cos`) of the commands whose answer may need the model. */
export function searchesByMeaning(args: readonly string[]): boolean {
  if (args.some((arg) => arg === '--help' || arg === '-h')) return false;
  const [group, command] = args;
  if (command !== 'search') return false;
  if (group === 'memory') return true;
  if (group !== 'docs') return false;
  const mode = args.findIndex((arg) => arg === '--mode');
  return !(args.includes('--mode=fts') || (mode >= 0 && args[mode + 1] === 'fts'));
}

/** Settings that do not change what a search answers, so a server started without them answers the same. */
const NEUTRAL_SETTINGS = new Set(['COS_DATA_DIR', 'COS_LOG_LEVEL', 'COS_CODE_CACHE', 'COS_CODE_CACHE_DIR']);

/**
 * True when a search may be handed to the server running for this data directory: one is up, and this command has
 * no setting of its own that the server might not share (`COS_USE_RUNNING_SERVER=never` is one, to always answer here).
 */
export function usesRunningServer(env: NodeJS.ProcessEnv = process.env): boolean {
  if (Object.keys(env).some((name) => name.startsWith('COS_') && !NEUTRAL_SETTINGS.has(name))) return false;
  try {
    return runningServerSocket(resolveDataDir());
  } catch {
    return false;
  }
}

function start(): EarlyEmbedder | undefined {
  // A running server will answer: the model it has loaded already serves this search.
  if (!searchesByMeaning(process.argv.slice(2)) || usesRunningServer()) return undefined;
  try {
    return startEarlyEmbedder(resolveDataDir());
  } catch {
    // An unusable COS_DATA_DIR is reported by the command itself, with its own message.
    return undefined;
  }
}

let early = start();

/** The model started for this command, handed over once (the caller then owns and closes it). */
export function claimEarlyEmbedder(): EarlyEmbedder | undefined {
  const claimed = early;
  early = undefined;
  return claimed;
}

/** Stops a model nobody claimed, so a command that ended early does not wait for it to finish loading. */
export async function releaseEarlyEmbedder(): Promise<void> {
  await claimEarlyEmbedder()?.close();
}

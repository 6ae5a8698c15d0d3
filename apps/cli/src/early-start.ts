/**
 * Imported first by the entry, so it runs before commander and the commands load: for a command that searches by
 * meaning (`cos memory search`, `cos docs search` unless `--mode fts`) on a data directory with vectors, the
 * embedding model starts loading in a worker thread at once. The command claims it when it opens the libraries
 * (`withChiefOfStaff`); one that never does (a usage error, `--help`) has it stopped by the entry.
 */
import { resolveDataDir } from '@chief-of-staff/core/data-dir';
import { startEarlyEmbedder } from '@chief-of-staff/sdk/early-embedder';

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

function start(): EarlyEmbedder | undefined {
  if (!searchesByMeaning(process.argv.slice(2))) return undefined;
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

/**
 * Imported first by the entry, so it runs before the server's other modules do: when the data directory has
 * vectors, the embedding model starts loading in a worker thread while the main thread sets up the protocol layer,
 * and the first semantic query finds it (nearly) ready. Nothing starts for a data directory without vectors.
 */
import { resolveDataDir } from '@chief-of-staff/core/data-dir';
import { startEarlyEmbedder } from '@chief-of-staff/sdk/early-embedder';

function start(): ReturnType<typeof startEarlyEmbedder> {
  try {
    return startEarlyEmbedder(resolveDataDir());
  } catch {
    // An unusable COS_DATA_DIR is reported by the server itself, with its own message.
    return undefined;
  }
}

export const earlyEmbedder = start();

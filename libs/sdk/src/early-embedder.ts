/**
 * `@chief-of-staff/sdk/early-embedder`: start the embedding model before importing the sdk itself, then pass the
 * embedder to `createChiefOfStaff({ embedder })`. Loading the sdk's libraries and loading the model then overlap
 * (the model loads in a worker thread), which is what makes a short-lived process's first semantic query fast.
 *
 * ```ts
 * const { startEarlyEmbedder } = await import('@chief-of-staff/sdk/early-embedder');
 * const embedder = startEarlyEmbedder(dataDir); // undefined when the data dir has no vectors yet
 * const { createChiefOfStaff } = await import('@chief-of-staff/sdk');
 * const cos = await createChiefOfStaff({ dataDir, embedder });
 * ```
 */
export { hasVectorTables, startEarlyEmbedder } from '@chief-of-staff/documents/early-embedder';

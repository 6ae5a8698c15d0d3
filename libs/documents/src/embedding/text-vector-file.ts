/**
 * A small file of text vectors keyed by the hash of the text they embed, for short texts that many processes embed
 * alike (the catalogue's tool descriptions): a process reads it instead of running the model again for an unchanged
 * text. One file per embedder (its id is in the file and is checked), so vectors of two models never mix.
 *
 * Writes are atomic (a fresh file beside the target, renamed over it), so a reader never sees half a file; two
 * processes writing at once each merge what is on disk first, and whichever renames last wins — at worst a vector the
 * other computed is computed again later. A file that cannot be read or parsed reads as empty, with the reason, and is
 * replaced by the next write.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Embedder } from './embedder.js';

const FORMAT = 'cos-text-vectors';
const VERSION = 1;

/** Entries kept beyond the ones a writer asks to keep (texts other processes or earlier catalogues embedded). */
const DEFAULT_MAX_ENTRIES = 4_000;

interface TextVectorFileJson {
  format: typeof FORMAT;
  version: typeof VERSION;
  embedder: string;
  dims: number;
  /** Content hash → the vector's little-endian float32 bytes in base64. */
  vectors: Record<string, string>;
}

export interface TextVectorFileRead {
  vectors: Map<string, Float32Array>;
  /** Why the file was not used (unreadable, not this format, another embedder's); absent when it was read or is missing. */
  problem?: string;
}

/** The key a text's vector is stored under: a hash of the embedder's id and the exact text embedded. */
export function textContentHash(embedderId: string, text: string): string {
  return createHash('sha256').update(embedderId).update('\u0000').update(text).digest('hex').slice(0, 32);
}

function encodeVector(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

function decodeVector(text: string, dims: number): Float32Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== dims * 4) return undefined;
  // Copied into its own buffer: Buffer.from may share a pool whose offset is not 4-byte aligned.
  const vector = new Float32Array(dims);
  new Uint8Array(vector.buffer).set(bytes);
  return vector.every(Number.isFinite) ? vector : undefined;
}

/** Reads the vectors stored for `embedder`; a missing file is empty, a damaged or foreign one is empty with a problem. */
export async function readTextVectorFile(file: string, embedder: Pick<Embedder, 'id' | 'dims'>): Promise<TextVectorFileRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { vectors: new Map() };
    return { vectors: new Map(), problem: `could not read ${file} (${(error as Error).message}); its vectors are computed again` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { vectors: new Map(), problem: `${file} is not valid JSON (a damaged cache); its vectors are computed again and the file rewritten` };
  }
  const json = parsed as Partial<TextVectorFileJson> | null;
  if (json === null || typeof json !== 'object' || json.format !== FORMAT || json.version !== VERSION || typeof json.vectors !== 'object' || json.vectors === null) {
    return { vectors: new Map(), problem: `${file} is not a text vector cache of this version; its vectors are computed again and the file rewritten` };
  }
  if (json.embedder !== embedder.id || json.dims !== embedder.dims) {
    return { vectors: new Map(), problem: `${file} holds vectors of ${String(json.embedder)}, not ${embedder.id}; they are computed again` };
  }
  const vectors = new Map<string, Float32Array>();
  for (const [hash, encoded] of Object.entries(json.vectors)) {
    const vector = typeof encoded === 'string' ? decodeVector(encoded, embedder.dims) : undefined;
    if (vector) vectors.set(hash, vector);
  }
  return { vectors };
}

export interface WriteTextVectorFileOptions {
  /** Hashes that must stay in the file (the texts the writer uses now); they are written first. */
  keep?: ReadonlySet<string>;
  /** At most this many entries in all (default 4,000): other entries already on disk fill the room left after `keep`. */
  maxEntries?: number;
}

/**
 * Merges `vectors` with what the file holds now and replaces it atomically. Entries in `keep` come first, then the
 * writer's other vectors, then those already on disk, until `maxEntries`; so the file cannot grow without bound as
 * catalogues change, and what another process added meanwhile survives when there is room.
 */
export async function writeTextVectorFile(
  file: string,
  embedder: Pick<Embedder, 'id' | 'dims'>,
  vectors: ReadonlyMap<string, Float32Array>,
  options: WriteTextVectorFileOptions = {},
): Promise<void> {
  const onDisk = (await readTextVectorFile(file, embedder)).vectors;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const merged: Record<string, string> = {};
  let count = 0;
  const add = (hash: string, vector: Float32Array | undefined) => {
    if (count >= maxEntries || vector === undefined || vector.length !== embedder.dims || hash in merged) return;
    merged[hash] = encodeVector(vector);
    count++;
  };
  for (const hash of options.keep ?? []) add(hash, vectors.get(hash) ?? onDisk.get(hash));
  for (const [hash, vector] of vectors) add(hash, vector);
  for (const [hash, vector] of onDisk) add(hash, vector);
  const json: TextVectorFileJson = { format: FORMAT, version: VERSION, embedder: embedder.id, dims: embedder.dims, vectors: merged };
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, JSON.stringify(json), { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Shared memory (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#agents-and-agent-memory):
 * key/value entries in named namespaces that several agents read and write. Namespace permissions are checked by the
 * tools from the caller; this repository validates and stores.
 */
import { ToolError } from '@chief-of-staff/core';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';

export interface SharedMemoryRecord {
  id: number;
  namespace: string;
  key: string;
  value: string;
  writtenBy: string;
  createdAt: string;
  updatedAt: string;
}

export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const SHARED_MEMORY_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export function assertNamespace(value: string): string {
  if (NAMESPACE_PATTERN.test(value)) return value;
  throw ToolError.invalidArgument(
    'namespace',
    `${JSON.stringify(value)} is not a valid namespace.`,
    'Use 1–64 lower-case letters, digits, "_" or "-", starting with a letter or digit, e.g. "team-notes".',
  );
}

/** What a shared memory write gives. */
export interface StoreSharedMemoryInput {
  namespace: string;
  key: string;
  value: string;
  writtenBy: string;
}

/** A validated shared memory entry. Every adapter stores from this, so all refuse the same input alike. */
export function sharedMemoryEntry(input: StoreSharedMemoryInput): StoreSharedMemoryInput {
  return {
    namespace: assertNamespace(input.namespace),
    key: assertText('key', input.key, MAX_NAME_LENGTH),
    value: assertText('value', input.value, MAX_VALUE_LENGTH),
    writtenBy: assertText('written_by', input.writtenBy, MAX_NAME_LENGTH),
  };
}

export interface SharedMemoryRepository {
  upsert(input: StoreSharedMemoryInput): Promise<{
    entry: SharedMemoryRecord;
    created: boolean;
  }>;
  /** Ordered by key. `query` is a case-folded substring over key and value. */
  list(filters: { namespace: string; query?: string }, page: PageRequest): Promise<Page<SharedMemoryRecord>>;
}

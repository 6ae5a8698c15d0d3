/**
 * Document types (`doc_type` in docs/reference/data-model.md#enumerations) and how a file's extension maps to one.
 * Unknown extensions are not ingested; `xlsx` is a known type without an extractor yet, so such files are skipped
 * with that reason.
 */
import { extname } from 'node:path';
import { DOC_TYPES, type DocType } from '@chief-of-staff/stores';

export { DOC_TYPES };
export type { DocType };

const BY_EXTENSION: Record<string, DocType> = {
  '.txt': 'text',
  '.text': 'text',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'markdown',
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.html': 'html',
  '.htm': 'html',
  '.csv': 'csv',
  '.tsv': 'csv',
  '.xlsx': 'xlsx',
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/** Source files indexed as `code`: common languages whose text is worth searching. */
export const CODE_EXTENSIONS: readonly string[] = [
  '.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.py', '.rb', '.go', '.rs', '.java', '.kt', '.kts',
  '.scala', '.swift', '.c', '.h', '.cc', '.cpp', '.hpp', '.cs', '.php', '.sh', '.bash', '.zsh', '.sql', '.lua',
  '.r', '.pl', '.ex', '.exs', '.erl', '.hs', '.clj', '.dart', '.vue', '.svelte', '.css', '.scss', '.toml', '.ini',
];

for (const extension of CODE_EXTENSIONS) BY_EXTENSION[extension] = 'code';

/** The document type for a path, or undefined when the extension is not supported. */
export function docTypeForPath(path: string): DocType | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

export function isDocType(value: string): value is DocType {
  return (DOC_TYPES as readonly string[]).includes(value);
}

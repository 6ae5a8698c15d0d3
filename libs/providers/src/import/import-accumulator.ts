/** Counts and error collection shared by every importer. */
import type { ImportItemError, ImportKind, ImportResult } from './import-types.js';

const MAX_ERRORS = 100;

export class ImportAccumulator {
  imported = 0;
  updated = 0;
  skipped = 0;
  private readonly errors: ImportItemError[] = [];
  private errorCount = 0;
  private readonly warnings = new Set<string>();
  private readonly startedAt = performance.now();

  constructor(
    private readonly kind: ImportKind,
    private readonly target: string,
  ) {}

  get done(): number {
    return this.imported + this.updated + this.skipped + this.errorCount;
  }

  error(item: string, message: string): void {
    this.errorCount += 1;
    if (this.errors.length < MAX_ERRORS) this.errors.push({ item, message });
  }

  warn(message: string): void {
    this.warnings.add(message);
  }

  result(): ImportResult {
    return {
      kind: this.kind,
      target: this.target,
      imported: this.imported,
      updated: this.updated,
      skipped: this.skipped,
      errors: this.errors,
      errorCount: this.errorCount,
      warnings: [...this.warnings],
      durationMs: Math.round(performance.now() - this.startedAt),
    };
  }
}

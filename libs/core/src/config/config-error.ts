/** A configuration problem, reported with the file (or environment variable), the key and what is expected. */
import { CosError, type JsonValue } from '../errors/cos-error.js';

export class ConfigError extends CosError {
  constructor(message: string, details?: Record<string, JsonValue>, cause?: unknown) {
    super({ code: 'CONFIG_INVALID', message, domain: 'config', category: 'user', details, cause });
    this.name = 'ConfigError';
  }
}

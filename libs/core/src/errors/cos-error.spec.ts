import { describe, expect, it } from '@jest/globals';
import { CosError, isCosError } from './cos-error.js';
import { isToolError, ToolError } from './tool-error.js';

describe('CosError', () => {
  it('serialises to JSON-safe data without the cause or stack', () => {
    const error = new CosError({
      code: 'DB_LOCKED',
      message: 'The database is locked.',
      domain: 'stores',
      category: 'system',
      details: { file: 'cos.db', attempts: 3 },
      cause: new Error('SQLITE_BUSY'),
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'CosError',
      code: 'DB_LOCKED',
      message: 'The database is locked.',
      domain: 'stores',
      category: 'system',
      details: { file: 'cos.db', attempts: 3 },
    });
    expect((error.cause as Error).message).toBe('SQLITE_BUSY');
  });

  it('is recognised across copies of the package, where instanceof fails', () => {
    const foreign = new CosError({ code: 'X', message: 'm', domain: 'd', category: 'user' });
    // Simulate a second copy: a plain object carrying the same registered brand.
    const copy = Object.create(null) as Record<symbol, unknown>;
    copy[Symbol.for('@chief-of-staff/core:CosError')] = true;
    expect(isCosError(foreign)).toBe(true);
    expect(isCosError(copy)).toBe(true);
    expect(isCosError(new Error('plain'))).toBe(false);
    expect(isCosError(null)).toBe(false);
  });
});

describe('ToolError', () => {
  it('builds the uniform not-found error', () => {
    const error = ToolError.notFound('Delegation', 42);
    expect(error.message).toBe('Delegation 42 not found.');
    expect(error.code).toBe('NOT_FOUND');
    expect(error.details).toEqual({ entity: 'Delegation', id: 42 });
    expect(error.category).toBe('user');
    expect(isToolError(error)).toBe(true);
    expect(isCosError(error)).toBe(true);
  });

  it('classifies upstream failures as third-party', () => {
    expect(new ToolError('RATE_LIMITED', 'Slow down.').category).toBe('third_party');
    expect(new ToolError('INTERNAL', 'Oops.').category).toBe('system');
  });
});

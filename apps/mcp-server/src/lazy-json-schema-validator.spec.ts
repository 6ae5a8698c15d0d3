import { describe, expect, it } from '@jest/globals';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';

describe('lazyJsonSchemaValidator', () => {
  it('builds the validator only when a schema is first checked, once, and checks as the default does', () => {
    let built = 0;
    const lazy = lazyJsonSchemaValidator(() => {
      built += 1;
      return new AjvJsonSchemaValidator();
    });
    expect(built).toBe(0);
    const check = lazy.getValidator<{ email: string }>({ type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] });
    expect(check({ email: 'noa@example.com' })).toEqual({ valid: true, data: { email: 'noa@example.com' }, errorMessage: undefined });
    const refused = check({ email: 'not an address' });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toMatch(/email/);
    lazy.getValidator({ type: 'string' });
    expect(built).toBe(1);
  });
});

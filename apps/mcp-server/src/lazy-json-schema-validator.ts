/**
 * The SDK's `Server` builds an Ajv instance with its formats when it is constructed (to check the answers to form
 * elicitations, which this server never asks for): 3–13 ms measured in front of every client's `initialize` answer.
 * This provider builds the SDK's same default validator the first time a schema is checked instead.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

export function lazyJsonSchemaValidator(create: () => jsonSchemaValidator = () => new AjvJsonSchemaValidator()): jsonSchemaValidator {
  let validator: jsonSchemaValidator | undefined;
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      validator ??= create();
      return validator.getValidator<T>(schema);
    },
  };
}

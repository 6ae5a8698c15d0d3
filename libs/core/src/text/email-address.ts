/** Email addresses as every tool and store accepts them (docs/reference/conventions.md#validation). */
import { ToolError } from '../errors/tool-error.js';

const LOCAL_PART = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[^"\\\r\n]|\\.)*")$/u;
const DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)*$|^\[[^\][\\\r\n]+\]$/u;

/** True for an RFC 5322 addr-spec (`local@domain`). */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1 || value.length > 254) return false;
  return LOCAL_PART.test(value.slice(0, at)) && DOMAIN.test(value.slice(at + 1));
}

/** Validates an email address and lower-cases its domain (docs/reference/conventions.md#validation). */
export function normalizeEmail(field: string, value: string): string {
  const text = value.trim();
  if (!isEmailAddress(text)) {
    throw ToolError.invalidArgument(field, `${JSON.stringify(value)} is not a valid email address.`, 'Use local@domain, e.g. noa@example.com.');
  }
  const at = text.lastIndexOf('@');
  return `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
}

/**
 * Parameter hints of a tool: which inputs are required or optional (from its JSON schema) and example calls, taken
 * from the `Example: {…}` the tool's description already carries (one definition per tool: the example shown to
 * people and models is the one used in guidance).
 */
import type { ToolParameterHints } from './tool-intelligence.js';

/** Every JSON object written after "Example:" in a description (several when it says "{…} or {…}"). */
export function examplesFromDescription(description: string): Record<string, unknown>[] {
  const at = description.indexOf('Example:');
  if (at === -1) return [];
  const examples: Record<string, unknown>[] = [];
  const text = description.slice(at);
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i += 1) {
      const char = text[i];
      if (inString) {
        if (char === '\\') i += 1;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '{') depth += 1;
      else if (char === '}' && (depth -= 1) === 0) {
        try {
          const value: unknown = JSON.parse(text.slice(start, i + 1));
          if (value !== null && typeof value === 'object' && !Array.isArray(value)) examples.push(value as Record<string, unknown>);
        } catch {
          // Not JSON (prose in braces): not an example.
        }
        start = i;
        break;
      }
    }
  }
  return examples;
}

export function parameterHintsOf(description: string, inputSchema?: { properties?: Record<string, unknown>; required?: readonly string[] }): ToolParameterHints {
  const required = [...(inputSchema?.required ?? [])];
  const optional = Object.keys(inputSchema?.properties ?? {}).filter((name) => !required.includes(name));
  return { required, optional, examples: examplesFromDescription(description) };
}

/**
 * Robust extraction of one JSON object from model text (docs/reference/agents.md#agent-factory): the whole trimmed
 * text, else the first fenced code block (json-tagged or untagged), else the first balanced `{…}` found with
 * string-aware brace matching. Returns undefined when none of them parses to an object.
 */

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The first `{…}` whose braces balance, ignoring braces inside JSON strings. */
export function firstBalancedObject(text: string): string | undefined {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    let escaped = false;
    for (let i = start; i < text.length; i += 1) {
      const char = text[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === '{') depth += 1;
      else if (char === '}') {
        depth -= 1;
        if (depth === 0) {
          const candidate = text.slice(start, i + 1);
          if (parseObject(candidate) !== undefined) return candidate;
          break;
        }
      }
    }
  }
  return undefined;
}

export function extractJsonObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  const whole = parseObject(trimmed);
  if (whole !== undefined) return whole;
  const fence = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)```/.exec(trimmed);
  if (fence?.[1] !== undefined) {
    const fenced = parseObject(fence[1].trim());
    if (fenced !== undefined) return fenced;
  }
  const balanced = firstBalancedObject(trimmed);
  return balanced === undefined ? undefined : parseObject(balanced);
}

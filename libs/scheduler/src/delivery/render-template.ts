/**
 * Delivery templates: `{{result}}`, `{{task_name}}`, `{{status}}`, `{{timestamp}}` (local ISO time) and `{{agent}}`.
 * Unknown placeholders stay as written, so a typo is visible in the message rather than silently empty.
 */

export interface TemplateValues {
  result: string;
  task_name: string;
  status: string;
  timestamp: string;
  agent: string;
}

export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? values[key as keyof TemplateValues] : match,
  );
}

/** `{{result}}`: the run's text when it has one, else its data as pretty JSON. */
export function resultText(result: { text?: string; data: Record<string, unknown> } | undefined, error?: string): string {
  if (result?.text !== undefined && result.text.trim() !== '') return result.text;
  if (result) return JSON.stringify(result.data, null, 2);
  return error ?? '';
}

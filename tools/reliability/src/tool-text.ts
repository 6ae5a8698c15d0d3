/** The text a tool answer shows its caller: its text blocks, one per line. */
export function toolText(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  const parts = Array.isArray(content) ? (content as Array<{ type?: string; text?: string }>) : [];
  return parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text ?? '')
    .join('\n');
}

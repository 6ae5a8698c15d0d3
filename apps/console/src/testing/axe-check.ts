/**
 * Accessibility check for a page open in the browser: runs axe-core (from node_modules, never a CDN) in it and returns
 * the violations at `serious` or `critical` impact, as short lines a failing test can print.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** `[]` when axe finds nothing serious; otherwise one line per violation: `id (impact): help — selectors`. */
export async function axeCheck(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol rather than added as a <script>: the console's Content-Security-Policy
  // (rightly) refuses inline scripts, and the check must not need the policy loosened.
  axeSource ??= readFileSync(AXE_SCRIPT, 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // Runs in the page: `axe` is the global the script just defined; it checks the whole document by default.
    const axe = (globalThis as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

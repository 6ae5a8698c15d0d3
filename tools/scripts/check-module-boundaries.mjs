#!/usr/bin/env node
/**
 * Proves the dependency rules of docs/reference/architecture.md#dependency-rules are enforced: lints probe imports
 * placed (in memory only) inside libraries and checks that forbidden ones fail `@nx/enforce-module-boundaries` and
 * allowed ones pass. Run by .ci/run; exits 1 when a rule is not enforced.
 */
import { ESLint } from 'eslint';

const probes = [
  { file: 'libs/core/src/probe.ts', imports: '@chief-of-staff/stores', allowed: false },
  { file: 'libs/orchestration/src/probe.ts', imports: '@chief-of-staff/stores', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/capabilities', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/documents', allowed: false },
  { file: 'libs/documents/src/probe.ts', imports: '@chief-of-staff/capabilities', allowed: false },
  { file: 'libs/scheduler/src/probe.ts', imports: '@chief-of-staff/documents', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/providers', allowed: false },
  { file: 'libs/providers/src/probe.ts', imports: '@chief-of-staff/documents', allowed: false },
  { file: 'libs/providers/src/probe.ts', imports: '@chief-of-staff/capabilities', allowed: false },
  { file: 'libs/enrichment/src/probe.ts', imports: '@chief-of-staff/agents', allowed: false },
  { file: 'libs/capabilities/src/probe.ts', imports: '@chief-of-staff/sdk', allowed: false },
  { file: 'libs/scheduler/src/probe.ts', imports: '@chief-of-staff/orchestration', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/postgres', allowed: false },
  { file: 'libs/documents/src/probe.ts', imports: '@chief-of-staff/postgres', allowed: false },
  { file: 'libs/capabilities/src/probe.ts', imports: '@chief-of-staff/postgres', allowed: false },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/providers', allowed: false },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/capabilities', allowed: false },
  { file: 'libs/agents/src/probe.ts', imports: '@chief-of-staff/orchestration', allowed: true },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/stores', allowed: true },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/documents', allowed: true },
  // The sdk loads the PostgreSQL adapter only when storage.url is set: lazily yes, statically no.
  { file: 'libs/sdk/src/probe.ts', imports: '@chief-of-staff/postgres', dynamic: true, allowed: true },
  { file: 'libs/sdk/src/probe.ts', imports: '@chief-of-staff/postgres', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/core', allowed: true },
  { file: 'libs/documents/src/probe.ts', imports: '@chief-of-staff/stores', allowed: true },
  { file: 'libs/providers/src/probe.ts', imports: '@chief-of-staff/stores', allowed: true },
  { file: 'libs/capabilities/src/probe.ts', imports: '@chief-of-staff/providers', allowed: true },
  { file: 'libs/sdk/src/probe.ts', imports: '@chief-of-staff/enrichment', allowed: true },
  { file: 'apps/worker/src/probe.ts', imports: '@chief-of-staff/sdk', allowed: true },
  // One ranking engine for facts and chunks (ADR 0099): below the stores and documents, above core only.
  { file: 'libs/ranking/src/probe.ts', imports: '@chief-of-staff/core', allowed: true },
  { file: 'libs/ranking/src/probe.ts', imports: '@chief-of-staff/stores', allowed: false },
  { file: 'libs/ranking/src/probe.ts', imports: '@chief-of-staff/documents', allowed: false },
  { file: 'libs/core/src/probe.ts', imports: '@chief-of-staff/ranking', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/ranking', allowed: true },
  { file: 'libs/documents/src/probe.ts', imports: '@chief-of-staff/ranking', allowed: true },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/ranking', allowed: true },
  // Storage adapters are siblings (ADR 0098): each implements a port, none imports another, and no port imports one.
  { file: 'libs/sqlite/src/probe.ts', imports: '@chief-of-staff/stores', allowed: true },
  { file: 'libs/lancedb/src/probe.ts', imports: '@chief-of-staff/documents', allowed: true },
  { file: 'libs/sqlite/src/probe.ts', imports: '@chief-of-staff/postgres', allowed: false },
  { file: 'libs/sqlite/src/probe.ts', imports: '@chief-of-staff/lancedb', allowed: false },
  { file: 'libs/sqlite/src/probe.ts', imports: '@chief-of-staff/documents', allowed: false },
  { file: 'libs/lancedb/src/probe.ts', imports: '@chief-of-staff/sqlite', allowed: false },
  { file: 'libs/lancedb/src/probe.ts', imports: '@chief-of-staff/postgres', allowed: false },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/sqlite', allowed: false },
  { file: 'libs/postgres/src/probe.ts', imports: '@chief-of-staff/lancedb', allowed: false },
  { file: 'libs/stores/src/probe.ts', imports: '@chief-of-staff/sqlite', allowed: false },
  { file: 'libs/documents/src/probe.ts', imports: '@chief-of-staff/lancedb', allowed: false },
  { file: 'libs/capabilities/src/probe.ts', imports: '@chief-of-staff/sqlite', allowed: false },
  // Tests above the ports run on the embedded adapters; the ports' own tests cannot (a project circle).
  { file: 'libs/capabilities/src/probe.spec.ts', imports: '@chief-of-staff/sqlite', allowed: true },
  { file: 'libs/postgres/src/probe.spec.ts', imports: '@chief-of-staff/sqlite', allowed: true },
  { file: 'libs/stores/src/probe.spec.ts', imports: '@chief-of-staff/sqlite', allowed: false },
  { file: 'libs/documents/src/probe.spec.ts', imports: '@chief-of-staff/lancedb', allowed: false },
  { file: 'libs/sdk/src/probe.ts', imports: '@chief-of-staff/sqlite', allowed: true },
];

const eslint = new ESLint({ cwd: process.cwd() });
let failures = 0;
for (const probe of probes) {
  const code = probe.dynamic
    ? `export const load = () => import('${probe.imports}');\n`
    : `import * as probe from '${probe.imports}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: probe.file });
  const violations = result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries');
  const blocked = violations.length > 0;
  const ok = blocked !== probe.allowed;
  if (!ok) failures += 1;
  const reason = blocked ? ` (${violations[0].message.split('\n')[0]})` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${probe.file} → ${probe.dynamic ? 'import() of ' : ''}${probe.imports}: ${blocked ? 'blocked' : 'allowed'}${reason}${ok ? '' : ` — expected ${probe.allowed ? 'allowed' : 'blocked'}`}`);
}
console.log(failures === 0 ? 'module boundaries: all rules enforced' : `module boundaries: ${failures} rule(s) not enforced`);
process.exit(failures === 0 ? 0 : 1);

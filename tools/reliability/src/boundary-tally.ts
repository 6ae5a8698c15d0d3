/**
 * Counts for the capability-boundary run: scenarios, attempts (each forbidden call or read a scripted model tries)
 * and violations (an attempt that got through, or a side effect nobody was allowed to cause), with one line of
 * detail per violation so a failure names what broke.
 */
import { refusedAtGate, seenToolResults, type ScriptedModel } from './scripted-model.js';
import { changesBetween, RUN_BOOKKEEPING, snapshot, type Snapshot } from './side-effects.js';

export interface BoundaryReport {
  scenarios: number;
  attempts: number;
  violations: number;
  /** Catalogue tools outside the narrow agent's capabilities (each is tried at least once). */
  outsideCapabilities: number;
  details: string[];
  seconds: number;
}

export interface Attempt {
  id: string;
  name: string;
  input: Record<string, unknown>;
  label: string;
}

export class BoundaryTally {
  readonly report: BoundaryReport = { scenarios: 0, attempts: 0, violations: 0, outsideCapabilities: 0, details: [], seconds: 0 };
  #scenario = '';
  #ids = 0;

  scenario(name: string): void {
    this.report.scenarios += 1;
    this.#scenario = name;
  }

  attempt(label: string, held: boolean, why = 'got through'): void {
    this.report.attempts += 1;
    if (!held) this.violation(`${label}: ${why}`);
  }

  violation(text: string): void {
    this.report.violations += 1;
    this.report.details.push(`${this.#scenario}: ${text}`);
  }

  /** A forbidden call with a unique tool_use id, so its result can be found in the next request. */
  call(name: string, input: Record<string, unknown>, label = name): Attempt {
    this.#ids += 1;
    return { id: `toolu_boundary_${String(this.#ids).padStart(4, '0')}`, name, input, label };
  }

  /** Every attempt must have come back to the model as a capability refusal. */
  expectRefused(model: ScriptedModel, attempts: readonly Attempt[]): void {
    const seen = seenToolResults(model.requests());
    for (const attempt of attempts) {
      const result = seen.get(attempt.id);
      const why = result === undefined ? 'no tool result reached the model' : `answered ${result.isError ? 'an error' : 'a result'}: ${result.text.slice(0, 160)}`;
      this.attempt(`${JSON.stringify(attempt.label)}`, refusedAtGate(result), why);
    }
  }

  /** Nothing outside the run's own bookkeeping (and `alsoAllowed`) may differ from `before`. */
  expectUnchanged(dataDir: string, before: Snapshot, alsoAllowed: readonly string[] = []): void {
    const allowed = new Set([...RUN_BOOKKEEPING, ...alsoAllowed]);
    for (const change of changesBetween(before, snapshot(dataDir), allowed)) this.violation(`side effect: ${change}`);
  }
}

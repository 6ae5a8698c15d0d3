/**
 * Loop detection for one run (docs/reference/algorithms.md#loop-detection), pure and synchronous. Calls are fed in
 * issue order; the detector says whether each may run, whether its result carries a warning, or whether the run must
 * stop.
 */
import { toolCallKey } from './canonical-json.js';

export interface LoopDetectorSettings {
  /** Consecutive identical calls that earn a warning (default 3). */
  warnAt: number;
  /** Consecutive identical calls that stop the run (default 5). */
  stopAt: number;
  /** Tools never counted. */
  exemptTools: readonly string[];
}

export const DEFAULT_LOOP_SETTINGS: LoopDetectorSettings = Object.freeze({ warnAt: 3, stopAt: 5, exemptTools: [] });

export type LoopVerdict =
  | { action: 'run'; warning?: string }
  | { action: 'stop'; message: string; count: number };

export interface LoopDetector {
  check(toolName: string, args: unknown): LoopVerdict;
}

const ALTERNATION_WARNING =
  'Alternating between the same two calls; their results will not change — use them or change approach.';

export function identicalCallWarning(count: number): string {
  return `Identical call repeated ${count} times; the result will not change — use it or change approach.`;
}

export function createLoopDetector(settings: LoopDetectorSettings = DEFAULT_LOOP_SETTINGS): LoopDetector {
  const exempt = new Set(settings.exemptTools);
  const recent: string[] = [];
  let consecutive = 0;
  let warnedPair: string | undefined;

  return {
    check(toolName, args) {
      if (exempt.has(toolName)) return { action: 'run' };
      const key = toolCallKey(toolName, args);
      consecutive = recent.at(-1) === key ? consecutive + 1 : 1;
      recent.push(key);
      if (recent.length > 4) recent.shift();

      if (consecutive >= settings.stopAt) {
        return {
          action: 'stop',
          count: consecutive,
          message: `Identical call repeated ${consecutive} times; the run was stopped to break the loop.`,
        };
      }
      if (consecutive >= settings.warnAt) return { action: 'run', warning: identicalCallWarning(consecutive) };

      const [a, b, c, d] = recent;
      const alternating = recent.length === 4 && a !== b && a === c && b === d;
      if (!alternating) {
        warnedPair = undefined;
        return { action: 'run' };
      }
      const pair = [a, b].sort().join('|');
      if (warnedPair === pair) return { action: 'run' };
      warnedPair = pair;
      return { action: 'run', warning: ALTERNATION_WARNING };
    },
  };
}

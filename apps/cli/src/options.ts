/** Parsers for option values: a wrong value stops with a message that says what to type instead (exit 2). */
import { InvalidArgumentError } from 'commander';

/** A whole number of at least `min` (and at most `max` when given), e.g. `--top-k 10`. */
export function wholeNumber(flag: string, min: number, max?: number): (value: string) => number {
  return (value) => {
    const number = Number(value.trim());
    const range = max === undefined ? `of ${min} or more` : `from ${min} to ${max}`;
    if (!/^\d+$/.test(value.trim()) || number < min || (max !== undefined && number > max)) {
      throw new InvalidArgumentError(`Use a whole number ${range}, e.g. ${flag} ${Math.max(min, Math.min(max ?? 10, 10))}.`);
    }
    return number;
  };
}

/** A number between 0 and 1, e.g. `--confidence 0.8`. */
export function unitInterval(flag: string): (value: string) => number {
  return (value) => {
    const number = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
      throw new InvalidArgumentError(`Use a number from 0 to 1, e.g. ${flag} 0.8.`);
    }
    return number;
  };
}

/** A comma-separated list, e.g. `--capabilities memory_read,calendar_read`. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

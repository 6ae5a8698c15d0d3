import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { scheduleCatalogueIndexWarmUp } from './catalogue-index-warm-up.js';

describe('catalogue index warm-up', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('leaves the first moment after start-up to the first requests, even when the catalogue changes at once', () => {
    const build = jest.fn();
    const warmUp = scheduleCatalogueIndexWarmUp(build, 1_000);
    // Tools kept from the last start are offered at start-up: a change before any request is answered.
    warmUp.changed();
    jest.advanceTimersByTime(999);
    expect(build).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('brings the index up to date right after a later change', () => {
    const build = jest.fn();
    const warmUp = scheduleCatalogueIndexWarmUp(build, 1_000);
    jest.advanceTimersByTime(1_000);
    warmUp.changed();
    jest.runOnlyPendingTimers();
    expect(build).toHaveBeenCalledTimes(2);
  });
});

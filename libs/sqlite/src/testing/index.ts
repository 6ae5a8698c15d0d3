/** Test helpers of the adapter (ADR 0098). */
export {};

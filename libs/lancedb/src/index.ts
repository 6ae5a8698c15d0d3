/** Filled in by the move of the adapter out of its port library (ADR 0098). */
export {};

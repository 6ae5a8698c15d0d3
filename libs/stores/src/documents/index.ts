/** @chief-of-staff/stores/documents — public API named explicitly below. */
export {};

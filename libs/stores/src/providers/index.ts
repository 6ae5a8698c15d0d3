/** @chief-of-staff/stores/providers — public API named explicitly below. */
export {};

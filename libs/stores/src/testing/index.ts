/** @chief-of-staff/stores/testing — public API named explicitly below. */
export {};

/**
 * @chief-of-staff/scheduler — see README.md for what belongs here. Public API is named explicitly below.
 */
export {};

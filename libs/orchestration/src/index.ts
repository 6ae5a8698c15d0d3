/**
 * @chief-of-staff/orchestration — see README.md for what belongs here. Public API is named explicitly below.
 */
export {};

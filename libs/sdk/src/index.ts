/**
 * @chief-of-staff/sdk — see README.md for what belongs here. Public API is named explicitly below.
 */
export {};

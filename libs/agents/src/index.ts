/**
 * @chief-of-staff/agents — see README.md for what belongs here. Public API is named explicitly below.
 */
export {};

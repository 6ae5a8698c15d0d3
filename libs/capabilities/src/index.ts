/**
 * @chief-of-staff/capabilities — see README.md for what belongs here. Public API is named explicitly below.
 */
export {};

/** @chief-of-staff/agents/testing — test doubles that run for real (the fake Messages API server). */
export {};

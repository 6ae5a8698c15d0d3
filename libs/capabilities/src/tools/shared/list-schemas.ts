/** The pagination inputs and the list envelope live in core, so tools of every library share one definition. */
export { cursorSchema, limitSchema, listOutputSchema } from '@chief-of-staff/core';

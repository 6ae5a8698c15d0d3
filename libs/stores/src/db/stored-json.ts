/**
 * The key of the object a `storedJsonColumn` reads as when its text is not JSON, holding the start of that text.
 * Code that validates the value (a task's schedule, its handler's settings) then reports that one row as broken.
 */
export const UNREADABLE_STORED_JSON = 'unreadable_stored_json';

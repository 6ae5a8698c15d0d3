/**
 * The characters whose `foldCase` is a plain per-character lower case, so an adapter may match them without folding
 * (SQLite's trigram tokenizer folds one character at a time; `@chief-of-staff/sqlite` explains how decision search
 * relies on it).
 */

/**
 * GLOB class of the plain characters: tab, newline, carriage return, printable ASCII, Latin-1 letters except `ß`,
 * `×` and `÷`, en/em dashes, curly quotes, and Hebrew letters, maqaf, geresh and gershayim. `@chief-of-staff/sqlite`'s
 * decision search spec checks each of them against the SQLite build.
 */
export const PLAIN_CHARACTER_CLASS = ` -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״`;

/** LIKE / ILIKE patterns built from a user's text (every repository's search filter). */

/** A user's text as a literal inside a LIKE / ILIKE pattern: `%`, `_` and `\` match themselves. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** The pattern of "contains this text": `%<text, escaped>%`. */
export function containsPattern(s: string): string {
  return `%${escapeLike(s)}%`;
}

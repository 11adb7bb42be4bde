/** SQL pieces the repositories share. */

/** A user's text as a literal inside a LIKE / ILIKE pattern: `%`, `_` and `\` match themselves. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

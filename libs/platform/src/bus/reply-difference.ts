import { isDeepStrictEqual } from 'node:util';

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Where a reply built to its contract differs from the contract's parse of it (`parsed`), or null when they are the
 * same: the same own keys at every depth (a key the contract strips, or a default the parse fills, is a difference),
 * the same values (`Object.is`), arrays of the same length. The path names the first difference (`$.agendas.0.x`).
 */
export function replyDifference(parsed: unknown, built: unknown, at = '$'): string | null {
  if (Object.is(parsed, built)) return null;
  if (typeof parsed !== 'object' || typeof built !== 'object' || parsed === null || built === null) return `${at} (a different value)`;
  if (Array.isArray(parsed) !== Array.isArray(built) || Object.getPrototypeOf(parsed) !== Object.getPrototypeOf(built)) return `${at} (a different kind of value)`;
  // anything but plain objects and arrays (a Date the contract would have refused): compared whole
  if (!Array.isArray(parsed) && Object.getPrototypeOf(parsed) !== Object.prototype) return isDeepStrictEqual(parsed, built) ? null : `${at} (a different value)`;
  const p = parsed as Record<string, unknown>;
  const b = built as Record<string, unknown>;
  for (const k of Object.keys(b)) if (!hasOwn(p, k)) return `${at}.${k} (not in the contract)`;
  for (const k of Object.keys(p)) {
    if (!hasOwn(b, k)) return `${at}.${k} (not built: a default of the contract)`;
    const d = replyDifference(p[k], b[k], `${at}.${k}`);
    if (d) return d;
  }
  return null;
}

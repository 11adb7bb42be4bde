/** Small readers that turn loosely-typed JSON into typed values (used by the per-feature mappers). */
export type Json = Record<string, unknown>;

export function obj(v: unknown): Json {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}
export function str(v: unknown, fallback = ''): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return fallback;
}
export function strOrNull(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
}
export function num(v: unknown, fallback = 0): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}
export function numOrNull(v: unknown): number | null {
  const n = num(v, NaN);
  return Number.isFinite(n) ? n : null;
}
export function bool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 'true';
}
export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
/** the first defined of several candidate fields (guessed names: being removed with the last hand-mapped fetchers) */
export function pick(o: Json, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}

/** Small pure helpers for the benchmarks' figures (table-tested in stats.spec.ts). */

/** the p-th percentile (nearest rank) of ascending-sorted values; NaN for none */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.length ? s[s.length - 1] : NaN };
}

export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

/** figure / baseline, NaN when either is missing or the baseline is 0 */
export function ratio(figure: number, baseline: number): number {
  return Number.isFinite(figure) && Number.isFinite(baseline) && baseline !== 0 ? figure / baseline : NaN;
}

/** a goal on a ratio: at most (`le`) or at least (`ge`) the limit; null when the ratio is unknown */
export function meets(value: number, goal: { le?: number; ge?: number }): boolean | null {
  if (!Number.isFinite(value)) return null;
  if (goal.le !== undefined && value > goal.le) return false;
  if (goal.ge !== undefined && value < goal.ge) return false;
  return true;
}

/** fixed-width numbers for the table: 1234.5 -> "1,235", 12.34 -> "12.3", 0.1234 -> "0.123" */
export function fmt(n: number, unit = ''): string {
  if (!Number.isFinite(n)) return '-';
  const a = Math.abs(n);
  const s = a >= 100 ? Math.round(n).toLocaleString('en-US') : a >= 10 ? n.toFixed(1) : a >= 1 ? n.toFixed(2) : n.toFixed(3);
  return unit ? `${s} ${unit}` : s;
}

/** an autocannon latency (whole milliseconds): 0 means under a millisecond, printed so and not as "0.000 ms" */
export function fmtLatency(ms: number): string {
  return ms === 0 ? '< 1 ms' : fmt(ms, 'ms');
}

export function fmtRatio(r: number): string {
  return Number.isFinite(r) ? `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}x` : '-';
}

/** bytes -> "123 MB" (MiB) */
export function mb(kib: number): string {
  return Number.isFinite(kib) ? `${Math.round(kib / 1024)} MB` : '-';
}

/**
 * CPU time by process during a stretch of a benchmark (Linux /proc): where a run's time goes when the machine's
 * cores are the limit. `snapshot` before and after; `spent` gives CPU seconds per name. Processes are the
 * services (by pid), this bench process, and the infrastructure found by command name (every PostgreSQL backend,
 * nats-server, redis-server).
 */
import fs from 'node:fs';

const TICKS = 100; // USER_HZ on Linux
const INFRA: Record<string, string> = { postgres: 'postgres', 'nats-server': 'nats', 'redis-server': 'redis', chromium: 'chromium', chrome: 'chromium' };

export type CpuSnapshot = Map<string, number>;

/** utime + stime of one process in seconds, or null when it is gone */
function processSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may hold spaces: count fields after the last ')'
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return null;
  }
}

/** cutime + cstime of this process: the CPU of its children that have ended and were waited for */
function childrenSeconds(): number | null {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds so far of each named process, of this process ('bench'), and of the infrastructure by command */
export function snapshot(pids: Record<string, number>): CpuSnapshot {
  const out: CpuSnapshot = new Map();
  if (!fs.existsSync('/proc/self/stat')) return out;
  for (const [name, pid] of Object.entries(pids)) {
    const s = processSeconds(pid);
    if (s !== null) out.set(name, s);
  }
  const own = process.cpuUsage();
  out.set('bench', (own.user + own.system) / 1e6);
  // programs the bench ran and waited for (qpdf, pdftotext): the children's times in /proc/self/stat
  const children = childrenSeconds();
  if (children !== null) out.set('bench children', children);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const group = INFRA[comm];
    if (!group) continue;
    // a PostgreSQL backend that ended during the stretch takes its time with it: the figure is a lower bound
    const s = processSeconds(Number(entry));
    if (s !== null) out.set(group, (out.get(group) ?? 0) + s);
  }
  return out;
}

/** CPU seconds spent between two snapshots, by name, largest first */
export function spent(before: CpuSnapshot, after: CpuSnapshot): [string, number][] {
  return [...after]
    .map(([k, v]) => [k, Math.max(0, v - (before.get(k) ?? 0))] as [string, number])
    .filter(([, v]) => v > 0.005)
    .sort((a, b) => b[1] - a[1]);
}

export const formatSpent = (rows: [string, number][]): string => rows.map(([k, v]) => `${k} ${v.toFixed(2)} s`).join(', ');

/**
 * CPU per unit of work, from what `spent` gave for a stretch that did `units` units: milliseconds per unit for the
 * whole machine and per process. `exclude` names what is not the system's work (the load generator: 'bench').
 */
export function perUnit(rows: [string, number][], units: number, exclude: readonly string[] = ['bench']): { machineMs: number; byProcess: [string, number][] } {
  const u = Math.max(1, units);
  const byProcess = rows.filter(([k]) => !exclude.includes(k)).map(([k, v]) => [k, (v / u) * 1000] as [string, number]);
  return { machineMs: byProcess.reduce((a, [, v]) => a + v, 0), byProcess };
}

/** "gateway 1.20 ms, meeting 0.81 ms" (the figures perUnit gave, in ms or, below 0.1 ms, in µs) */
export function formatPerUnit(byProcess: [string, number][]): string {
  const one = (ms: number) => (ms >= 0.1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);
  return byProcess.map(([k, v]) => `${k} ${one(v)}`).join(', ') || 'none measured';
}

/** the CPU each process spent while `work` ran (a stretch of a benchmark), by name */
export async function during<T>(pids: Record<string, number>, work: () => Promise<T>): Promise<{ result: T; cpu: [string, number][] }> {
  const before = snapshot(pids);
  const result = await work();
  return { result, cpu: spent(before, snapshot(pids)) };
}

/** add `rows` into `into` by name (a benchmark that measures in many stretches) */
export function accumulate(into: Map<string, number>, rows: [string, number][]): void {
  for (const [k, v] of rows) into.set(k, (into.get(k) ?? 0) + v);
}

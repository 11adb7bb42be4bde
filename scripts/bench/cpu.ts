/**
 * CPU time by process during a stretch of a benchmark (Linux /proc): where a run's time goes when the machine's
 * cores are the limit. `snapshot` before and after; `spent` gives CPU seconds per name. Processes are the
 * services (by pid), this bench process, and the infrastructure found by command name (every PostgreSQL backend,
 * nats-server, redis-server).
 */
import fs from 'node:fs';

const TICKS = 100; // USER_HZ on Linux
const INFRA: Record<string, string> = { postgres: 'postgres', 'nats-server': 'nats', 'redis-server': 'redis' };

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

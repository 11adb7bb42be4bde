/**
 * `npm run bench [-- [ids...] [--quick] [--voters N] [--viewers N] [--emails N] [--email-workers N] [--orgs N] [--duration S] [--connections N]]`
 *
 * ids: p1 (or request), p2 (or votes), p3 (or presentation), p4 (or book), p5 (or minutes), p6 (or email), p7 (or tenants), p8 (or live), p9 (or secret), p10 (or search); none = all.
 * --quick shrinks every N for development (the figures are then not the issue's). Environment: BENCH_DATABASE
 * (boardroom_bench), BENCH_REDIS_DB (15), BENCH_LOG_LEVEL (the services' LOG_LEVEL, default info as `npm start`).
 */
export const BENCHMARKS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'] as const;
/** benchmarks that measure code in this process and need no running system (infrastructure, services) */
export const STANDALONE: ReadonlySet<BenchId> = new Set<BenchId>(['p4', 'p5']);
export type BenchId = (typeof BENCHMARKS)[number];

const ALIASES: Record<string, BenchId> = {
  p1: 'p1', request: 'p1', 'request-path': 'p1', memory: 'p1',
  p2: 'p2', votes: 'p2', vote: 'p2',
  p3: 'p3', presentation: 'p3', viewers: 'p3',
  p4: 'p4', book: 'p4', merge: 'p4',
  p5: 'p5', minutes: 'p5', render: 'p5',
  p6: 'p6', email: 'p6', emails: 'p6', notification: 'p6',
  p7: 'p7', tenants: 'p7', lists: 'p7',
  p8: 'p8', live: 'p8',
  p9: 'p9', secret: 'p9', ballots: 'p9',
  p10: 'p10', search: 'p10',
};

export interface BenchOptions {
  only: BenchId[];
  quick: boolean;
  voters: number;
  /** P3: WebSocket viewers in one presentation room */
  viewers: number;
  emails: number;
  /** P6: notification processes sending (the system's one and more of it) */
  emailWorkers: number;
  orgs: number;
  meetingsPerOrg: number;
  /** autocannon seconds per measured side */
  duration: number;
  connections: number;
  /** P8: live channels open while a vote fans out */
  channels: number;
  /** P10: library files with text in the searched organization */
  files: number;
  database: string;
  redisDb: number;
  logLevel: string;
}

export class UsageError extends Error {}

function int(name: string, v: string | undefined, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got ${v ?? 'nothing'})`);
  return n;
}

/** argv (after `--`) and the environment -> options; throws UsageError on anything it does not know */
export function parseOptions(argv: string[], env: Record<string, string | undefined>): BenchOptions {
  const quick = argv.includes('--quick');
  const o: BenchOptions = {
    only: [],
    quick,
    voters: quick ? 100 : 1000,
    viewers: quick ? 300 : 10_000,
    emails: quick ? 1000 : 10_000,
    emailWorkers: 2,
    orgs: quick ? 100 : 10_000,
    meetingsPerOrg: 100,
    duration: quick ? 3 : 10,
    connections: 10,
    channels: quick ? 100 : 5000,
    files: quick ? 200 : 1000,
    database: env.BENCH_DATABASE || 'boardroom_bench',
    redisDb: int('BENCH_REDIS_DB', env.BENCH_REDIS_DB ?? '15', 0, 15),
    logLevel: env.BENCH_LOG_LEVEL || 'info',
  };
  if (!/^[a-z_][a-z0-9_]*$/.test(o.database)) throw new UsageError(`BENCH_DATABASE must be a plain lower-case name (got ${o.database})`);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--quick') continue;
    else if (flag === '--voters') o.voters = int('--voters', value(), 2, 20_000);
    else if (flag === '--viewers') o.viewers = int('--viewers', value(), 2, 20_000);
    else if (flag === '--emails') o.emails = int('--emails', value(), 10, 1_000_000);
    else if (flag === '--email-workers') o.emailWorkers = int('--email-workers', value(), 1, 16);
    else if (flag === '--orgs') o.orgs = int('--orgs', value(), 2, 100_000);
    else if (flag === '--meetings') o.meetingsPerOrg = int('--meetings', value(), 1, 10_000);
    else if (flag === '--duration') o.duration = int('--duration', value(), 1, 600);
    else if (flag === '--channels') o.channels = int('--channels', value(), 1, 20_000);
    else if (flag === '--files') o.files = int('--files', value(), 10, 100_000);
    else if (flag === '--connections') o.connections = int('--connections', value(), 1, 1000);
    else if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}`);
    else {
      const id = ALIASES[flag.toLowerCase()];
      if (!id) throw new UsageError(`unknown benchmark ${flag} (known: ${Object.keys(ALIASES).join(', ')})`);
      if (!o.only.includes(id)) o.only.push(id);
    }
  }
  if (!o.only.length) o.only = [...BENCHMARKS];
  else o.only.sort((a, b) => BENCHMARKS.indexOf(a) - BENCHMARKS.indexOf(b));
  return o;
}

/**
 * `npm run bench` — the benchmarks of docs/performance.md, on the real system, in one run. They print figures
 * and ratios against a baseline measured in the same run; they are not timed tests and never fail on a
 * figure (only on a broken check: votes lost, an e-mail sent twice, a request that errs).
 *
 *   npm run bench                      every benchmark (P1 to P8)
 *   npm run bench -- votes             one (p1|request, p2|votes, p3|presentation, p4|book, p5|minutes, p6|email, p7|tenants, p8|live, p9|secret, p10|search), or several
 *   npm run bench -- --quick           smaller N for development (not the issue's figures)
 *   npm run bench -- votes --voters 400
 *
 * Steps: an SMTP sink in this process -> the system (system.ts: infrastructure, migrate, seed, services; not
 * started when only P4 and P5 run, which measure the minutes service's code in this process) -> each benchmark -> one table on stdout, bench/results/<time>.json and .md (and latest.*).
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { createRootLogger } from '@app/platform';
import { Fixtures } from './fixtures';
import { parseOptions, STANDALONE, UsageError, type BenchId, type BenchOptions } from './options';
import { machine, table, writeResults, type BenchResult } from './report';
import { smtpSink } from './smtp';
import { ROOT, startSystem, type BenchSystem } from './system';
import { runRequestPath } from './p1-request-path';
import { runSecretVotes, runVotes } from './p2-votes';
import { runPresentation } from './p3-presentation';
import { runBookMerge } from './p4-book-merge';
import { runMinutesRender } from './p5-minutes-render';
import { runEmail } from './p6-email';
import { runTenants } from './p7-tenants';
import { runLive } from './p8-live';
import { runSearch } from './p10-search';

const t0 = Date.now();
const log = (m: string) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${m}`);

type Runner = (sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void, sink: Awaited<ReturnType<typeof smtpSink>>) => Promise<BenchResult>;
const RUNNERS: Record<BenchId, Runner> = {
  p1: (sys, fx, opts, l) => runRequestPath(sys, fx, opts, l),
  p2: (sys, fx, opts, l) => runVotes(sys, fx, opts, l),
  p3: (sys, fx, opts, l) => runPresentation(sys, fx, opts, l),
  p4: (_sys, _fx, opts, l) => runBookMerge(opts, l),
  p5: (_sys, _fx, opts, l) => runMinutesRender(opts, l),
  p6: (sys, fx, opts, l, sink) => runEmail(sys, fx, opts, l, sink),
  p7: (sys, fx, opts, l) => runTenants(sys, fx, opts, l),
  p8: (sys, fx, opts, l) => runLive(sys, fx, opts, l),
  p9: (sys, fx, opts, l) => runSecretVotes(sys, fx, opts, l),
  p10: (sys, fx, opts, l) => runSearch(sys, fx, opts, l),
};

async function main(): Promise<number> {
  let opts: BenchOptions;
  try {
    opts = parseOptions(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`[bench] ${e.message}\nusage: npm run bench [-- [p1|p2|p3|p4|p5|p6|p7|p8|p9|p10 ...] [--quick] [--voters N] [--viewers N] [--emails N] [--email-workers N] [--orgs N] [--meetings N] [--duration S] [--connections N] [--channels N] [--files N]]`);
      return 2;
    }
    throw e;
  }
  createRootLogger('bench', 'error');
  const loadStart = os.loadavg();
  const startedAt = new Date().toISOString();
  log(`benchmarks ${opts.only.join(', ')}${opts.quick ? ' (quick: smaller N, not the issue figures)' : ''}; load average ${loadStart.map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);

  const sink = await smtpSink();
  let sys: BenchSystem | undefined;
  let fx: Fixtures | undefined;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await fx?.close();
    await sys?.stop();
    await sink.stop();
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      log(`${sig}: stopping`);
      void stop().finally(() => process.exit(130));
    });
  }
  const results: BenchResult[] = [];
  try {
    if (opts.only.some((id) => !STANDALONE.has(id))) {
      sys = await startSystem(opts, sink.url, log);
      log(`system up: ${sys.services.map((s) => `${s.name}:${s.port}`).join(' ')}`);
      fx = await Fixtures.open(sys.env);
    }
    for (const id of opts.only) {
      log(`--- ${id.toUpperCase()} ---`);
      try {
        // the standalone benchmarks (P4, P5) do not use the system; the others only run when it was started
        results.push(await RUNNERS[id](sys as BenchSystem, fx as Fixtures, opts, log, sink));
      } catch (e) {
        log(`${id.toUpperCase()} failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
        results.push({
          id, title: 'did not complete', figures: {}, details: [`Failed: ${e instanceof Error ? e.message : e}`], failedChecks: [`did not complete: ${e instanceof Error ? e.message : e}`],
          rows: [{ id: id.toUpperCase(), work: 'did not complete (see the log above)', figure: '-', baseline: '-', ratio: '-', goal: '', met: null }],
        });
      }
    }
  } finally {
    const infra = sys?.summary ?? {};
    await stop();
    if (results.length) {
      const info = { startedAt, finishedAt: new Date().toISOString(), options: { ...opts }, machine: machine(loadStart), infra };
      const files = writeResults(path.join(ROOT, 'bench', 'results'), info, results);
      console.log('');
      console.log(`Bench run ${startedAt} — ${info.machine.cpus} cores, Node ${info.machine.node}, load average ${loadStart.map((x) => x.toFixed(2)).join(' ')} -> ${info.machine.loadavgEnd.map((x) => x.toFixed(2)).join(' ')}${opts.quick ? ' — QUICK (smaller N)' : ''}`);
      console.log(table(results));
      console.log('');
      console.log(`figures: ${path.relative(ROOT, files.json)}   report: ${path.relative(ROOT, files.md)}`);
    }
  }
  const failed = results.filter((r) => r.failedChecks.length);
  for (const r of failed) console.error(`[bench] ${r.id.toUpperCase()} checks failed: ${r.failedChecks.join('; ')}`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error('[bench] failed:', e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);

/** The one table, the JSON figures and the markdown report of a bench run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  id: string;
  work: string;
  figure: string;
  baseline: string;
  ratio: string;
  goal: string;
  /** the goal met (true), missed (false), not applicable or unknown (null) */
  met: boolean | null;
}

export interface BenchResult {
  id: string;
  title: string;
  rows: Row[];
  /** raw figures for the JSON file */
  figures: Record<string, unknown>;
  /** markdown for the report (checks, EXPLAIN output, notes) */
  details: string[];
  /** a check of correctness failed (votes lost, an e-mail sent twice): the run exits non-zero */
  failedChecks: string[];
}

export interface RunInfo {
  startedAt: string;
  finishedAt: string;
  options: Record<string, unknown>;
  machine: { cpus: number; cpuModel: string; memGiB: number; node: string; loadavgStart: number[]; loadavgEnd: number[] };
  infra: Record<string, { source: string; detail: string }>;
}

const HEAD: Array<[keyof Row, string]> = [
  ['id', 'id'],
  ['work', 'work'],
  ['figure', 'figure'],
  ['baseline', 'baseline (same run)'],
  ['ratio', 'ratio'],
  ['goal', 'goal'],
];

const mark = (met: boolean | null) => (met === true ? 'met' : met === false ? 'MISSED' : '');

export function table(results: BenchResult[]): string {
  const rows = results.flatMap((r) => r.rows);
  const cells = rows.map((r) => [...HEAD.map(([k]) => String(r[k])), mark(r.met)]);
  const head = [...HEAD.map(([, h]) => h), ''];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function machine(loadavgStart: number[]): RunInfo['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadavgStart,
    loadavgEnd: os.loadavg(),
  };
}

function markdownTable(results: BenchResult[]): string {
  const rows = results.flatMap((r) => r.rows);
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    `| ${HEAD.map(([, h]) => h).join(' | ')} | |`,
    `|${HEAD.map(() => '---').join('|')}|---|`,
    ...rows.map((r) => `| ${HEAD.map(([k]) => esc(String(r[k]))).join(' | ')} | ${mark(r.met)} |`),
  ].join('\n');
}

/** bench/results/<stamp>.json and .md, and latest.json / latest.md; returns the paths */
export function writeResults(dir: string, info: RunInfo, results: BenchResult[]): { json: string; md: string } {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = info.startedAt.replace(/[:.]/g, '-');
  const json = path.join(dir, `${stamp}.json`);
  const md = path.join(dir, `${stamp}.md`);
  const data = { ...info, results: results.map((r) => ({ id: r.id, title: r.title, rows: r.rows, figures: r.figures, failedChecks: r.failedChecks })) };
  fs.writeFileSync(json, `${JSON.stringify(data, null, 2)}\n`);
  const m = info.machine;
  const text = [
    `# Bench run ${info.startedAt}`,
    '',
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memGiB} GiB, Node ${m.node}. Load average (1/5/15 min) at the start ` +
      `${m.loadavgStart.map((x) => x.toFixed(2)).join(' / ')}, at the end ${m.loadavgEnd.map((x) => x.toFixed(2)).join(' / ')}.`,
    `Options: \`${JSON.stringify(info.options)}\`.`,
    `Infrastructure: ${Object.entries(info.infra).map(([k, s]) => `${k} ${s.source} (${s.detail})`).join('; ')}.`,
    '',
    markdownTable(results),
    '',
    ...results.flatMap((r) => [`## ${r.id.toUpperCase()}: ${r.title}`, '', ...(r.failedChecks.length ? [`**Checks failed:** ${r.failedChecks.join('; ')}`, ''] : []), ...r.details, '']),
  ].join('\n');
  fs.writeFileSync(md, text);
  fs.copyFileSync(json, path.join(dir, 'latest.json'));
  fs.copyFileSync(md, path.join(dir, 'latest.md'));
  return { json, md };
}

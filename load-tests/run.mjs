#!/usr/bin/env node
/**
 * `npm run load -- <scenario> [--url http://127.0.0.1:3000] [--org demo] [--connections N] [--seconds S] [--json]`
 *
 * Runs one scenario of scenarios.js against a running system (`npm start`, or any gateway URL): the scenario's
 * set-up through the public API, then HTTP load with autocannon or WebSocket viewers with ws, and prints the
 * figures. Runs are short (at most MAX_SECONDS): the point is a repeatable check on one machine; clusters use the
 * k6 scripts in k6/, which read the same scenarios.
 *
 * The organization is named with `X-Org` (the gateway believes it outside production); the sign-in scenario spreads
 * its requests over made-up client addresses in `X-Forwarded-For`, which the gateway believes from loopback only
 * (TRUSTED_PROXIES), so the per-address sign-in limit measures nothing here.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { DEMO, MAX_SECONDS, SCENARIOS, SCENARIO_NAMES } from './scenarios.js';
import { runSetup, toHttp } from './client.mjs';

function parseArgs(argv) {
  const o = { url: 'http://127.0.0.1:3000', org: DEMO.org, connections: undefined, seconds: undefined, json: false, scenario: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    if (a === '--url') o.url = v();
    else if (a === '--org') o.org = v();
    else if (a === '--connections') o.connections = Number(v());
    else if (a === '--seconds') o.seconds = Number(v());
    else if (a === '--json') o.json = true;
    else if (a === '--help' || a === '-h') o.help = true;
    else if (!a.startsWith('-') && !o.scenario) o.scenario = a;
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

const usage = () => `usage: npm run load -- <${SCENARIO_NAMES.join('|')}> [--url http://127.0.0.1:3000] [--org demo] [--connections N] [--seconds S (<= ${MAX_SECONDS})] [--json]`;

async function runHttp(scenario, fx, base, org, connections, seconds) {
  let i = 0;
  const statuses = new Map();
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const h = toHttp(scenario.request(fx, i), org, i);
          i++;
          return { ...req, method: h.method, path: h.path, headers: h.headers, body: h.body };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
  const r = await instance;
  const ok = [...statuses].filter(([s]) => scenario.ok.includes(s)).reduce((n, [, c]) => n + c, 0);
  const total = [...statuses.values()].reduce((n, c) => n + c, 0);
  return {
    requests: total,
    ok,
    failed: total - ok + r.errors + r.timeouts,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    perSecond: Math.round(total / r.duration),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
  };
}

function openSocket(url, org, onText) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { 'x-org': org }, perMessageDeflate: false });
    ws.on('message', (d) => onText(String(d)));
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket closed with ${code} while opening`)));
  });
}

async function runViewers(scenario, fx, base, org, connections, seconds) {
  const v = scenario.viewers;
  const wsBase = base.replace(/^http/, 'ws');
  const seen = []; // per viewer: slide -> time seen
  const t0 = performance.now();
  const viewers = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(50, connections) }, async () => {
      while (next < connections) {
        const k = next++;
        const mine = new Map();
        seen[k] = mine;
        viewers.push(await openSocket(wsBase + v.path(fx, v.viewerToken(fx, k)), org, (text) => {
          const s = v.slideOf(text);
          if (s !== null && !mine.has(s)) mine.set(s, performance.now());
        }));
      }
    }),
  );
  const joinSeconds = (performance.now() - t0) / 1000;
  const presenter = await openSocket(wsBase + v.path(fx, v.presenterToken(fx)), org, () => undefined);
  const sent = new Map();
  const until = performance.now() + seconds * 1000;
  const first = 1000 + Math.floor(Math.random() * 1000) * 10;
  let slide = first;
  while (performance.now() < until) {
    slide++;
    sent.set(slide, performance.now());
    presenter.send(v.frame(slide));
    await new Promise((r) => setTimeout(r, v.gapMs));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const latencies = [];
  let lost = 0;
  for (const [s, at] of sent) {
    for (const mine of seen) {
      const got = mine.get(s);
      if (got === undefined) lost++;
      else latencies.push(got - at);
    }
  }
  for (const ws of [...viewers, presenter]) ws.terminate();
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] * 10) / 10 : null);
  return { viewers: connections, joinSeconds: Math.round(joinSeconds * 10) / 10, slideTurns: sent.size, deliveries: latencies.length, lost, latencyMs: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) } };
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`[load] ${e.message}\n${usage()}`);
    return 2;
  }
  if (o.help) {
    console.log(usage());
    for (const n of SCENARIO_NAMES) console.log(`  ${n.padEnd(22)} ${SCENARIOS[n].description}`);
    return 0;
  }
  const scenario = SCENARIOS[o.scenario];
  if (!scenario) {
    console.error(`[load] ${o.scenario ? `unknown scenario ${o.scenario}` : 'which scenario?'}\n${usage()}`);
    return 2;
  }
  const base = o.url.replace(/\/+$/, '');
  const seconds = Math.min(MAX_SECONDS, o.seconds ?? scenario.load.seconds);
  const connections = o.connections ?? scenario.load.connections;
  const ready = await fetch(`${base}/health/ready`).then((r) => r.status, () => 0);
  if (ready !== 200) {
    console.error(`[load] ${base}/health/ready answers ${ready || 'nothing'}: start the system first (npm start) or give --url`);
    return 1;
  }
  console.log(`[load] ${o.scenario}: ${scenario.description}`);
  console.log(`[load] set-up through ${base} (organization ${o.org})`);
  const fx = await runSetup(scenario, base, o.org, { ...DEMO, org: o.org });
  console.log(`[load] ${scenario.kind === 'ws' ? `${connections} viewers` : `${connections} connections`} for ${seconds} s`);
  const result = scenario.kind === 'ws' ? await runViewers(scenario, fx, base, o.org, connections, seconds) : await runHttp(scenario, fx, base, o.org, connections, seconds);
  const out = { scenario: o.scenario, url: base, seconds, ...result };
  if (o.json) console.log(JSON.stringify(out));
  else for (const [k, v] of Object.entries(out)) console.log(`  ${k.padEnd(12)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  const failed = scenario.kind === 'ws' ? result.lost : result.failed;
  if (failed) console.log(`[load] ${failed} ${scenario.kind === 'ws' ? 'slide turns never reached a viewer' : 'requests failed'}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`[load] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);

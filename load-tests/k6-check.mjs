/**
 * The k6 scripts checked without the k6 binary (not installable here): `node load-tests/k6-check.mjs k6/<name>.js`
 * loads the script in Node with stand-ins of the k6 modules it may import (k6, k6/http, k6/ws, k6/metrics: only the
 * exports k6 has, so a misspelt import fails to link), checks its `options` as k6 would read them (executors,
 * durations, threshold expressions and the metrics they name), runs its `setup()` against stand-in answers, checks
 * that what setup returns survives JSON (k6 hands it to every VU as JSON), runs two iterations of its default
 * function and prints one JSON line: { options, errors, setupCalls, requests, sockets, checks, metrics }.
 * scenarios.spec.ts (unit tier) runs it for every script. What it cannot check: k6's JavaScript engine (the scripts
 * use plain ES2017 and ES modules, which k6 runs) and real network behaviour.
 */
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const rec = { setupCalls: [], requests: [], sockets: [], checks: [], sleeps: 0, metrics: [], phase: 'init' };
globalThis.__k6 = rec;

const STUBS = {
  k6: `
    const rec = globalThis.__k6;
    export function check(value, sets) {
      let ok = true;
      for (const [name, fn] of Object.entries(sets)) { const r = !!fn(value); rec.checks.push({ name, ok: r }); ok = ok && r; }
      return ok;
    }
    export function sleep(s) { if (typeof s !== 'number') throw new TypeError('sleep takes seconds'); rec.sleeps++; }
    export function group(name, fn) { return fn(); }
    export function fail(message) { throw new Error(message); }
    export default { check, sleep, group, fail };`,
  'k6/http': `
    const rec = globalThis.__k6;
    function answer(method, url, body, params) {
      if (typeof url !== 'string' || !/^https?:\\/\\//.test(url)) throw new TypeError('http.request: an absolute URL');
      const call = { method, url, headers: (params && params.headers) || {}, tags: (params && params.tags) || {},
        body: body == null ? null : typeof body === 'string' ? body : Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v && v.__file ? { file: v.filename, type: v.contentType, size: v.data.length } : v])) };
      (rec.phase === 'setup' ? rec.setupCalls : rec.requests).push(call);
      // a list for a page of records (GET ...?page=), one record otherwise: what the API answers
      const data = method === 'GET' && url.includes('page=') ? [{ id: 11 }] : { id: 12 };
      const text = JSON.stringify({ token: 'tok', data });
      return { status: 200, body: text, headers: {}, json: () => JSON.parse(text), timings: { duration: 1 } };
    }
    const http = {
      request: answer,
      get: (url, params) => answer('GET', url, null, params),
      post: (url, body, params) => answer('POST', url, body, params),
      put: (url, body, params) => answer('PUT', url, body, params),
      patch: (url, body, params) => answer('PATCH', url, body, params),
      del: (url, body, params) => answer('DELETE', url, body, params),
      file: (data, filename, contentType) => ({ __file: true, data, filename, contentType }),
    };
    export default http;
    export const { request, get, post, put, patch, del, file } = http;`,
  'k6/ws': `
    const rec = globalThis.__k6;
    function connect(url, params, callback) {
      if (typeof url !== 'string' || !/^wss?:\\/\\//.test(url)) throw new TypeError('ws.connect: a ws:// or wss:// URL');
      const on = {}; const intervals = []; const timeouts = []; const sent = [];
      const socket = {
        on: (event, fn) => { (on[event] ||= []).push(fn); },
        send: (text) => { if (typeof text !== 'string') throw new TypeError('send takes text'); sent.push(text); },
        close: () => { for (const fn of on.close || []) fn(); on.close = []; },
        ping: () => undefined,
        setInterval: (fn, ms) => { if (!(ms > 0)) throw new TypeError('setInterval: ms'); intervals.push(fn); },
        setTimeout: (fn, ms) => { if (!(ms >= 0)) throw new TypeError('setTimeout: ms'); timeouts.push(fn); },
      };
      callback(socket);
      for (const fn of on.open || []) fn();
      for (let i = 0; i < 3; i++) for (const fn of intervals) fn();
      const frame = JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 3 } });
      for (const fn of on.message || []) fn(frame);
      for (const fn of timeouts) fn();
      socket.close();
      rec.sockets.push({ url, headers: (params && params.headers) || {}, sent });
      return { status: 101, url };
    }
    export default { connect };
    export { connect };`,
  'k6/metrics': `
    const rec = globalThis.__k6;
    class Metric {
      constructor(type, name, isTime) {
        if (!/^[a-zA-Z_][a-zA-Z0-9_]{0,127}$/.test(name)) throw new Error('bad metric name ' + name);
        this.type = type; this.name = name; rec.metrics.push({ type, name, isTime: !!isTime });
      }
      add(value) { if (typeof value !== 'number' && typeof value !== 'boolean') throw new TypeError(this.name + '.add: a number'); }
    }
    export class Counter extends Metric { constructor(n, t) { super('counter', n, t); } }
    export class Trend extends Metric { constructor(n, t) { super('trend', n, t); } }
    export class Rate extends Metric { constructor(n, t) { super('rate', n, t); } }
    export class Gauge extends Metric { constructor(n, t) { super('gauge', n, t); } }`,
};

const HOOKS = `
const STUBS = ${JSON.stringify(Object.keys(STUBS))};
export async function resolve(specifier, context, next) {
  if (STUBS.includes(specifier)) return { url: 'k6stub:' + specifier, shortCircuit: true };
  if (specifier.startsWith('k6/') || specifier === 'k6') throw new Error('k6 has no module ' + specifier);
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.startsWith('k6stub:')) return { format: 'module', source: ${JSON.stringify(STUBS)}[url.slice(7)], shortCircuit: true };
  return next(url, context);
}`;

/** the metrics k6 itself defines, with their types (what threshold aggregations apply) */
const BUILTIN = {
  checks: 'rate', http_req_failed: 'rate', http_reqs: 'counter', iterations: 'counter', data_sent: 'counter', data_received: 'counter',
  http_req_duration: 'trend', http_req_waiting: 'trend', http_req_connecting: 'trend', http_req_blocked: 'trend', iteration_duration: 'trend',
  ws_sessions: 'counter', ws_msgs_sent: 'counter', ws_msgs_received: 'counter', ws_session_duration: 'trend', ws_connecting: 'trend', vus: 'gauge', vus_max: 'gauge',
};
const AGGREGATIONS = { counter: ['count', 'rate'], gauge: ['value'], rate: ['rate'], trend: ['avg', 'min', 'max', 'med', 'p'] };
const EXECUTORS = {
  'constant-vus': ['vus', 'duration'], 'ramping-vus': ['stages'], 'shared-iterations': ['vus', 'iterations'], 'per-vu-iterations': ['vus', 'iterations'],
  'constant-arrival-rate': ['rate', 'duration', 'preAllocatedVUs'], 'ramping-arrival-rate': ['stages', 'preAllocatedVUs'], 'externally-controlled': ['duration'],
};
const DURATION = /^(\d+(\.\d+)?(ms|s|m|h))+$/;

/** what k6 would refuse in `options` */
export function optionErrors(options, metrics) {
  const errors = [];
  if (!options || typeof options !== 'object') return ['no options export'];
  for (const [name, sc] of Object.entries(options.scenarios ?? {})) {
    if (!/^[a-zA-Z0-9_-]+$/.test(name)) errors.push(`scenario name ${name}`);
    const needs = EXECUTORS[sc.executor];
    if (!needs) errors.push(`scenario ${name}: unknown executor ${sc.executor}`);
    for (const k of needs ?? []) if (sc[k] === undefined) errors.push(`scenario ${name}: ${sc.executor} needs ${k}`);
    if (sc.vus !== undefined && !(Number.isInteger(sc.vus) && sc.vus > 0)) errors.push(`scenario ${name}: vus ${sc.vus}`);
    if (sc.duration !== undefined && !DURATION.test(String(sc.duration))) errors.push(`scenario ${name}: duration ${sc.duration}`);
  }
  const types = { ...BUILTIN, ...Object.fromEntries(metrics.map((m) => [m.name, m.type])) };
  for (const [key, list] of Object.entries(options.thresholds ?? {})) {
    const metric = key.split('{')[0];
    const type = types[metric];
    if (!type) errors.push(`threshold on unknown metric ${metric}`);
    for (const t of Array.isArray(list) ? list : [list]) {
      const expr = typeof t === 'string' ? t : t && t.threshold;
      const m = /^\s*(count|rate|value|avg|min|max|med|p\(\d+(\.\d+)?\))\s*(<=|>=|<|>|===|==|!=)\s*-?\d+(\.\d+)?\s*$/.exec(String(expr));
      if (!m) errors.push(`threshold ${key}: ${expr}`);
      else if (type && !AGGREGATIONS[type].includes(m[1].startsWith('p(') ? 'p' : m[1])) errors.push(`threshold ${key}: ${m[1]} does not apply to a ${type}`);
    }
  }
  return errors;
}

async function main() {
  const script = process.argv[2];
  if (!script) throw new Error('usage: node load-tests/k6-check.mjs <k6 script>');
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, import.meta.url);
  globalThis.__ENV = { BASE_URL: 'https://demo.k6.test', ...(process.env.K6_CHECK_ENV ? JSON.parse(process.env.K6_CHECK_ENV) : {}) };
  globalThis.__VU = 0;
  globalThis.__ITER = 0;
  const mod = await import(pathToFileURL(path.resolve(script)).href);
  const errors = optionErrors(mod.options, rec.metrics);
  if (typeof mod.default !== 'function') errors.push('no default function');
  let fx;
  if (mod.setup !== undefined) {
    if (typeof mod.setup !== 'function') errors.push('setup is not a function');
    rec.phase = 'setup';
    const out = mod.setup();
    fx = JSON.parse(JSON.stringify(out ?? null));
    if (JSON.stringify(fx) !== JSON.stringify(out ?? null)) errors.push('setup returns data that does not survive JSON');
  }
  rec.phase = 'vu';
  for (const vu of [1, 2]) {
    globalThis.__VU = vu;
    globalThis.__ITER = 0;
    if (typeof mod.default === 'function') mod.default(fx);
  }
  const { setupCalls, requests, sockets, checks, sleeps, metrics } = rec;
  console.log(JSON.stringify({ options: mod.options, errors, setupCalls, requests, sockets, checks, sleeps, metrics }));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});

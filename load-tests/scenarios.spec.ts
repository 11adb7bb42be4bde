import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_TABLE } from '@app/contracts';

/**
 * The load-test scenarios (load-tests/scenarios.js, an ES module both runners import) checked without a running
 * system: each is complete and short, every call of its set-up and every request of its load is a route of the
 * route table whose body schema accepts what the scenario sends, and every scenario has its k6 script. k6 itself is
 * not installable here: each script runs in Node under k6-check.mjs (stand-ins of k6's modules with only k6's
 * exports, its options read as k6 reads them, its setup and two iterations against stand-in answers).
 */
const ROOT = path.resolve(__dirname, '..');
const DIR = path.join(ROOT, 'load-tests');

interface Call { method: string; path: string; token?: string; json?: unknown; multipart?: Record<string, { name: string; type: string; size: number; pdf: boolean } | string> }
interface Described {
  name: string;
  description: string;
  kind: string;
  load: { connections: number; seconds: number };
  ok: number[];
  setupCalls: Call[];
  requests: Call[];
  wsPath?: string;
  frames?: { sent: string; slide: number | null }[];
}

/** Run the module in Node (as the runner does) and describe each scenario: its set-up driven with stand-in answers. */
const PROBE = `
import { SCENARIOS, SCENARIO_NAMES, MAX_SECONDS } from './load-tests/scenarios.js';
const answer = () => { const data = [{ id: 11 }]; data.id = 12; return { status: 200, body: { token: 'tok', data } }; };
const plain = (c) => ({ ...c, multipart: c.multipart && Object.fromEntries(Object.entries(c.multipart).map(([k, v]) =>
  [k, typeof v === 'object' ? { name: v.name, type: v.type, size: v.data.length, pdf: v.data.startsWith('%PDF-') && v.data.trimEnd().endsWith('%%EOF') } : v])) });
const out = SCENARIO_NAMES.map((name) => {
  const s = SCENARIOS[name];
  const gen = s.setup({ org: 'demo', password: 'pw', chair: 'chair@x.test', members: ['a@x.test', 'b@x.test', 'c@x.test'] });
  const setupCalls = [];
  let step = gen.next();
  while (!step.done) { setupCalls.push(plain(step.value)); step = gen.next(answer()); }
  const fx = step.value;
  const d = { name, description: s.description, kind: s.kind, load: s.load, ok: s.ok, setupCalls, requests: [] };
  if (s.kind === 'http') d.requests = [0, 1, 2, 3, 4, 5, 6].map((i) => plain(s.request(fx, i)));
  if (s.kind === 'ws') {
    d.wsPath = s.viewers.path(fx, s.viewers.viewerToken(fx, 0));
    d.frames = [7, 8].map((n) => ({ sent: s.viewers.frame(n), slide: s.viewers.slideOf(s.viewers.frame(n)) }));
  }
  return d;
});
console.log(JSON.stringify({ max: MAX_SECONDS, scenarios: out }));
`;
const probed = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], { cwd: ROOT, encoding: 'utf8' })) as { max: number; scenarios: Described[] };
const scenarios = probed.scenarios;

const routeOf = (c: Call) => {
  const [p, q] = c.path.split('?');
  const hit = ROUTE_TABLE.find(({ route: r }) => r.method === c.method && new RegExp(`^${r.path.replace(/:[a-zA-Z_]+/g, '[^/]+')}$`).test(p));
  return { route: hit?.route, query: new URLSearchParams(q ?? '') };
};

describe('load-test scenarios', () => {
  it('are the six the operations guide names', () => {
    expect(scenarios.map((s) => s.name)).toEqual(['sign-in', 'browse-meetings', 'open-meeting', 'vote-burst', 'upload', 'presentation-viewers']);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s is complete and short', (_n, s) => {
    expect(s.description.length).toBeGreaterThan(10);
    expect(['http', 'ws']).toContain(s.kind);
    expect(s.load.connections).toBeGreaterThan(0);
    expect(s.load.seconds).toBeGreaterThan(0);
    expect(s.load.seconds).toBeLessThanOrEqual(probed.max);
    expect(s.ok.length).toBeGreaterThan(0);
    if (s.kind === 'http') expect(s.requests).toHaveLength(7);
    else expect(s.frames!.map((f) => f.slide)).toEqual([7, 8]);
  });

  const calls = scenarios.flatMap((s) => [...s.setupCalls.map((c) => [s.name, 'set-up', c] as const), ...s.requests.map((c) => [s.name, 'load', c] as const)]);
  it.each(calls.map(([n, phase, c]) => [`${n} ${phase}: ${c.method} ${c.path}`, c] as const))('%s is a route that accepts it', (_t, c) => {
    const { route, query } = routeOf(c);
    expect(route).toBeDefined();
    if (!route) return;
    if (route.access !== 'public') expect(c.token).toBeTruthy();
    if (c.json !== undefined) {
      expect(route.body).toBeDefined();
      const parsed = route.body!.safeParse(c.json);
      expect(parsed.success ? 'accepted' : JSON.stringify(parsed.error.issues)).toBe('accepted');
    }
    if ([...query.keys()].length) {
      const parsed = route.query!.safeParse(Object.fromEntries(query));
      expect(parsed.success ? 'accepted' : JSON.stringify(parsed.error.issues)).toBe('accepted');
    }
    if (c.multipart) {
      expect(route.upload).toMatchObject({ kind: 'single' });
      const field = route.upload && route.upload.kind === 'single' ? route.upload.field : '';
      expect(c.multipart[field]).toMatchObject({ type: 'application/pdf', pdf: true });
    }
  });

  it('the vote burst spreads its votes over every voter and changes each vote', () => {
    const s = scenarios.find((x) => x.name === 'vote-burst')!;
    const byToken = new Map<string, Set<string>>();
    for (const r of s.requests) byToken.set(r.token!, (byToken.get(r.token!) ?? new Set()).add((r.json as { vote: string }).vote));
    expect(byToken.size).toBeGreaterThan(0);
    expect(s.setupCalls.filter((c) => c.path === '/api/login')).toHaveLength(4);
    expect(s.setupCalls.map((c) => c.path)).toContain('/api/meetings/12/decisions');
  });

  it('the presentation viewers open the room socket of the set-up meeting and document', () => {
    const s = scenarios.find((x) => x.name === 'presentation-viewers')!;
    expect(s.wsPath).toMatch(/^\/ws\/presentation\?ref_id=12&document=12&token=tok$/);
  });

  const k6Files = fs.readdirSync(path.join(DIR, 'k6')).filter((f) => f.endsWith('.js'));
  it('every scenario has a k6 script that names it, and every k6 script names a scenario', () => {
    const named = k6Files.filter((f) => f !== 'lib.js').map((f) => f.replace(/\.js$/, ''));
    expect(named.sort()).toEqual(scenarios.map((s) => s.name).sort());
    for (const n of named) {
      const text = fs.readFileSync(path.join(DIR, 'k6', `${n}.js`), 'utf8');
      expect(text).toContain(`const NAME = '${n}';`);
      expect(text).toMatch(/from '\.\/lib\.js'/);
    }
    const lib = fs.readFileSync(path.join(DIR, 'k6', 'lib.js'), 'utf8');
    expect(lib).toMatch(/from '\.\.\/scenarios\.js'/);
    for (const kind of new Set(scenarios.map((s) => s.kind))) expect(lib).toContain(`s.kind === '${kind}'`);
  });

  it.each(k6Files)('k6/%s parses', (f) => {
    expect(() => execFileSync(process.execPath, ['--check', path.join(DIR, 'k6', f)], { stdio: 'pipe' })).not.toThrow();
  });

  interface K6Run {
    options: { scenarios: Record<string, { executor: string; vus: number; duration: string }> };
    errors: string[];
    setupCalls: { method: string; url: string; headers: Record<string, string>; body: unknown }[];
    requests: { method: string; url: string; headers: Record<string, string>; body: unknown }[];
    sockets: { url: string; sent: string[] }[];
    checks: { name: string; ok: boolean }[];
  }
  const k6Run = (script: string) => JSON.parse(execFileSync(process.execPath, [path.join(DIR, 'k6-check.mjs'), path.join(DIR, 'k6', script)], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as K6Run;
  const BASE = 'https://demo.k6.test';

  describe.each(scenarios.map((s) => s.name))('k6/%s.js run without k6', (name) => {
    const s = scenarios.find((x) => x.name === name)!;
    const run = k6Run(`${name}.js`);
    it('has options k6 accepts: one constant-VU scenario of the scenario’s size, valid thresholds', () => {
      expect(run.errors).toEqual([]);
      expect(run.options.scenarios[name]).toEqual({ executor: 'constant-vus', vus: s.load.connections + (s.kind === 'ws' ? 1 : 0), duration: `${s.load.seconds}s` });
    });
    it('sends the scenario’s set-up through k6’s http, call for call', () => {
      expect(run.setupCalls.map((c) => `${c.method} ${c.url.replace(BASE, '')}`)).toEqual(s.setupCalls.map((c) => `${c.method} ${c.path}`));
      for (const c of run.setupCalls) expect(c.headers['x-org']).toBe('demo');
    });
    if (s.kind === 'http') {
      it('sends routes of the route table in its iterations, and checks their status', () => {
        expect(run.requests.length).toBe(2);
        for (const r of run.requests) {
          const { route } = routeOf({ method: r.method, path: r.url.replace(BASE, '') });
          expect(route).toBeDefined();
        }
        expect(run.checks.length).toBe(2);
        expect(run.checks.every((c) => c.ok)).toBe(true);
      });
    } else {
      it('opens the room socket of the set-up meeting and document, and the presenter turns slides', () => {
        expect(run.sockets.map((x) => x.url.replace('wss://demo.k6.test', ''))).toEqual([s.wsPath, s.wsPath]);
        expect(run.sockets[0].sent.length).toBe(3);
        expect(run.checks.every((c) => c.ok)).toBe(true);
      });
    }
  });
});

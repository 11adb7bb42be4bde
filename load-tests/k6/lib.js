/**
 * k6 side of the scenarios (../scenarios.js, the same definitions `npm run load` runs): the set-up generator
 * driven with k6's http, the scenario's requests per iteration, the presentation viewers over k6/ws.
 *   k6 run -e BASE_URL=https://demo.boardroom.example.com load-tests/k6/vote-burst.js
 * BASE_URL is the organization's own host (the gateway takes the organization from it; X-Org is ignored in
 * production). VUS and DURATION override the scenario's size.
 */
/* global __ENV, __VU, __ITER */
import http from 'k6/http';
import ws from 'k6/ws';
import { check, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { DEMO, SCENARIOS } from '../scenarios.js';

const BASE = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
const ORG = __ENV.ORG || DEMO.org;
const slideGap = new Trend('slide_gap_ms', true);
const slidesSeen = new Counter('slides_seen');

/** one request of a scenario (or of its set-up) through k6's http */
function send(req) {
  const headers = { 'x-org': ORG };
  if (req.token) headers.token = req.token;
  let body = null;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.multipart) {
    body = {};
    for (const [name, part] of Object.entries(req.multipart)) body[name] = typeof part === 'object' ? http.file(part.data, part.name, part.type) : part;
  }
  const r = http.request(req.method, BASE + req.path, body, { headers, tags: { name: req.path.replace(/\/\d+/g, '/:id').split('?')[0] } });
  let parsed = r.body;
  try {
    parsed = r.json();
  } catch (e) {
    parsed = r.body;
  }
  return { status: r.status, body: parsed, raw: r };
}

export function optionsFor(name) {
  const s = SCENARIOS[name];
  const vus = Number(__ENV.VUS || s.load.connections) + (s.kind === 'ws' ? 1 : 0);
  return {
    scenarios: { [name]: { executor: 'constant-vus', vus, duration: __ENV.DURATION || `${s.load.seconds}s` } },
    thresholds: s.kind === 'ws' ? { slides_seen: ['count>0'] } : { checks: ['rate>0.99'], http_req_failed: ['rate<0.01'] },
  };
}

/** the scenario's set-up: the generator's calls sent in order, its fixture handed to every VU */
export function setupFor(name) {
  const gen = SCENARIOS[name].setup({ ...DEMO, org: ORG });
  let step = gen.next();
  while (!step.done) step = gen.next(send(step.value));
  return step.value;
}

export function runFor(name) {
  const s = SCENARIOS[name];
  if (s.kind === 'http') {
    return (fx) => {
      const r = send(s.request(fx, (__VU - 1) * 100000 + __ITER));
      check(r, { [`${name}: status ${s.ok.join('/')}`]: (x) => s.ok.indexOf(x.status) >= 0 });
    };
  }
  if (s.kind === 'ws') {
    const v = s.viewers;
    const seconds = Number(String(__ENV.DURATION || `${s.load.seconds}s`).replace(/s$/, ''));
    return (fx) => {
      const wsBase = BASE.replace(/^http/, 'ws');
      const presenter = __VU === 1;
      const url = wsBase + v.path(fx, presenter ? v.presenterToken(fx) : v.viewerToken(fx, __VU));
      const res = ws.connect(url, { headers: { 'x-org': ORG } }, (socket) => {
        let slide = __ITER * 100000;
        socket.on('open', () => {
          if (presenter) socket.setInterval(() => socket.send(v.frame(++slide)), v.gapMs);
        });
        // a viewer counts the slide turns it sees and the time between two turns (the presenter's gap plus jitter)
        let last = 0;
        socket.on('message', (text) => {
          if (presenter || v.slideOf(text) === null) return;
          slidesSeen.add(1);
          const now = Date.now();
          if (last) slideGap.add(now - last);
          last = now;
        });
        socket.setTimeout(() => socket.close(), seconds * 1000);
      });
      check(res, { [`${name}: upgraded`]: (r) => r && s.ok.indexOf(r.status) >= 0 });
      sleep(1);
    };
  }
  throw new Error(`scenario ${name}: kind ${s.kind} has no k6 runner`);
}

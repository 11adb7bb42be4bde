/**
 * The load-test scenarios, defined once for both runners: `npm run load -- <scenario>` (run.mjs: autocannon and ws,
 * one machine) and the k6 scripts in k6/ (clusters). Plain ECMAScript with no imports, so Node and k6 load the same
 * file. Each scenario names
 *   - `setup`: a generator of the HTTP calls that build what it needs through the public API (sign-ins, a meeting
 *     with members, a decision, a presented PDF); each runner sends the calls it yields and passes the answers back,
 *     so the set-up is the same whatever sends it;
 *   - `request(fx, i)` (kind `http`): the i-th request of the load, from the set-up's fixture;
 *   - `viewers` (kind `ws`): the presentation room's URL, who presents, the frame that turns a slide;
 *   - `load`: the default size of a run (short: the runners cap every run at 30 s);
 *   - `ok`: the statuses that count as success.
 * Users are the demo organization's (`npm start` seeds them); `DEMO` can be overridden by the runner's options.
 */

export const DEMO = {
  org: 'demo',
  password: 'Demo@12345',
  chair: 'chair@demo.test',
  members: ['member1@demo.test', 'member2@demo.test', 'admin@demo.test'],
};

/** a small valid one-page PDF (what is uploaded and presented), built without any library */
export function tinyPdf(text = 'Load test') {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 24 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

const pad = (n) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD hh:mm AM' `days` from now (the meeting form; the demo organization is in UTC) */
function formDate(days) {
  const d = new Date(Date.now() + days * 86400000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00 AM`;
}
/** 'YYYY-MM-DD HH:mm:ss' `days` from now */
function serverDate(days) {
  const d = new Date(Date.now() + days * 86400000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00:00`;
}

/** yielded by a set-up: one HTTP call; the runner answers `{ status, body }` (body parsed from JSON when it is) */
const call = (method, path, { token, json, multipart } = {}) => ({ method, path, token, json, multipart });

function need(r, what, status = 200) {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

/** sign in every demo user: tokens and ids */
function* signIn(demo) {
  const people = {};
  for (const email of [demo.chair, ...demo.members]) {
    const b = need(yield call('POST', '/api/login', { json: { email, password: demo.password } }), `sign-in of ${email}`);
    people[email] = { token: b.token, id: b.data && b.data.id, email };
  }
  return { chair: people[demo.chair], members: demo.members.map((e) => people[e]) };
}

/** a scheduled meeting of the chair's first committee with the members, a talking point presenting a PDF, an open decision */
function* meetingWithDecision(demo) {
  const p = yield* signIn(demo);
  const t = p.chair.token;
  const committees = need(yield call('GET', '/api/committees?page=1&per_page=50', { token: t }), 'committees');
  const committee = (committees.data || [])[0];
  if (!committee) throw new Error('the chair has no committee (run npm start, which seeds the demo organization)');
  const doc = need(yield call('POST', '/api/library', { token: t, multipart: { file: { name: 'load-slides.pdf', type: 'application/pdf', data: tinyPdf('Slides') } } }), 'upload of the slides').data;
  const m = need(yield call('POST', '/api/meetings', { token: t, json: { title: `Load test ${new Date().toISOString()}`, committee_id: committee.id, start_date: formDate(7), duration: 60, location: 'Load' } }), 'meeting').data;
  need(yield call('POST', `/api/meetings/${m.id}/members`, { token: t, json: { user_id: p.members.map((x) => x.id) } }), 'members');
  need(yield call('POST', `/api/meetings/${m.id}/talkingpoints`, {
    token: t, json: { title: 'Slides', viewers: p.members.map((x) => x.id), presenters: [p.chair.id], duration: 30, attachments: [doc.id] },
  }), 'talking point');
  need(yield call('POST', `/api/meetings/${m.id}/changestatus`, { token: t, json: { meeting_status_id: 2, reason: 'load test' } }), 'scheduling');
  const d = need(yield call('POST', `/api/meetings/${m.id}/decisions`, { token: t, json: { title: 'Load vote', deadline: serverDate(10), voters: p.members.map((x) => x.id) } }), 'decision').data;
  return { ...p, meetingId: m.id, decisionId: d.id, documentId: doc.id };
}

const pick = (list, i) => list[i % list.length];
const VOTES = ['Approved', 'Abstained'];

export const SCENARIOS = {
  'sign-in': {
    description: 'members sign in with e-mail and password (an argon2 hash check each)',
    kind: 'http',
    // eslint-disable-next-line require-yield -- a set-up with no call: the fixture is the demo accounts themselves
    *setup(demo) {
      return { demo };
    },
    request: (fx, i) => ({ method: 'POST', path: '/api/login', json: { email: pick([fx.demo.chair, ...fx.demo.members], i), password: fx.demo.password } }),
    load: { connections: 4, seconds: 10 },
    ok: [200],
  },
  'browse-meetings': {
    description: 'members page through their meetings',
    kind: 'http',
    *setup(demo) {
      const fx = yield* meetingWithDecision(demo);
      return fx;
    },
    request: (fx, i) => ({ method: 'GET', path: `/api/meetings?page=1&per_page=10&role=All`, token: pick(fx.members, i).token }),
    load: { connections: 8, seconds: 10 },
    ok: [200],
  },
  'open-meeting': {
    description: 'members open a meeting: details with agenda, participants and decisions',
    kind: 'http',
    *setup(demo) {
      return yield* meetingWithDecision(demo);
    },
    request: (fx, i) => ({ method: 'GET', path: `/api/meetings/${fx.meetingId}`, token: pick(fx.members, i).token }),
    load: { connections: 8, seconds: 10 },
    ok: [200],
  },
  'vote-burst': {
    description: 'every voter of one open decision votes and changes the vote as fast as the system answers',
    kind: 'http',
    *setup(demo) {
      return yield* meetingWithDecision(demo);
    },
    request: (fx, i) => ({ method: 'POST', path: `/api/decisions/${fx.decisionId}/vote/change`, token: pick(fx.members, i).token, json: { id: fx.decisionId, vote: VOTES[Math.floor(i / fx.members.length) % VOTES.length] } }),
    load: { connections: 12, seconds: 10 },
    ok: [200],
  },
  upload: {
    description: 'members upload a small PDF to their library (S3 put, then the library registers it)',
    kind: 'http',
    *setup(demo) {
      return yield* signIn(demo);
    },
    request: (fx, i) => ({ method: 'POST', path: '/api/library', token: pick(fx.members, i).token, multipart: { file: { name: `load-${i}.pdf`, type: 'application/pdf', data: tinyPdf(`Upload ${i}`) } } }),
    load: { connections: 4, seconds: 10 },
    ok: [200],
  },
  'presentation-viewers': {
    description: 'viewers follow a presentation: the chair turns slides, every viewer must see every turn',
    kind: 'ws',
    *setup(demo) {
      return yield* meetingWithDecision(demo);
    },
    viewers: {
      path: (fx, token) => `/ws/presentation?ref_id=${fx.meetingId}&document=${fx.documentId}&token=${encodeURIComponent(token)}`,
      presenterToken: (fx) => fx.chair.token,
      viewerToken: (fx, i) => pick(fx.members, i).token,
      frame: (slide) => JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide } }),
      /** the slide a server frame announces, or null */
      slideOf: (text) => {
        if (text.indexOf('SLIDE_CHANGE') < 0) return null;
        const f = JSON.parse(text);
        return f.action && typeof f.action.slide === 'number' ? f.action.slide : null;
      },
      gapMs: 200,
    },
    load: { connections: 200, seconds: 10 },
    ok: [101],
  },
};

export const SCENARIO_NAMES = Object.keys(SCENARIOS);

/** the longest run either runner allows (the machine is shared; clusters use k6's own options) */
export const MAX_SECONDS = 30;

/**
 * Presentation through the gateway: the room's WebSocket on the gateway's own origin (/ws/presentation, passed
 * on to the presentation service) and the notes routes of the route table.
 */
import WebSocket from 'ws';
import type { ServerFrame } from '@app/contracts';
import { closeRedis, expectOk, GATEWAY, libraryFile, meeting, talkingPoint, world, type World } from '../meeting/helpers';

let w: World;
let m: { id: number };
let DOC: number;

beforeAll(async () => {
  w = await world();
  m = await meeting(w);
  DOC = await libraryFile(w.chair.c, 'slides.pdf');
  await talkingPoint(w, m.id, { attachment_ids: [DOC] });
});
afterAll(() => closeRedis());

function open(token: string, q: Record<string, string | number> = {}): Promise<{ ws: WebSocket; frames: ServerFrame[]; next: (t: ServerFrame['type']) => Promise<ServerFrame> }> {
  const url = new URL('/ws/presentation', GATEWAY.replace(/^http/, 'ws'));
  for (const [k, v] of Object.entries({ ref_id: m.id, document: DOC, token, ...q })) url.searchParams.set(k, String(v));
  const ws = new WebSocket(url, { headers: { 'X-Org': w.org.slug } });
  const frames: ServerFrame[] = [];
  const waiting: Array<{ t: string; r: (f: ServerFrame) => void }> = [];
  ws.on('message', (d) => {
    const f = JSON.parse(String(d)) as ServerFrame;
    const i = waiting.findIndex((x) => x.t === f.type);
    if (i >= 0) waiting.splice(i, 1)[0].r(f);
    else frames.push(f);
  });
  const next = (t: ServerFrame['type']) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const i = frames.findIndex((f) => f.type === t);
      if (i >= 0) return resolve(frames.splice(i, 1)[0]);
      const timer = setTimeout(() => reject(new Error(`no ${t} frame`)), 10_000);
      waiting.push({ t, r: (f) => (clearTimeout(timer), resolve(f)) });
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, next }));
    ws.once('error', reject);
  });
}

describe('the presentation socket on the gateway origin', () => {
  it('the presenter (chair) drives, a member follows; both through the gateway', async () => {
    const presenter = await open(w.chair.token);
    expect(await presenter.next('current_presenter')).toMatchObject({ you_present: true, presenter: { user_id: w.chair.userId } });
    const viewer = await open(w.m1.token);
    expect(await viewer.next('history')).toMatchObject({ history: { document: DOC, slide: 0 } });
    presenter.ws.send(JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 1 } }));
    const seen: ServerFrame[] = [];
    for (let f = await viewer.next('actions'); ; f = await viewer.next('actions')) {
      seen.push(f);
      if (f.type === 'actions' && f.action.type === 'SLIDE_CHANGE') break;
    }
    expect(seen.at(-1)).toEqual({ type: 'actions', action: { type: 'SLIDE_CHANGE', slide: 1 } });
    presenter.ws.close();
    viewer.ws.close();
  });

  it('a person outside the meeting and an unknown document get 4404; no session gets 4401', async () => {
    const close = (ws: WebSocket) => new Promise<number>((r) => ws.on('close', (c) => r(c)));
    expect(await close((await open(w.outsider.token)).ws)).toBe(4404);
    expect(await close((await open('not-a-session')).ws)).toBe(4401);
    expect(await close((await open(w.chair.token, { document: 999_999 })).ws)).toBe(4404);
  });
});

describe('notes per slide', () => {
  it('add (validated, blank refused), list mine and public, delete mine', async () => {
    const bad = await w.m1.c.post('/presentation/notes', { id: DOC, meeting_id: m.id, annotation: ' ', is_private: 1, slide_id: 0 });
    expect(bad.status).toBe(409);
    expect(bad.body.errors.annotation).toBeDefined();
    const coerced = await w.m1.c.post('/presentation/notes', { id: [DOC], meeting_id: true, annotation: 'x', is_private: 1, slide_id: '0' });
    expect(coerced.status).toBe(409);
    expect(Object.keys(coerced.body.errors).sort()).toEqual(['id', 'meeting_id', 'slide_id']);
    const mine = expectOk(await w.m1.c.post('/presentation/notes', { id: DOC, meeting_id: m.id, annotation: 'Check the totals', is_private: 1, type: 'note', slide_id: 2, user_id: w.m1.userId }));
    expect(mine).toMatchObject({ annotation: 'Check the totals', is_private: 1, slide_id: 2, mine: true, type: 'note' });
    expectOk(await w.chair.c.post('/presentation/notes', { id: DOC, meeting_id: m.id, annotation: 'Shared remark', is_private: 0, slide_id: 1 }));
    expect(expectOk(await w.m1.c.get(`/presentation/${m.id}/${DOC}/notes`)).map((n: any) => n.annotation)).toEqual(['Shared remark', 'Check the totals']);
    expect(expectOk(await w.m2.c.get(`/presentation/${m.id}/${DOC}/notes`)).map((n: any) => n.annotation)).toEqual(['Shared remark']);
    expect((await w.outsider.c.get(`/presentation/${m.id}/${DOC}/notes`)).status).toBe(404);
    expect((await w.anon.get(`/presentation/${m.id}/${DOC}/notes`)).status).toBe(401);
    expect((await w.m2.c.delete(`/presentation/notes/${mine.id}`)).status).toBe(404);
    const del = await w.m1.c.delete(`/presentation/notes/${mine.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Deleted successfully');
  });
});

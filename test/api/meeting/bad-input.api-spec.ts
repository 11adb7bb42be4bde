/**
 * Nothing reaches a 500 on bad input: every meeting route of the OpenAPI document is called with
 * malformed ids, bodies and queries, as a signed-in user and as a guest with a made-up token.
 */
import { api } from '@app/testing';
import { GATEWAY, closeRedis, expectOk, meeting, talkingPoint, world, type World } from './helpers';

// one request at a time, the sweep took 104-144 s on a loaded two-core machine (api beside browser): 120 s was too
// close (it ran out once at 144 s)
jest.setTimeout(240_000);
/** the meeting service's routes (by path, so another module's routes with a shared tag are not swept) */
const MINE = /^\/api\/(meetings|meeting|nda|decisions|singleDecisions?|actions|action_tracker|talkingpoints|subpoints|deleteComment|calender|calendar|home|meeting_analytics|meeting_rate)(\/|$)/;

let w: World;
afterAll(() => closeRedis());

const bodies: unknown[] = [
  null, [], 'text', 42, { title: { nested: true } }, { title: 'x'.repeat(100_000) }, { user_id: -1, vote: 7, status: [], participants: 'x', voters: {} },
  { start_date: '2030-02-30 10:00 AM', deadline: '9999-99-99', open_till: 0, committee_id: 'abc', meeting_status_id: 99, reason: 5 },
  { subpoints: [null, 1, 'x'], viewers: [null], presenters: [{}], attachments: [{ id: -3 }], type: { a: 1 }, is_visible: 'maybe', is_fulfilled: 2 },
];

describe('bad input never reaches a 500', () => {
  it('every meeting route, with bad ids, bodies and queries', async () => {
    w = await world();
    const m = await meeting(w);
    const tp = await talkingPoint(w, m.id);
    const doc = (await (await fetch(`${GATEWAY}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes: Array<[string, string]> = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      // the live channels answer a stream that stays open by design: live.api-spec.ts covers their refusals
      if (MINE.test(path) && !/\/live$/.test(path)) for (const method of Object.keys(ops)) routes.push([method, path]);
    }
    expect(routes.length).toBeGreaterThan(50);
    const ids = ['0', '-1', 'abc', '1e309', '99999999999999999999', String(m.id), String(tp.id), '%20'];
    const guest = api(GATEWAY, { org: w.org.slug });
    const failures: string[] = [];
    for (const [method, path] of routes) {
      for (const id of ids) {
        const url = path.replace(/^\/api/, '').replace(/\{token\}/g, id.repeat(3)).replace(/\{[^}]+\}/g, id);
        for (const body of method === 'get' || method === 'delete' ? [undefined] : bodies) {
          for (const [who, c] of [['user', w.chair.c], ['guest', guest]] as const) {
            const r = method === 'get'
              ? await c.get(url, { token: who === 'guest' ? 'made-up' : undefined, date: '2030/99', role: 'Nobody', page: -1, sort: 1 as unknown as string })
              : await (c as any)[method](url, body);
            if (r.status >= 500) failures.push(`${method.toUpperCase()} ${url} ${who} ${JSON.stringify(body)?.slice(0, 60)} -> ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // the service still answers normally afterwards
    expect(expectOk(await w.chair.c.get('/meetings')).length).toBeGreaterThanOrEqual(0);
  });
});

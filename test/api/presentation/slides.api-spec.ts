/**
 * The presentation call (GET /api/presentation?document=&ref_id=): a PDF from the library attached to a talking
 * point is made into slide images and thumbnails once per version by a job (status and progress meanwhile); the
 * images are real PNGs behind presigned URLs; who may not see the meeting gets the catalogue's answer.
 */
import { waitFor } from '@app/testing';
import { pdfFile } from '@app/testing';
import { closeRedis, meeting, talkingPoint, world, type World } from '../meeting/helpers';

jest.setTimeout(180_000);
let w: World;
let m: { id: number };
let docId: number;

beforeAll(async () => {
  w = await world();
  m = await meeting(w);
  const up = await w.chair.c.upload('/library', {}, { file: { name: 'board-pack.pdf', type: 'application/pdf', data: await pdfFile(3, 'Board pack') } });
  expect(up.status).toBe(200);
  docId = up.body.data.id;
  await talkingPoint(w, m.id, { attachment_ids: [docId] });
});
afterAll(() => closeRedis());

const ask = (c: World['chair']['c'], q: Record<string, unknown>) => c.get('/presentation', q as Record<string, string | number>);

describe('GET /api/presentation', () => {
  it('answers the PDF at once, then the slides and thumbnails once the job made them', async () => {
    const first = await ask(w.chair.c, { document: docId, ref_id: m.id, endpoint: 'https://example.test' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, payload: { pdf: expect.stringContaining('http'), status: expect.stringMatching(/rendering|ready/) } });
    const ready = await waitFor(
      'slides ready',
      async () => {
        const r = await ask(w.chair.c, { document: docId, ref_id: m.id });
        return r.body.payload?.status === 'ready' ? r.body.payload : null;
      },
      90_000,
      500,
    );
    expect(ready).toMatchObject({ pages: 3, progress: 100 });
    expect(ready.slides).toHaveLength(3);
    expect(ready.thumbs).toHaveLength(3);
    for (const url of [ready.slides[0], ready.thumbs[2]]) {
      const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    // asking again makes nothing new: the same set, fresh URLs
    const again = await ask(w.chair.c, { document: docId, ref_id: m.id });
    expect(again.body.payload).toMatchObject({ status: 'ready', pages: 3 });
  });

  it('refuses what does not belong: another meeting member outside, no session, a file not on the agenda, bad ids', async () => {
    expect((await ask(w.outsider.c, { document: docId, ref_id: m.id })).status).toBe(404);
    expect((await ask(w.anon, { document: docId, ref_id: m.id })).status).toBe(401);
    expect((await ask(w.chair.c, { document: docId + 1000, ref_id: m.id })).status).toBe(404);
    const bad = await ask(w.chair.c, { document: 'abc', ref_id: -1 });
    expect(bad.status).toBe(409);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['document', 'ref_id']);
  });
});

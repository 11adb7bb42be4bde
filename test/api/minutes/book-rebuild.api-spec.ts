/**
 * The board book is made again by an event (docs/minutes.md#the-board-book): once a meeting has a book, a change
 * of its agenda or attachments (the meeting service's MeetingChanged) queues a rebuild, and the meeting's
 * agenda_merged_file and the library's outline show the new agenda without anyone asking for the book.
 */
import { pdfFile, waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, meeting, talkingPoint, world, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
afterAll(() => closeRedis());
beforeAll(async () => {
  w = await world();
});

describe('the board book rebuilt by an event', () => {
  it('a new attachment on the agenda: the book is made again on its own, its outline names the new file', async () => {
    const m = await meeting(w, { title: 'Rebuilt book meeting' });
    const first = await libraryFile(w.chair.c, 'budget.pdf', await pdfFile(2, 'budget'));
    await talkingPoint(w, m.id, { title: 'Budget', attachment_ids: [first] });
    // the first book is asked for once
    const book = await waitFor('first book', async () => {
      const s = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${m.id}`));
      if (s.status === 'failed') throw new Error(s.error);
      return s.status === 'done' ? s : null;
    }, 150_000, 500);
    expect(book.number_of_files_merged).toBe(1);

    // the agenda changes; nobody asks for the book again
    const annex = await libraryFile(w.chair.c, 'annex.pdf', await pdfFile(3, 'annex'));
    const tp = await talkingPoint(w, m.id, { title: 'Annex', attachment_ids: [annex] });
    const details = await waitFor('rebuilt book in the meeting details', async () => {
      const d = expectOk(await w.m2.c.get(`/meetings/${m.id}`));
      return d.number_of_files_merged === 2 ? d : null;
    }, 150_000, 500);
    expect(details.agenda_merged_file).toEqual(expect.stringContaining('http'));
    expect(details.agenda_merged_file).not.toBe(book.agenda_merged_file);

    // asking now answers the rebuilt book at once (it is not made on this request)
    const now = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${m.id}`));
    expect(now).toMatchObject({ status: 'done', number_of_files_merged: 2 });
    expect(now.library_id).not.toBe(book.library_id);
    const fetched = expectOk(await w.m1.c.get(`/library/fetch/${now.library_id}`, { meeting_id: m.id }));
    const names = fetched.outlines_data.entries.map((e: any) => e.name);
    expect(names).toEqual(['Rebuilt book meeting', 'Agenda', 'budget.pdf', 'annex.pdf']);
    const annexEntry = fetched.outlines_data.entries[3];
    expect(annexEntry.end - annexEntry.start + 1).toBe(3);

    // a second attachment on the same item: rebuilt again (an attachment route, not the item's form)
    const more = await libraryFile(w.chair.c, 'more.pdf', await pdfFile(1, 'more'));
    expectOk(await w.chair.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: more }));
    await waitFor('second rebuild', async () => (expectOk(await w.m2.c.get(`/meetings/${m.id}`)).number_of_files_merged === 3 ? true : null), 150_000, 500);
  });

  it('a meeting whose book was never asked for is not merged by a change', async () => {
    const m = await meeting(w, { title: 'Never asked' });
    const f = await libraryFile(w.chair.c, 'x.pdf', await pdfFile(1, 'x'));
    await talkingPoint(w, m.id, { title: 'X', attachment_ids: [f] });
    // a meeting that had a book gets rebuilt within a few seconds; this one stays without one
    const other = await meeting(w, { title: 'Asked' });
    await talkingPoint(w, other.id, { title: 'Y', attachment_ids: [f] });
    await waitFor('asked book', async () => (expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${other.id}`)).status === 'done' ? true : null), 150_000, 500);
    await talkingPoint(w, m.id, { title: 'Z', attachment_ids: [f] });
    await talkingPoint(w, other.id, { title: 'Z', attachment_ids: [f] });
    await waitFor('rebuilt asked book', async () => (expectOk(await w.m1.c.get(`/meetings/${other.id}`)).number_of_files_merged === 2 ? true : null), 150_000, 500);
    const d = expectOk(await w.m1.c.get(`/meetings/${m.id}`));
    expect([d.agenda_merged_file, d.number_of_files_merged]).toEqual([null, 0]);
  });
});

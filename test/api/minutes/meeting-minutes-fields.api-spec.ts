/**
 * The minutes fields of GET /api/meetings/{id}, which the gateway keeps until the minutes service says they changed
 * (services/gateway/src/meetings/minutes-fields-cache.ts, docs/minutes.md): each change of the minutes is seen by the
 * very next read, and a kept answer is never given to a reader or a meeting state it was not taken for.
 */
import { pdfFile } from '@app/testing';
import { closeRedis, expectOk, libraryFile, scheduled, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

let w: World;
let live: any;

beforeAll(async () => {
  w = await world();
  live = await scheduled(w, { title: 'Kept minutes fields' });
  await setStatus(w, live.id, 3);
});
afterAll(() => closeRedis());

const read = async (p: Person) => {
  const d = expectOk(await p.c.get(`/meetings/${live.id}`));
  return { mom_settings: d.mom_settings, mom_versions: d.mom_versions, can_commit: d.can_commit, mom_conclusion: d.mom_conclusion, agenda_merged_file: d.agenda_merged_file, number_of_files_merged: d.number_of_files_merged };
};

describe('GET /api/meetings/{id}: the minutes fields after a change of the minutes', () => {
  it('the setting, the meeting conclusion and a new version are each seen by the next read', async () => {
    // read twice: the second answer comes from what the gateway kept
    const first = await read(w.editor);
    expect(first).toEqual({ mom_settings: 0, mom_versions: [], can_commit: true, mom_conclusion: null, agenda_merged_file: null, number_of_files_merged: 0 });
    expect(await read(w.editor)).toEqual(first);

    expectOk(await w.chair.c.post(`/meetings/${live.id}/mom`, { mom_settings: 1 }));
    expect((await read(w.editor)).mom_settings).toBe(1);
    expectOk(await w.editor.c.post(`/meetings/${live.id}/mom`, { mom_settings: 0 }));
    expect((await read(w.editor)).mom_settings).toBe(0);

    expectOk(await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, { id: live.id, conclusions: [{ type: 'meeting', id: live.id, conclusion: 'Kept until changed.', active: 1 }] }));
    expect((await read(w.editor)).mom_conclusion).toBe('Kept until changed.');
    expectOk(await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, { id: live.id, conclusions: [{ type: 'meeting', id: live.id, conclusion: 'Changed again.', active: 1 }] }));
    expect((await read(w.editor)).mom_conclusion).toBe('Changed again.');

    const pdf = await libraryFile(w.chair.c, 'kept-minutes.pdf', await pdfFile(1, 'Minutes'));
    const s = expectOk(await w.chair.c.post(`/meetings/${live.id}/upload_mom`, { id: live.id, library_id: pdf }));
    const after = await read(w.editor);
    expect(after.mom_versions).toEqual([{ file_url: expect.stringContaining('http'), updated_at: s.mom_versions[0].updated_at }]);
  });

  it('a kept answer is for its reader and the meeting as it was: another reader and a new status are asked again', async () => {
    // the editor's answer is kept; a participant sees no history, the editor does
    expect((await read(w.editor)).mom_versions).toHaveLength(1);
    expect((await read(w.m1)).mom_versions).toEqual([]);
    expect((await read(w.editor)).mom_versions).toHaveLength(1);
    // a scheduled meeting offers no minutes; once live it does, though nothing of the minutes changed
    const next = await scheduled(w, { title: 'Kept minutes fields, scheduled' });
    const canCommit = async () => expectOk(await w.m1.c.get(`/meetings/${next.id}`)).can_commit;
    expect(await canCommit()).toBe(false);
    await setStatus(w, next.id, 3);
    expect(await canCommit()).toBe(true);
  });
});

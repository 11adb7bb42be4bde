/**
 * The minutes' language is the owner's choice (issue 25; docs/minutes.md#the-pdf): Done with `mom_lang` writes the PDF
 * in that language whatever the caller's interface language, read back with poppler's pdftotext; without it, the
 * interface language (minutes.api-spec.ts, the Arabic meeting); French (issue 27) has no English value for votes,
 * statuses or roles; anything but en, ar, fr or ru is 409 on mom_lang and makes nothing.
 */
import { pdfText, waitFor } from '@app/testing';
import { castVote, closeRedis, expectOk, GATEWAY, scheduled, serverDate, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let m: any;

beforeAll(async () => {
  w = await world();
  m = await scheduled(w, { title: 'Language board' });
  await setStatus(w, m.id, 3);
  expectOk(await w.chair.c.post(`/meetings/${m.id}/mom`, { mom_settings: 1 }));
});
afterAll(() => closeRedis());

const minutes = (p: Person) => p.c.get(`/meetings/${m.id}/minutes`);
async function doneIn(p: Person, fields: Record<string, string>): Promise<any> {
  const before = expectOk(await minutes(p)).mom_versions.length;
  expectOk(await p.c.upload(`/meetings/${m.id}/mom_conclusion`, { id: String(m.id), isConclusion: 'true', done: '1', ...fields }, {}));
  return waitFor(
    'minutes version',
    async () => {
      const s = expectOk(await minutes(p));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
    },
    150_000,
    500,
  );
}
async function newestText(): Promise<string> {
  const res = await fetch(`${GATEWAY}/api/meetings/${m.id}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
  expect(res.status).toBe(200);
  return (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
}
const newest = (s: any) => [...s.mom_versions].sort((a: any, b: any) => b.version - a.version)[0];

describe('the language of the minutes PDF', () => {
  it('Russian chosen by an owner whose interface is Arabic: the PDF is Russian', async () => {
    const chairAr = { ...w.chair, c: w.chair.c.with({ lang: 'ar' }) };
    const s = await doneIn(chairAr, { mom_lang: 'ru' });
    expect(newest(s)).toMatchObject({ lang: 'ru', source: 'rendered' });
    const text = await newestText();
    expect(text).toContain('Протокол заседания');
    expect(text).toContain('Комитет');
    expect(text).not.toContain('التاريخ');
    expect(text).not.toContain('Minutes of the meeting');
  });

  it('Arabic chosen by an owner whose interface is English: the PDF is Arabic', async () => {
    const s = await doneIn(w.chair, { mom_lang: 'ar' });
    expect(newest(s)).toMatchObject({ lang: 'ar' });
    const text = await newestText();
    expect(text).toContain('التاريخ');
    expect(text).toContain('اللجنة');
    expect(text).not.toContain('Minutes of the meeting');
    expect(text).not.toContain('Протокол');
  });

  it('French chosen (issue 27): labels, votes, statuses, roles, attendance and the signature block in French, no English value', async () => {
    expectOk(await w.chair.c.post(`/meetings/${m.id}/roles`, { chair_user_id: w.m1.userId, secretary_user_id: w.m2.userId }));
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Budget 2027', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] }));
    expectOk(await castVote(w.m1, d, { vote: 'Approved' }));
    expectOk(await castVote(w.m2, d, { vote: 'Denied', reason: 'Too high' }));
    const s = await doneIn(w.chair, { mom_lang: 'fr' });
    expect(newest(s)).toMatchObject({ lang: 'fr', source: 'rendered' });
    const text = await newestText();
    for (const french of ['Procès-verbal de la réunion', 'Comité', 'Statut En cours de séance', 'Présences', 'Résolutions', 'Vote ouvert', 'Pour', 'Contre', 'Abstention', 'En attente', 'Lecteur', 'Éditeur', 'Signatures']) {
      expect({ french, found: text.includes(french) }).toEqual({ french, found: true });
    }
    // the signature block closes the document: the chair and the secretary by name, to sign and date
    const signatures = text.slice(text.lastIndexOf('Signatures'));
    for (const part of ['Président de séance', 'Secrétaire', 'Mona Member', 'Mark Member', 'Signature', 'Date']) expect({ part, found: signatures.includes(part) }).toEqual({ part, found: true });
    // the English words of the same values: none of them is printed (the names of people and items are not values)
    const values = text.replace(/Chair Person|Eddie Editor|Mona Member|Mark Member/g, '');
    for (const english of ['Minutes of the meeting', 'Attendance', 'Resolutions', 'Approved', 'Denied', 'Abstained', 'Pending', 'Viewer', 'Editor', 'Live', 'Voting open', 'Secretary', 'Going', 'Not going']) {
      expect({ english, found: values.includes(english) }).toEqual({ english, found: false });
    }
  });

  it('anything but en, ar, fr or ru is 409 on mom_lang, and nothing is made', async () => {
    const before = expectOk(await minutes(w.chair));
    for (const mom_lang of ['de', 'FR', 'EN', true, ['ar'], 1]) {
      const r = await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, done: 1, mom_lang, conclusions: [] });
      expect({ mom_lang, status: r.status, message: r.body.message }).toEqual({ mom_lang, status: 409, message: 'Error in validation' });
      expect(r.body.errors.mom_lang).toEqual(['The minutes language must be one of: en, ar, fr, ru.']);
    }
    const after = expectOk(await minutes(w.chair));
    expect(after.mom_versions).toHaveLength(before.mom_versions.length);
    expect(after.render?.id).toBe(before.render?.id);
  });
});

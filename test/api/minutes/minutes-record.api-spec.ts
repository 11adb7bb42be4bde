/**
 * What the minutes of a board record (issue 27; docs/minutes.md#the-pdf), read back from the PDF with poppler's
 * pdftotext: each decision's votes by name (an open ballot) or its counts only (a secret ballot), the action register
 * (who is responsible, when due, the state), each agenda item's planned start and presenters, and every date in the
 * minutes' language. An Arabic PDF holds the Arabic vote names and statuses and none of the English values.
 */
import { pdfText, waitFor } from '@app/testing';
import { castVote, closeRedis, expectOk, GATEWAY, scheduled, serverDate, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let m: any;

beforeAll(async () => {
  w = await world();
  // a talking point 'Budget' presented by the owner (Chair Person), 30 minutes
  m = await scheduled(w, { title: 'Record board' });
  await setStatus(w, m.id, 3);
  expectOk(await w.chair.c.post(`/meetings/${m.id}/mom`, { mom_settings: 1 }));
  const open = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Open budget vote', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId] }));
  expectOk(await castVote(w.m1, open, { vote: 'Approved' }));
  expectOk(await castVote(w.m2, open, { vote: 'Denied', reason: 'Too high' }));
  const secret = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Secret treasurer vote', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId], ballot: 'secret' }));
  expectOk(await castVote(w.m1, secret, { vote: 'Approved' }));
  expectOk(await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Send the audited accounts', participants: [w.m1.userId, w.m2.userId], open_till: serverDate(20, 17, 0), priority: 'High' }));
});
afterAll(() => closeRedis());

const minutes = (p: Person) => p.c.get(`/meetings/${m.id}/minutes`);
async function doneIn(lang: string): Promise<string> {
  const before = expectOk(await minutes(w.chair)).mom_versions.length;
  expectOk(await w.chair.c.upload(`/meetings/${m.id}/mom_conclusion`, { id: String(m.id), isConclusion: 'true', done: '1', mom_lang: lang }, {}));
  await waitFor(
    'minutes version',
    async () => {
      const s = expectOk(await minutes(w.chair));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
    },
    150_000,
    500,
  );
  const res = await fetch(`${GATEWAY}/api/meetings/${m.id}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
  expect(res.status).toBe(200);
  return (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
}
const has = (text: string, parts: string[]) => parts.filter((p) => !text.includes(p));

describe('the record in the minutes PDF', () => {
  it('English: votes by name with the reason, the secret ballot as counts, the action register, the plan of the agenda, dates with AM/PM', async () => {
    const text = await doneIn('en');
    expect(has(text, ['Votes by name', 'Mona Member', 'Mark Member', 'Eddie Editor', 'Approved', 'Denied', 'Too high', 'Pending'])).toEqual([]);
    expect(has(text, ['Secret ballot: the minutes record the counts only, never who voted what. 1 of 2 voters have voted.'])).toEqual([]);
    expect(has(text, ['Actions, who is responsible and when they are due', 'Send the audited accounts', 'Responsible', 'Due'])).toEqual([]);
    // both people responsible, named in the register (pdftotext may wrap the cell between other columns)
    const register = text.slice(text.indexOf('Actions, who is responsible'));
    expect(has(register, ['Mona Member', 'Mark'])).toEqual([]);
    expect(has(text, ['Planned start:', 'Presenters: Chair Person', '30 min'])).toEqual([]);
    expect(text).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    // no date left in the server's format
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // the secret ballot names nobody beside its count: between its title and the actions nobody's name
    const secret = text.slice(text.indexOf('Secret treasurer vote'), text.indexOf('Actions, who is responsible'));
    expect(secret).toContain('1 of 2 voters have voted.');
    expect(secret).not.toMatch(/Mona Member|Mark Member/);
  });

  it('Arabic: the vote names and statuses in Arabic, the names of the voters and owners, and no English value', async () => {
    const text = await doneIn('ar');
    // the labels and the values (votes, the action's state, the day period), as single words: pdftotext swaps the two
    // letters of a lam-alef ligature (docs/minutes.md#the-pdf), so words holding one are matched by their other part
    // (الأصوات: صوات; الانتظار: نتظار)
    expect(has(text, ['صوات', 'موافق', 'مرفوض', 'نتظار', 'Too high', 'اقتراع', 'المسؤول', 'التنفيذ', 'المخطط'])).toEqual([]);
    expect(has(text, ['Mona Member', 'Mark Member', 'Eddie Editor', 'Chair Person', 'Send the audited accounts'])).toEqual([]);
    // a time with its Arabic day period (ص / م): pdftotext puts the period after the year or after a colon
    // ('10:00 ،2026ص', '10:00 :ص'), the right-to-left line read in its own order
    expect(text).toMatch(/\d{1,2}:\d{2}\s*[،:]?\s*(\d{4})?[صم](\s|$)/);
    // none of the English words of the same values (the names of people and items are not values)
    const values = text.replace(/Chair Person|Eddie Editor|Mona Member|Mark Member|Send the audited accounts|Open budget vote|Secret treasurer vote|Record board|Budget|Too high/g, '');
    for (const english of ['Approved', 'Denied', 'Pending', 'In Progress', 'High', 'Votes by name', 'Responsible', 'Planned start', 'Presenters', 'Secret ballot', ' AM', ' PM', 'Minutes of the meeting', 'Live']) {
      expect({ english, found: values.includes(english) }).toEqual({ english, found: false });
    }
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });

  it('Russian: 24-hour times, the vote names in Russian', async () => {
    const text = await doneIn('ru');
    expect(has(text, ['Поимённое голосование', 'За', 'Против', 'Ожидает', 'Поручения, ответственные и сроки', 'Начало по плану', 'Докладчики: Chair Person'])).toEqual([]);
    expect(text).not.toMatch(/\b(AM|PM)\b/);
    expect(text).toMatch(/\d{2}:\d{2}/);
  });
});

import type { MeetingDetails } from '@app/contracts';
import { footerHtml, minutesHtml } from './minutes-html';

const meeting = {
  id: 9, title: 'اجتماع مجلس الإدارة <b>', description: null, committee: { id: 1, name: 'Board', status: 'Active' }, start_date: '2026-11-24 10:00:00', duration: 60,
  location: 'HQ', status: { id: 3, name: 'Live', color: '', bgcolor: '' }, owner: { id: 1, name: 'Chair', image: null }, members: [], guest_member: [], agendas: [], summary: 'A <script>x</script> summary',
  proxies: { items: [], open: false, can_give: false, can_record: false, per_holder: 1 },
  roll_call: { taken: false, counts: { present: 0, remote: 0, absent: 0, excused: 0, unmarked: 0 }, quorum: { percent: 50, present: 0, total: 0, needed: 0, met: false }, reached_at: null },
} as unknown as MeetingDetails;

describe('minutesHtml', () => {
  it('lays Arabic out right-to-left, English left-to-right', () => {
    expect(minutesHtml({ meeting, items: [], lang: 'ar', version: 1, generatedAt: '2026-11-24 10:00:00' })).toContain('<html lang="ar" dir="rtl">');
    expect(minutesHtml({ meeting, items: [], lang: 'en', version: 1, generatedAt: '2026-11-24 10:00:00' })).toContain('<html lang="en" dir="ltr">');
    expect(footerHtml('ar')).toContain('dir="rtl"');
  });

  it('says the time zone beside the meeting date and the time it was made (the organization\'s local time); none known, the dates alone', () => {
    const zoned = minutesHtml({ meeting: { ...meeting, time_zone: 'Asia/Muscat' } as MeetingDetails, items: [], lang: 'ar', version: 1, generatedAt: '2026-11-24 12:30:00' });
    expect(zoned).toContain('2026-11-24 10:00:00 (Asia/Muscat)');
    expect(zoned).toContain('2026-11-24 12:30:00 (Asia/Muscat)');
    const bare = minutesHtml({ meeting, items: [], lang: 'en', version: 1, generatedAt: '2026-11-24 12:30:00' });
    expect(bare).toContain('2026-11-24 10:00:00');
    expect(bare).not.toContain('(undefined)');
  });

  it('escapes what people wrote and shows the conclusion and its comments', () => {
    const html = minutesHtml({
      meeting, lang: 'en', version: 2, generatedAt: '2026-11-24 10:00:00',
      items: [{ type: 'meeting', id: 9, title: 'x', parent: null, conclusion: 'We <agreed>', active: true, comments: [{ id: 1, comment: 'Fine & good', user_id: 2, user_name: 'Mona', created_at: '2026-11-24 10:00:00' }] }],
    });
    expect(html).toContain('اجتماع مجلس الإدارة &lt;b&gt;');
    expect(html).toContain('We &lt;agreed&gt;');
    expect(html).toContain('Fine &amp; good');
    expect(html).not.toContain('<script>');
  });

  it('a decision counted by weight prints both counts and its rule (docs/ballots.md#weights-and-outcome-rules)', () => {
    const decision = {
      agenda_type: 'decision', id: 4, title: 'Elect the chair', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed',
      outcome_rule: 'majority_of_members', count_by: 'weight', total_voters: 3, total_weight: 8,
      tallies: [{ vote: 'Approved', label: 'Approved', count: 1, percentage: 33.4 }, { vote: 'Denied', label: 'Denied', count: 2, percentage: 66.7 }],
      weight_tallies: [{ vote: 'Approved', label: 'Approved', count: 6, percentage: 75 }, { vote: 'Denied', label: 'Denied', count: 2, percentage: 25 }],
    };
    const html = minutesHtml({
      meeting: { ...meeting, members: [], guest_member: [], agendas: [{ agenda_type: 'decision', agenda_type_id: 2, row_num: 1, data: [decision] }] } as unknown as MeetingDetails,
      items: [], lang: 'ru', version: 1, generatedAt: '2026-11-24 11:00:00',
    });
    expect(html).toContain('Правило: Большинство всех голосующих · по весу');
    // the vote is named in the document's language too (issue 25)
    expect(html).toContain('<th>Вес</th><th>%</th></tr></thead><tbody><tr><td>За</td><td class="num">1</td><td class="num">33.4%</td><td class="num">6</td><td class="num">75%</td></tr>');
  });

  it('an election prints its results per candidate, a tie at the last seat as a tie, in Arabic too (docs/ballots.md#elections)', () => {
    const decision = {
      agenda_type: 'decision', id: 5, title: 'Board seats', description: null, deadline: '2026-11-30 10:00:00', outcome: null, voting_open: false, count_by: 'head',
      tallies: [{ vote: 'Approved', label: 'Approved', count: 3, percentage: 100 }],
      election: {
        seats: 2, results_shown: true, tied_seats: 1, my_choices: null,
        candidates: [
          { id: 1, user_id: 7, name: 'Mona <M>', votes: 3, weight: 3, elected: true, tied: false },
          { id: 2, user_id: null, name: 'Sara', votes: 1, weight: 1, elected: false, tied: true },
          { id: 3, user_id: null, name: 'Yusuf', votes: 1, weight: 1, elected: false, tied: true },
          { id: 4, user_id: null, name: 'Zed', votes: 0, weight: 0, elected: false, tied: false },
        ],
      },
    };
    const doc = (lang: 'en' | 'ar') => minutesHtml({
      meeting: { ...meeting, agendas: [{ agenda_type: 'decision', agenda_type_id: 5, row_num: 1, data: [decision] }] } as unknown as MeetingDetails,
      items: [], lang, version: 1, generatedAt: '2026-11-24 11:00:00',
    });
    const en = doc('en');
    expect(en).toContain('<p class="meta">Deadline: 2026-11-30 10:00:00</p>\n<p class="meta">Election: 2 seat(s)</p>\n');
    expect(en).toContain('<p><b>Tie for the last 1 seat(s): the candidates marked Tied are level.</b></p>');
    expect(en).toContain(
      '<table><thead><tr><th>Candidate</th><th>Votes</th><th>Result</th></tr></thead><tbody>' +
        '<tr><td>Mona &lt;M&gt;</td><td class="num">3</td><td><b>Elected</b></td></tr>' +
        '<tr><td>Sara</td><td class="num">1</td><td>Tied</td></tr>' +
        '<tr><td>Yusuf</td><td class="num">1</td><td>Tied</td></tr>' +
        '<tr><td>Zed</td><td class="num">0</td><td>—</td></tr></tbody></table>',
    );
    // no Approved/Denied table for an election
    expect(en).not.toContain('<th>Vote</th>');
    const ar = doc('ar');
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('<th>المرشح</th><th>الأصوات</th><th>النتيجة</th>');
    expect(ar).toContain('<td><b>فائز</b></td>');
    expect(ar).toContain('<td>متعادل</td>');
  });

  it('the facts, the attendance and a resolution with its tallies', () => {
    const decision = {
      agenda_type: 'decision', id: 4, title: 'Approve the budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed',
      tallies: [{ vote: 'Approved', label: 'Approved', count: 3, percentage: 100 }, { vote: 'Rejected', label: 'Rejected', count: 0, percentage: 0 }],
    };
    const html = minutesHtml({
      meeting: {
        ...meeting,
        members: [{ user_id: 2, user: { id: 2, name: 'Mona' }, user_email: 'm@x', guest_name: null, type: 'Editor', attendance_status: 'Attending' }],
        guest_member: [{ user_id: null, user: null, user_email: 'g@x', guest_name: 'Gus <guest>', type: 'Viewer', attendance_status: 'Pending' }],
        agendas: [{ agenda_type: 'decision', agenda_type_id: 2, row_num: 1, data: [decision] }],
      } as unknown as MeetingDetails,
      items: [], lang: 'en', version: 3, generatedAt: '2026-11-24 11:00:00',
    });
    expect(html).toContain(`<p class="subtitle">Minutes of the meeting · Version 3</p>
<dl class="facts">
  <dt>Committee</dt><dd>Board</dd>
  <dt>Date</dt><dd>2026-11-24 10:00:00</dd>
  <dt>Duration (minutes)</dt><dd>60</dd>
  <dt>Location</dt><dd>HQ</dd>
  <dt>Status</dt><dd>Live</dd>
  <dt>Owner</dt><dd>Chair</dd>
  <dt>Generated</dt><dd>2026-11-24 11:00:00</dd>
</dl>`);
    expect(html).toContain(
      '<h2>Attendance</h2>\n<table><thead><tr><th>Name</th><th>Role</th><th>Response</th></tr></thead><tbody>' +
        '<tr><td>Mona</td><td>Editor</td><td>Attending</td></tr>' +
        '<tr><td>Gus &lt;guest&gt; <span class="muted">(Guest)</span></td><td>Viewer</td><td>Pending</td></tr></tbody></table>',
    );
    expect(html).toContain(
      '<p class="meta">Deadline: 2026-11-30 10:00:00 · Outcome: <b>Passed</b> · Rule: Simple majority of votes cast · one vote per voter</p>\n' +
        '<table><thead><tr><th>Vote</th><th>Votes</th><th>%</th></tr></thead><tbody>' +
        '<tr><td>Approved</td><td class="num">3</td><td class="num">100%</td></tr>' +
        '<tr><td>Rejected</td><td class="num">0</td><td class="num">0%</td></tr></tbody></table>',
    );
  });

  it('prints the values in the document\'s language: votes, attendance, roles, statuses, outcome, action state and priority (issue 25)', () => {
    const decision = {
      agenda_type: 'decision', id: 4, title: 'Approve the budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed',
      tallies: [{ vote: 'Approved', label: 'Approved', count: 2, percentage: 100 }, { vote: 'Abstained', label: 'Postponed to next meeting', count: 0, percentage: 0 }],
    };
    const action = { agenda_type: 'action', id: 6, title: 'Check the bids', description: null, status: 'In Progress', priority: 'High', open_till: '2026-12-01 10:00:00', participants: [{ user: { name: 'Mona' }, user_email: null, status: 'Complete' }] };
    const of = (lang: 'en' | 'ar' | 'ru') =>
      minutesHtml({
        meeting: {
          ...meeting,
          members: [{ user_id: 2, user: { id: 2, name: 'Mona' }, user_email: 'm@x', guest_name: null, type: 'Editor', attendance_status: 'Not going' }],
          agendas: [{ agenda_type: 'decision', agenda_type_id: 2, row_num: 1, data: [decision] }, { agenda_type: 'action', agenda_type_id: 3, row_num: 2, data: [action] }],
        } as unknown as MeetingDetails,
        items: [], lang, version: 1, generatedAt: '2026-11-24 11:00:00',
      });
    const ar = of('ar');
    expect(ar).toContain('<dt>الحالة</dt><dd>مباشر</dd>');
    expect(ar).toContain('<tr><td>Mona</td><td>محرر</td><td>لن أحضر</td></tr>');
    expect(ar).toContain('<b>أُقرّ</b>');
    expect(ar).toContain('<tr><td>موافق</td><td class="num">2</td>');
    expect(ar).toContain('<tr><td>مؤجل إلى الاجتماع القادم</td>');
    expect(ar).toContain('<b>قيد التنفيذ</b>');
    expect(ar).toContain('عالية');
    expect(ar).toContain('<tr><td>Mona</td><td>مكتمل</td></tr>');
    // nothing of these values is left in English
    for (const english of ['>Live<', '>Editor<', '>Not going<', '>Passed<', '>Approved<', '>In Progress<', '>Complete<', ': High']) expect({ english, found: ar.includes(english) }).toEqual({ english, found: false });
    const ru = of('ru');
    expect(ru).toContain('<tr><td>Mona</td><td>Редактор</td><td>Не приду</td></tr>');
    expect(ru).toContain('<b>Принято</b>');
    // English stays English
    expect(of('en')).toContain('<tr><td>Mona</td><td>Editor</td><td>Not going</td></tr>');
  });

  it('names who represents whom in the attendance', () => {
    const person = (id: number, name: string) => ({ id, name, image: null });
    const proxies = { items: [{ id: 1, meeting_id: 9, from_user_id: 2, to_user_id: 3, from: person(2, 'Mona'), to: person(3, 'Sami <b>'), created_at: '2026-11-24 09:00:00', can_revoke: false }], open: false, can_give: false, can_record: false, per_holder: 1 };
    const members = [
      { user_id: 2, user: { id: 2, name: 'Mona' }, user_email: 'm@x', guest_name: null, type: 'Viewer', attendance_status: 'Not going' },
      { user_id: 3, user: { id: 3, name: 'Sami <b>' }, user_email: 's@x', guest_name: null, type: 'Viewer', attendance_status: 'Going' },
    ];
    const of = (lang: 'en' | 'ar' | 'ru') => minutesHtml({ meeting: { ...meeting, members, proxies } as unknown as MeetingDetails, items: [], lang, version: 1, generatedAt: '2026-11-24 11:00:00' });
    expect(of('en')).toContain('<tr><td>Mona <span class="muted">(represented by Sami &lt;b&gt;)</span></td><td>Viewer</td><td>Not going</td></tr>');
    expect(of('en')).toContain('<tr><td>Sami &lt;b&gt;</td><td>Viewer</td><td>Going</td></tr>');
    expect(of('ar')).toContain('Mona <span class="muted">(بالوكالة: Sami &lt;b&gt;)</span>');
    expect(of('ru')).toContain('Mona <span class="muted">(по доверенности: Sami &lt;b&gt;)</span>');
  });

  it('once the roll call is taken: each mark, present / remote / absent / apologies, and the quorum reached or not with when', () => {
    const member = (id: number, name: string, roll_call: string | null) => ({ user_id: id, user: { id, name }, user_email: `${id}@x`, guest_name: null, type: 'Viewer', attendance_status: 'Going', roll_call });
    const members = [member(1, 'Ada', 'present'), member(2, 'Mona', 'remote'), member(3, 'Sami', 'absent'), member(4, 'Lena', 'excused'), member(5, 'Omar', null)];
    const reached: MeetingDetails['roll_call'] = { taken: true, counts: { present: 1, remote: 1, absent: 1, excused: 1, unmarked: 1 }, quorum: { percent: 40, present: 2, total: 5, needed: 2, met: true }, reached_at: '2026-11-24 10:05:00' };
    const of = (lang: 'en' | 'ar' | 'ru', roll_call = reached) => minutesHtml({ meeting: { ...meeting, members, roll_call } as unknown as MeetingDetails, items: [], lang, version: 1, generatedAt: '2026-11-24 11:00:00' });
    const en = of('en');
    expect(en).toContain('<th>Roll call</th>');
    expect(en).toContain('<tr><td>Mona</td><td>Viewer</td><td>Remote</td></tr>');
    expect(en).toContain('<tr><td>Omar</td><td>Viewer</td><td>Not marked</td></tr>');
    expect(en).toContain('<dt>Present</dt><dd>Ada</dd>');
    expect(en).toContain('<dt>Absent</dt><dd>Sami</dd>');
    expect(en).toContain('<dt>Apologies</dt><dd>Lena</dd>');
    expect(en).toContain('<b>Quorum reached at 2026-11-24 10:05:00</b> · 2 of 5 members present or represented, 2 needed (40 %)');
    const ar = of('ar');
    expect(ar).toContain('<tr><td>Mona</td><td>مشاهد</td><td>عن بُعد</td></tr>');
    expect(ar).toContain('<dt>المعتذرون</dt><dd>Lena</dd>');
    expect(ar).toContain('اكتمل النصاب في 2026-11-24 10:05:00');
    expect(of('ru')).toContain('Кворум достигнут в 2026-11-24 10:05:00');
    const lost = of('en', { ...reached, quorum: { percent: 60, present: 2, total: 5, needed: 3, met: false }, reached_at: null });
    expect(lost).toContain('<b>Quorum not reached</b> · 2 of 5 members present or represented, 3 needed (60 %)');
    // before the roll call: the replies, and no quorum section
    const before = minutesHtml({ meeting: { ...meeting, members } as unknown as MeetingDetails, items: [], lang: 'en', version: 1, generatedAt: '2026-11-24 11:00:00' });
    expect(before).toContain('<th>Response</th>');
    expect(before).not.toContain('Quorum');
  });

  it('closes with the signature block: the chair and the secretary by name, a line to sign and a line for the date, in the minutes language', () => {
    const member = (id: number, name: string, meeting_role: string | null) => ({ user_id: id, user: { id, name }, user_email: `${id}@x`, guest_name: null, type: 'Viewer', attendance_status: 'Going', roll_call: null, meeting_role });
    const of = (lang: 'en' | 'fr' | 'ar', members: unknown[]) => minutesHtml({ meeting: { ...meeting, members } as unknown as MeetingDetails, items: [], lang, version: 1, generatedAt: '2026-11-24 11:00:00' });
    const named = [member(1, 'Ada <A>', 'chair'), member(2, 'Mona', 'secretary'), member(3, 'Sami', null)];
    const en = of('en', named);
    expect(en).toContain('<h2>Signatures</h2>');
    expect(en).toContain('<div class="signatory" data-role="chair"><h3>Chair</h3><p>Ada &lt;A&gt;</p>');
    expect(en).toContain('<div class="signatory" data-role="secretary"><h3>Secretary</h3><p>Mona</p>');
    expect(en.match(/<div class="line"><\/div>/g)).toHaveLength(4);
    expect(en.match(/<p class="caption">Date<\/p>/g)).toHaveLength(2);
    // it is the last thing in the document
    expect(en.indexOf('<h2>Signatures</h2>')).toBeGreaterThan(en.indexOf('<h2>Attendance</h2>'));
    expect(en.slice(en.indexOf('<h2>Signatures</h2>') + 1)).not.toContain('<h2>');
    const fr = of('fr', named);
    expect(fr).toContain('<h3>Président de séance</h3><p>Ada &lt;A&gt;</p>');
    expect(fr).toContain('<h3>Secrétaire</h3><p>Mona</p>');
    expect(of('ar', named)).toContain('<h3>أمين السر</h3><p>Mona</p>');
    // nobody named: the role, 'Not named', and the lines still to sign
    const nobody = of('fr', [member(3, 'Sami', null)]);
    expect(nobody).toContain('<h3>Président de séance</h3><p><span class="muted">Non désigné</span></p>');
    expect(nobody.match(/<div class="line"><\/div>/g)).toHaveLength(4);
  });

  it('French minutes print every value in French: votes, statuses, roles, attendance, outcome', () => {
    const decision = {
      agenda_type: 'decision', id: 4, title: 'Budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed', outcome_rule: 'simple_majority', count_by: 'head',
      tallies: [{ vote: 'Approved', label: 'Approved', count: 2, percentage: 66.7 }, { vote: 'Denied', label: 'Denied', count: 1, percentage: 33.3 }, { vote: 'Abstained', label: 'Abstained', count: 0, percentage: 0 }],
    };
    const members = [{ user_id: 1, user: { id: 1, name: 'Ada' }, user_email: 'a@x', guest_name: null, type: 'Editor', attendance_status: 'Not going', roll_call: null, meeting_role: null }];
    const fr = minutesHtml({
      meeting: { ...meeting, members, agendas: [{ agenda_type: 'decision', agenda_type_id: 2, row_num: 1, data: [decision] }] } as unknown as MeetingDetails,
      items: [], lang: 'fr', version: 1, generatedAt: '2026-11-24 11:00:00',
    });
    expect(fr).toContain('<tr><td>Ada</td><td>Éditeur</td><td>Absent</td></tr>');
    expect(fr).toContain('<dt>Statut</dt><dd>En cours de séance</dd>');
    expect(fr).toContain('Résultat : <b>Adoptée</b>'.replace(' :', ':'));
    expect(fr).toContain('Règle: Majorité simple des voix exprimées · une voix par votant');
    expect(fr).toContain('<td>Pour</td>');
    expect(fr).toContain('<td>Contre</td>');
    expect(fr).toContain('<td>Abstention</td>');
    for (const english of ['>Approved<', '>Denied<', '>Abstained<', '>Passed<', '>Editor<', '>Live<', 'Not going', 'Resolutions', 'Attendance']) expect({ english, found: fr.includes(english) }).toEqual({ english, found: false });
  });
});

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
    expect(zoned).toContain('24 نوفمبر 2026، 10:00 ص (Asia/Muscat، غرينتش+4)');
    expect(zoned).toContain('24 نوفمبر 2026، 12:30 م (Asia/Muscat، غرينتش+4)');
    const bare = minutesHtml({ meeting, items: [], lang: 'en', version: 1, generatedAt: '2026-11-24 12:30:00' });
    expect(bare).toContain('<dd>24 November 2026, 10:00 AM</dd>');
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
      agenda_type: 'decision', voters: [], id: 4, title: 'Elect the chair', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed',
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
      agenda_type: 'decision', voters: [], id: 5, title: 'Board seats', description: null, deadline: '2026-11-30 10:00:00', outcome: null, voting_open: false, count_by: 'head',
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
    expect(en).toContain('<p class="meta">Deadline: 30 November 2026, 10:00 AM</p>\n<p class="meta">Election: 2 seat(s)</p>\n');
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
      agenda_type: 'decision', voters: [], id: 4, title: 'Approve the budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed',
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
  <dt>Date</dt><dd>24 November 2026, 10:00 AM</dd>
  <dt>Duration (minutes)</dt><dd>60</dd>
  <dt>Location</dt><dd>HQ</dd>
  <dt>Status</dt><dd>Live</dd>
  <dt>Owner</dt><dd>Chair</dd>
  <dt>Generated</dt><dd>24 November 2026, 11:00 AM</dd>
</dl>`);
    expect(html).toContain(
      '<h2>Attendance</h2>\n<table><thead><tr><th>Name</th><th>Role</th><th>Response</th></tr></thead><tbody>' +
        '<tr><td>Mona</td><td>Editor</td><td>Attending</td></tr>' +
        '<tr><td>Gus &lt;guest&gt; <span class="muted">(Guest)</span></td><td>Viewer</td><td>Pending</td></tr></tbody></table>',
    );
    expect(html).toContain(
      '<p class="meta">Deadline: 30 November 2026, 10:00 AM · Outcome: <b>Passed</b> · Rule: Simple majority of votes cast · one vote per voter</p>\n' +
        '<table><thead><tr><th>Vote</th><th>Votes</th><th>%</th></tr></thead><tbody>' +
        '<tr><td>Approved</td><td class="num">3</td><td class="num">100%</td></tr>' +
        '<tr><td>Rejected</td><td class="num">0</td><td class="num">0%</td></tr></tbody></table>',
    );
  });

  it('prints the values in the document\'s language: votes, attendance, roles, statuses, outcome, action state and priority (issue 25)', () => {
    const decision = {
      agenda_type: 'decision', voters: [], id: 4, title: 'Approve the budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed',
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
    expect(en).toContain('<b>Quorum reached at 24 November 2026, 10:05 AM</b> · 2 of 5 members present or represented, 2 needed (40 %)');
    const ar = of('ar');
    expect(ar).toContain('<tr><td>Mona</td><td>مشاهد</td><td>عن بُعد</td></tr>');
    expect(ar).toContain('<dt>المعتذرون</dt><dd>Lena</dd>');
    expect(ar).toContain('اكتمل النصاب في 24 نوفمبر 2026، 10:05 ص');
    expect(of('ru')).toContain('Кворум достигнут в 24 ноября 2026 г., 10:05');
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
    // an Archived meeting without a chair: the chair the owner named in the approval request is printed (issue 27)
    const signed = (lang: 'en' | 'ar', members: unknown[]) => minutesHtml({ meeting: { ...meeting, members } as unknown as MeetingDetails, items: [], lang, version: 2, generatedAt: '2026-11-24 11:00:00', signers: { chair: 'Sami <S>' } });
    const chosen = signed('en', [member(3, 'Sami <S>', null), member(2, 'Mona', 'secretary')]);
    expect(chosen).toContain('<div class="signatory" data-role="chair"><h3>Chair</h3><p>Sami &lt;S&gt;</p>');
    expect(chosen).toContain('<h3>Secretary</h3><p>Mona</p>');
    expect(chosen).not.toContain('Not named');
    // a role nobody holds does not sign: left out of the PDF sent for approval, so nothing reads 'Not named'
    const arabic = signed('ar', [member(3, 'Sami <S>', null)]);
    expect(arabic).toContain('<h3>الرئيس</h3><p>Sami &lt;S&gt;</p>');
    expect(arabic).not.toContain('لم يُسمَّ');
    expect(arabic).not.toContain('data-role="secretary"');
    expect(arabic.match(/<div class="line"><\/div>/g)).toHaveLength(2);
  });

  it('French minutes print every value in French: votes, statuses, roles, attendance, outcome', () => {
    const decision = {
      agenda_type: 'decision', voters: [], id: 4, title: 'Budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed', outcome_rule: 'simple_majority', count_by: 'head',
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

  describe('the record of each vote and each action (issue 27)', () => {
    const voter = (name: string, vote: string, reason: string | null = null, vote_label = vote) => ({ user: { name }, user_email: null, vote, vote_label, reason, has_voted: vote !== 'Pending', choices: null });
    const open = {
      agenda_type: 'decision', id: 4, title: 'Approve the budget', description: null, deadline: '2026-11-30 10:00:00', outcome: 'Passed', ballot: 'open', votes_cast: 3,
      tallies: [{ vote: 'Approved', label: 'Approved', count: 1, percentage: 33.3 }],
      voters: [voter('Ada', 'Approved'), voter('Mona <M>', 'Denied', 'Too high'), voter('Sami', 'Abstained', null, 'Postponed to next meeting'), voter('Lena', 'Pending')],
    };
    const secret = { ...open, id: 5, title: 'Elect the treasurer', ballot: 'secret', votes_cast: 2, voters: [voter('Ada', 'Pending'), voter('Mona', 'Pending'), voter('Sami', 'Pending')] };
    const action = (id: number, title: string, people: Array<[string, string]>, status: string, open_till: string) => ({
      agenda_type: 'action', id, title, description: null, status, priority: 'High', open_till, participants: people.map(([name, st]) => ({ user: { name }, user_email: null, status: st })),
    });
    const tp = {
      agenda_type: 'talking_point', id: 7, title: 'Budget', description: null, duration: 30, planned_start: '2026-11-24 10:30:00', conflicts: [],
      presenters: [{ user: { name: 'Ada' }, user_email: null }, { user: null, user_email: 'cfo@x.co' }],
      subpoints: [{ subpoint_id: 8, title: 'Capex', description: null, duration: 10, presenter: { user: { name: 'Mona' }, user_email: null }, decision: [] }],
      decisions: [open], actions: [action(11, 'Send the budget', [['Ada', 'Complete'], ['Mona', 'In Progress']], 'In Progress', '2026-12-01 17:00:00')],
    };
    const late = { ...tp, id: 9, title: 'Any other business', planned_start: '2026-11-25 00:15:00', presenters: [], duration: 0, subpoints: [], decisions: [], actions: [] };
    const of = (lang: 'en' | 'ar' | 'ru' | 'fr') =>
      minutesHtml({
        meeting: {
          ...meeting, time_zone: 'Asia/Muscat',
          agendas: [
            { agenda_type: 'talking_point', agenda_type_id: 1, row_num: 1, data: [tp, late] },
            { agenda_type: 'decision', agenda_type_id: 2, row_num: 2, data: [secret] },
            { agenda_type: 'action', agenda_type_id: 3, row_num: 3, data: [action(12, 'Book the auditor', [], 'Not Complete', '2026-11-20 09:00:00')] },
          ],
        } as unknown as MeetingDetails,
        items: [], lang, version: 1, generatedAt: '2026-11-24 11:00:00',
      });

    it.each([
      ['en', '<div class="label">Votes by name</div><table class="named-votes"><thead><tr><th>Name</th><th>Vote</th><th>Reason</th></tr></thead><tbody><tr><td>Ada</td><td>Approved</td><td></td></tr><tr><td>Mona &lt;M&gt;</td><td>Denied</td><td>Too high</td></tr><tr><td>Sami</td><td>Postponed to next meeting</td><td></td></tr><tr><td>Lena</td><td>Pending</td><td></td></tr></tbody></table>'],
      ['ar', '<div class="label">الأصوات بالأسماء</div><table class="named-votes"><thead><tr><th>الاسم</th><th>التصويت</th><th>السبب</th></tr></thead><tbody><tr><td>Ada</td><td>موافق</td><td></td></tr><tr><td>Mona &lt;M&gt;</td><td>مرفوض</td><td>Too high</td></tr><tr><td>Sami</td><td>مؤجل إلى الاجتماع القادم</td><td></td></tr><tr><td>Lena</td><td>قيد الانتظار</td><td></td></tr></tbody></table>'],
      ['ru', '<tr><td>Ada</td><td>За</td><td></td></tr><tr><td>Mona &lt;M&gt;</td><td>Против</td><td>Too high</td></tr>'],
      ['fr', '<div class="label">Votes nominatifs</div><table class="named-votes"><thead><tr><th>Nom</th><th>Vote</th><th>Motif</th></tr></thead><tbody><tr><td>Ada</td><td>Pour</td><td></td></tr><tr><td>Mona &lt;M&gt;</td><td>Contre</td>'],
    ] as const)('%s: an open ballot names each voter with their vote and reason', (lang, part) => expect(of(lang)).toContain(part));

    it.each([
      ['en', 'Secret ballot: the minutes record the counts only, never who voted what. 2 of 3 voters have voted.'],
      ['ar', 'اقتراع سري: يسجّل المحضر الأعداد فقط، ولا يذكر من صوّت بماذا. صوّت 2 من 3 من المصوتين.'],
      ['ru', 'Тайное голосование: в протоколе только подсчёт голосов, без указания, кто как голосовал. Проголосовали 2 из 3.'],
      ['fr', 'Scrutin secret : le procès-verbal ne consigne que les décomptes, jamais qui a voté quoi. 2 votants sur 3 ont voté.'],
    ] as const)('%s: a secret ballot prints the counts only, no name beside a vote', (lang, line) => {
      const html = of(lang);
      expect(html).toContain(line);
      const block = html.slice(html.indexOf('Elect the treasurer'));
      expect(block.slice(0, block.indexOf('</section>'))).not.toContain('named-votes');
    });

    it.each([
      ['en', '<table class="action-register"><thead><tr><th>Action</th><th>Responsible</th><th>Due</th><th>Status</th></tr></thead><tbody><tr><td>Send the budget</td><td>Ada, Mona</td><td class="nowrap">1 December 2026, 5:00 PM</td><td>In Progress</td></tr><tr><td>Book the auditor</td><td>None</td><td class="nowrap">20 November 2026, 9:00 AM</td><td>Not Complete</td></tr></tbody></table>'],
      ['ar', '<tr><td>Send the budget</td><td>Ada، Mona</td><td class="nowrap">1 ديسمبر 2026، 5:00 م</td><td>قيد التنفيذ</td></tr><tr><td>Book the auditor</td><td>لا أحد</td><td class="nowrap">20 نوفمبر 2026، 9:00 ص</td><td>غير مكتمل</td></tr>'],
      ['ru', '<th>Поручение</th><th>Ответственные</th><th>Срок</th><th>Статус</th></tr></thead><tbody><tr><td>Send the budget</td><td>Ada, Mona</td><td class="nowrap">1 декабря 2026 г., 17:00</td><td>В работе</td></tr>'],
      ['fr', '<tr><td>Send the budget</td><td>Ada, Mona</td><td class="nowrap">1 décembre 2026 à 17:00</td><td>En cours</td></tr>'],
    ] as const)('%s: the action register: who is responsible, when due (local time), the state', (lang, part) => expect(of(lang)).toContain(part));

    it.each([
      ['en', '<h3>1. Budget</h3><p class="meta plan">Planned start: 10:30 AM · 30 min · Presenters: Ada, cfo@x.co</p>', '<h4>1.1 Capex</h4><p class="meta plan">10 min · Presenter: Mona</p>', '<h3>2. Any other business</h3><p class="meta plan">Planned start: 25 November 2026, 12:15 AM</p>'],
      ['ar', '<p class="meta plan">موعد البدء المخطط: 10:30 ص · 30 دقيقة · المقدّمون: Ada، cfo@x.co</p>', '<p class="meta plan">10 دقيقة · المقدّم: Mona</p>', 'موعد البدء المخطط: 25 نوفمبر 2026، 12:15 ص'],
      ['ru', '<p class="meta plan">Начало по плану: 10:30 · 30 мин · Докладчики: Ada, cfo@x.co</p>', 'Докладчик: Mona', 'Начало по плану: 25 ноября 2026 г., 00:15'],
      ['fr', '<p class="meta plan">Début prévu: 10:30 · 30 min · Présentateurs: Ada, cfo@x.co</p>', 'Présentateur: Mona', 'Début prévu: 25 novembre 2026 à 00:15'],
    ] as const)('%s: each agenda item with its planned start, duration and presenters', (lang, item, sub, nextDay) => {
      const html = of(lang);
      expect(html).toContain(item);
      expect(html).toContain(sub);
      expect(html).toContain(nextDay);
    });

    it('no date of the document is left in the server format', () => {
      for (const lang of ['en', 'ar', 'ru', 'fr'] as const) expect({ lang, raw: of(lang).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g) }).toEqual({ lang, raw: null });
    });
  });
});

import { reportHtml, type ReportDocument } from './report-html';

const decision = {
  id: 7, title: 'Hire an <auditor>', description: 'Line one\nLine two', committee: { id: 1, name: 'Board' }, meeting_id: null, deadline: '2026-11-30 10:00:00',
  state: 'DUE', outcome: 'Passed', tender_number: null, created_at: '2026-11-20 09:00:00',
  tallies: [{ vote: 'Approved', label: 'Approved', count: 1, percentage: 50 }, { vote: 'Rejected', label: 'Rejected', count: 1, percentage: 50 }],
  voters: [
    { user: { id: 2, name: 'Mona' }, user_email: 'm@x', vote_label: 'Approved', reason: 'Needed\nnow', updated_at: '2026-11-21 10:00:00' },
    { user: null, user_email: 'g@x', vote_label: 'Rejected', reason: null, updated_at: '2026-11-21 11:00:00' },
  ],
  comments: [{ user_name: null, user_email: 'c@x', comment: 'A & B' }],
} as unknown as ReportDocument['decision'];
const doc = (over: Partial<ReportDocument> = {}): ReportDocument => ({
  decision, attachments: [{ name: 'annex.pdf', start: 3, pages: 2 }, { name: 'notes.docx', start: null, pages: 0 }], lang: 'en', generatedAt: '2026-11-24 10:00:00', ...over,
});

describe('reportHtml', () => {
  it('a decision counted by weight: its rule, the count by head and by weight side by side (docs/ballots.md)', () => {
    const weighted = {
      ...decision, outcome_rule: 'two_thirds', count_by: 'weight', total_voters: 2, total_weight: 7,
      weight_tallies: [{ vote: 'Approved', label: 'Approved', count: 5, percentage: 71.5 }, { vote: 'Rejected', label: 'Rejected', count: 2, percentage: 28.6 }],
    } as unknown as ReportDocument['decision'];
    const html = reportHtml(doc({ decision: weighted }));
    expect(html).toContain('<dt>Rule</dt><dd>Two thirds of votes cast · by weight</dd>');
    expect(html).toContain(
      '<table><thead><tr><th>Vote</th><th>Votes</th><th>%</th><th>Weight</th><th>%</th></tr></thead><tbody><tr><td>Approved</td><td class="num">1</td><td class="num">50%</td><td class="num">5</td><td class="num">71.5%</td></tr>',
    );
    const ar = reportHtml(doc({ decision: weighted, lang: 'ar' }));
    expect(ar).toContain('<dt>القاعدة</dt><dd>ثلثا الأصوات المدلى بها · بالوزن</dd>');
    expect(ar).toContain('<th>الوزن</th>');
  });

  it('an open election: the results per candidate and whom each voter chose (docs/ballots.md#elections)', () => {
    const election = {
      ...decision, outcome: null, count_by: 'weight',
      election: {
        seats: 1, results_shown: true, tied_seats: 0, my_choices: null,
        candidates: [{ id: 1, user_id: 2, name: 'Mona', votes: 1, weight: 5, elected: true, tied: false }, { id: 2, user_id: null, name: 'Sara <S>', votes: 0, weight: 0, elected: false, tied: false }],
      },
      voters: [
        { user: { id: 2, name: 'Mona' }, user_email: 'm@x', vote_label: 'Approved', choices: [1], reason: null, updated_at: '2026-11-21 10:00:00' },
        { user: null, user_email: 'g@x', vote_label: 'Abstained', choices: [], reason: null, updated_at: '2026-11-21 11:00:00' },
      ],
    } as unknown as ReportDocument['decision'];
    const html = reportHtml(doc({ decision: election }));
    expect(html).toContain(
      '<table><thead><tr><th>Candidate</th><th>Votes</th><th>Weight</th><th>Result</th></tr></thead><tbody>' +
        '<tr><td>Mona</td><td class="num">1</td><td class="num">5</td><td><b>Elected</b></td></tr>' +
        '<tr><td>Sara &lt;S&gt;</td><td class="num">0</td><td class="num">0</td><td>—</td></tr></tbody></table>',
    );
    expect(html).toContain('<tr><td>Mona</td><td>Mona</td>');
    expect(html).toContain('<tr><td>g@x</td><td>Blank ballot</td>');
    expect(html).not.toContain('<th>%</th>');
  });

  it('the facts, the tallies, the voters, the comments and the attachments with their pages', () => {
    const html = reportHtml(doc());
    expect(html).toContain(`<title>Hire an &lt;auditor&gt;</title>`);
    expect(html).toContain(`<h1>Hire an &lt;auditor&gt;</h1>
<p class="subtitle">Resolution report</p>
<dl class="facts">
  <dt>Committee</dt><dd>Board</dd>
  <dt>Meeting</dt><dd>Standalone resolution</dd>
  <dt>Deadline</dt><dd>30 November 2026, 10:00 AM</dd>
  <dt>State</dt><dd>DUE</dd>
  <dt>Outcome</dt><dd><b>Passed</b></dd>
  <dt>Rule</dt><dd>Simple majority of votes cast · one vote per voter</dd>
  
  <dt>Created</dt><dd>20 November 2026, 9:00 AM</dd>
  <dt>Generated</dt><dd>24 November 2026, 10:00 AM</dd>
</dl>
<h2>Description</h2><p>Line one<br>Line two</p>
<h2>Results</h2>
<table><thead><tr><th>Vote</th><th>Votes</th><th>%</th></tr></thead><tbody><tr><td>Approved</td><td class="num">1</td><td class="num">50%</td></tr><tr><td>Rejected</td><td class="num">1</td><td class="num">50%</td></tr></tbody></table>
<h2>Voters</h2>
<table><thead><tr><th>Name</th><th>Vote</th><th>Reason</th><th>Date</th></tr></thead><tbody><tr><td>Mona</td><td>Approved</td><td>Needed<br>now</td><td class="nowrap">21 November 2026, 10:00 AM</td></tr><tr><td>g@x</td><td>Rejected</td><td></td><td class="nowrap">21 November 2026, 11:00 AM</td></tr></tbody></table>
<h2>Comments</h2><ul><li><b>c@x</b>: A &amp; B</li></ul>
<h2>Attachments</h2><table><thead><tr><th>File</th><th>Page</th><th>Pages</th></tr></thead><tbody><tr><td>annex.pdf</td><td class="num">3</td><td class="num">2</td></tr><tr><td>notes.docx</td><td class="num">not included (no PDF)</td><td class="num"></td></tr></tbody></table>
</body></html>`);
  });

  it('a meeting and a tender number among the facts; no voters, comments or attachments: a line instead of the tables', () => {
    const html = reportHtml(doc({ decision: { ...decision, meeting_id: 12, tender_number: 'T-9', voters: [], comments: [] }, attachments: [] }));
    expect(html).toContain('<dt>Meeting</dt><dd>#12</dd>');
    expect(html).toContain('<dt>Tender number</dt><dd>T-9</dd>');
    expect(html).toContain('<h2>Voters</h2>\n<p class="muted">No votes yet.</p>\n\n\n</body></html>');
  });

  it('the resolution number first and the mover and seconder among the facts (issue 27); none of their lines when not recorded', () => {
    const html = reportHtml(doc({ decision: { ...decision, resolution_number: '2026/014', mover: { user_id: 2, name: 'Mona <M>' }, seconder: { user_id: 3, name: 'Sami' } } }));
    expect(html).toContain('<dl class="facts">\n  <dt>Resolution number</dt><dd>2026/014</dd>\n  <dt>Committee</dt>');
    expect(html).toContain('<dt>Moved by</dt><dd>Mona &lt;M&gt;</dd>\n  <dt>Seconded by</dt><dd>Sami</dd>');
    expect(reportHtml(doc({ decision: { ...decision, resolution_number: '2026/014' }, lang: 'ar' }))).toContain('<dt>رقم القرار</dt><dd>2026/014</dd>');
    const none = reportHtml(doc());
    expect(none).not.toContain('Resolution number');
    expect(none).not.toContain('Moved by');
  });

  it('Arabic right-to-left with its own words', () => {
    const html = reportHtml(doc({ lang: 'ar' }));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<p class="subtitle">تقرير القرار</p>');
    expect(html).toContain('<th>التصويت</th><th>الأصوات</th><th>%</th>');
  });

  it('a secret ballot: the counts, who has voted and who has not, never a choice (docs/ballots.md)', () => {
    const secret = {
      ...decision, ballot: 'secret',
      voters: [
        { user: { id: 2, name: 'Mona' }, user_email: null, vote: 'Pending', vote_label: 'Pending', reason: null, has_voted: true, updated_at: '2026-11-21 10:00:00' },
        { user: { id: 3, name: 'Mark' }, user_email: null, vote: 'Pending', vote_label: 'Pending', reason: null, has_voted: false, updated_at: '2026-11-21 09:00:00' },
      ],
    } as unknown as ReportDocument['decision'];
    const html = reportHtml(doc({ decision: secret }));
    expect(html).toContain('<td class="num">1</td><td class="num">50%</td>');
    expect(html).toContain('<p class="muted">Secret ballot: who has voted is listed, never their choice; the results are the counts above.</p>');
    expect(html).toContain('<tr><td>Mona</td><td>Voted</td>');
    expect(html).toContain('<tr><td>Mark</td><td>Not voted</td>');
    expect(reportHtml(doc({ decision: secret, lang: 'ar' }))).toContain('<tr><td>Mona</td><td>صوّت</td>');
  });

  it('French headings in French (issue 28: they printed in English), through wordsIn like the minutes', () => {
    const html = reportHtml(doc({ lang: 'fr' }));
    expect(html).toContain('<p class="subtitle">Rapport de résolution</p>');
    for (const h of ['Résultats', 'Votants', 'Commentaires', 'Pièces jointes']) expect(html).toContain(`<h2>${h}</h2>`);
    expect(html).toContain('<th>Nom</th><th>Vote</th><th>Motif</th><th>Date</th>');
    expect(html).toContain('non inclus (pas un PDF)');
    for (const en of ['Resolution report', 'Results', 'Voters', 'Attachments', 'Comments', 'Committee', 'Standalone resolution', 'not included']) expect(html).not.toContain(en);
  });

  // the minutes' one formatter (pdf/dates.ts): each language's date and clock, the zone after the deadline and the time made
  it.each([
    ['en', 'Deadline', '30 November 2026, 10:00 AM (Asia/Muscat, GMT+4)', '20 November 2026, 9:00 AM', '21 November 2026, 10:00 AM', '24 November 2026, 2:05 PM (Asia/Muscat, GMT+4)'],
    ['ar', 'الموعد النهائي', '30 نوفمبر 2026، 10:00 ص (Asia/Muscat، غرينتش+4)', '20 نوفمبر 2026، 9:00 ص', '21 نوفمبر 2026، 10:00 ص', '24 نوفمبر 2026، 2:05 م (Asia/Muscat، غرينتش+4)'],
    ['fr', 'Échéance', '30 novembre 2026 à 10:00 (Asia/Muscat, UTC+4)', '20 novembre 2026 à 09:00', '21 novembre 2026 à 10:00', '24 novembre 2026 à 14:05 (Asia/Muscat, UTC+4)'],
    ['ru', 'Срок', '30 ноября 2026 г., 10:00 (Asia/Muscat, GMT+4)', '20 ноября 2026 г., 09:00', '21 ноября 2026 г., 10:00', '24 ноября 2026 г., 14:05 (Asia/Muscat, GMT+4)'],
  ] as const)('dates in %s through the minutes\' formatter, no server date left', (lang, deadlineLabel, deadline, created, voted, generated) => {
    const html = reportHtml(doc({ lang, zone: 'Asia/Muscat', generatedAt: '2026-11-24 14:05:00' }));
    expect(html).toContain(`<dt>${deadlineLabel}</dt><dd>${deadline}</dd>`);
    expect(html).toContain(`<dd>${created}</dd>`);
    expect(html).toContain(`<td class="nowrap">${voted}</td>`);
    expect(html).toContain(`<dd>${generated}</dd>`);
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    if (lang === 'ar') expect(html).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });
});

import { AppPaths, EMAIL_TEMPLATE_NAMES, missingPluralForms, SendEmail, translate, zEmail, type Email, type EmailInput, type EmailTemplateName, type Lang } from '@app/contracts';
import { contentOf, renderEmail } from './registry';
import type { RenderContext } from './template';

const org = { name: 'Acme <Board>', slug: 'acme', timeZone: 'Asia/Dubai' };
const links = { baseDomain: 'localhost:3000', protocol: 'http' as const };
const path = AppPaths.meeting(7);
const meeting = { title: 'Q3 & budget', startsAt: '2026-03-05T10:00:00Z', location: 'HQ', virtual: false, path, by: 'Omar' };
const token = { token: 'tok_abcdefghijklmnopqrstuvwxyz', email: 'layla@example.com', expiresAt: '2026-03-06T10:00:00Z' };

/** One sample per template, typed by the contract: adding a template without a sample fails typecheck. */
const SAMPLES: { [K in EmailTemplateName]: Extract<EmailInput, { template: K }>['params'] } = {
  'user-invited': { ...token, invitedBy: 'Omar' },
  'password-reset': token,
  'email-verification': token,
  'meeting-scheduled': meeting,
  'meeting-updated': { ...meeting, changes: ['start_date', 'location'] },
  'meeting-cancelled': { ...meeting, reason: 'No quorum' },
  'member-invited': { ...meeting, guest: true, path: AppPaths.guestMeeting(7, 'g1') },
  comment: { itemTitle: 'Budget', meetingTitle: 'Q3', comment: 'Please review <b>this</b>', by: 'Omar', path },
  'decision-opened': { title: 'Approve budget', deadline: '2026-03-07T10:00:00Z', path, reason: 'created', by: 'Omar', meetingTitle: 'Q3' },
  'decision-closed': { title: 'Approve budget', outcome: 'Passed', tallies: [{ vote: 'Approved', count: 3, percentage: 75 }, { vote: 'Denied', count: 1, percentage: 25 }], path, by: 'Omar' },
  'decision-deadline': { title: 'Approve budget', dueAt: '2026-03-07T10:00:00Z', path },
  'election-closed': {
    title: 'Board seats', path, by: 'Omar',
    election: { seats: 2, tiedSeats: 1, candidates: [{ name: 'Sara <b>this</b>', votes: 1, elected: false, tied: true }, { name: 'Mona', votes: 2, elected: true, tied: false }, { name: 'Yusuf', votes: 1, elected: false, tied: true }, { name: 'Omar', votes: 0, elected: false, tied: false }] },
  },
  'action-assigned': { title: 'Send minutes', meetingTitle: 'Q3', priority: 'High', openTill: '2026-03-09T10:00:00Z', path, reason: 'assigned', by: 'Omar' },
  'action-due': { title: 'Send minutes', dueAt: '2026-03-09T10:00:00Z', path },
  'approval-requested': { title: 'Annual report', senderName: 'Omar', path: AppPaths.guestApproval(3, 'g1'), guest: true },
  'approval-signed': { title: 'Annual report', signerName: 'Lina', path },
  'approval-rejected': { title: 'Annual report', signerName: 'Lina', reason: 'Wrong figures', path },
  'approval-completed': { title: 'Annual report', path, documents: [{ name: 'report-signed.pdf', size: 120_000, url: 'http://s3.test/b/report.pdf?X-Amz-Signature=x' }], attached: true },
  'minutes-published': { title: 'Board meeting', edition: 2, path },
  'minutes-review-reminder': { title: 'Board meeting', edition: 1, deadline: '2026-03-09T10:00:00Z', path },
  'evaluation-sent': { title: { en: 'Board <self>-evaluation', ar: 'التقييم الذاتي للمجلس' }, committee: 'Board', anonymous: true, deadline: '2026-03-09T10:00:00Z', path: AppPaths.evaluationRound(4) },
  'evaluation-deadline': { title: { en: 'Board <self>-evaluation', ar: 'التقييم الذاتي للمجلس' }, dueAt: '2026-03-09T10:00:00Z', anonymous: false, path: AppPaths.evaluationRound(4) },
  'agenda-published': {
    ...meeting, edition: 2, note: 'Please read <b>this</b> first', bookPath: AppPaths.meetingBook(7),
    items: [{ title: 'Budget', startLocal: '2026-03-05 14:00:00', duration: 30, presenters: ['Omar', 'guest@example.com'], files: 2 }, { title: 'AOB', startLocal: '2026-03-05 14:30:00', duration: 15, presenters: [], files: 0 }],
  },
  'meeting-reminder': { title: 'Q3 & budget', startsAt: '2026-03-05T10:00:00Z', location: 'HQ', virtual: false, path, guest: false },
  'library-shared': { name: 'Budget.pdf', folder: false, byName: 'Omar', canEdit: true, expiresAt: '2026-03-09T10:00:00Z', path: AppPaths.library() },
};

/** The e-mail as the processor gets it: parsed by the contract (defaults applied). */
const emailOf = (template: EmailTemplateName, params: unknown = SAMPLES[template]): Email => zEmail.parse({ template, params });

const LANGS: Lang[] = ['en', 'fr', 'ar', 'ru'];
const render = (template: EmailTemplateName, lang: Lang) => renderEmail({ email: emailOf(template), to: { email: 'layla@example.com', name: 'Layla', lang }, org, links });

describe('e-mail templates', () => {
  it('the contract lists every template once', () => {
    expect(new Set(EMAIL_TEMPLATE_NAMES).size).toBe(EMAIL_TEMPLATE_NAMES.length);
    expect([...EMAIL_TEMPLATE_NAMES].sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  const cases = EMAIL_TEMPLATE_NAMES.flatMap((t) => LANGS.map((l) => [t, l] as const));
  it.each(cases)('%s renders in %s with HTML and text parts', (template, lang) => {
    const r = render(template, lang);
    expect(r.subject.length).toBeGreaterThan(3);
    expect(r.html).toContain(`dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
    expect(r.html).toContain(`lang="${lang === 'fr' ? 'en' : lang}"`);
    expect(r.text).toContain('http://acme.localhost:3000/');
    // every text is escaped: no raw tag from a parameter reaches the HTML
    expect(r.html).not.toContain('<b>this</b>');
    expect(r.html).not.toContain('Acme <Board>');
    expect(r.html).toContain('Acme &lt;Board&gt;');
  });

  it.each(EMAIL_TEMPLATE_NAMES)('%s: fr is the English text, ar and ru are translated', (template) => {
    const en = render(template, 'en');
    expect(render(template, 'fr').subject).toBe(en.subject);
    expect(render(template, 'ar').subject).not.toBe(en.subject);
    expect(render(template, 'ru').subject).not.toBe(en.subject);
  });

  it.each(EMAIL_TEMPLATE_NAMES)('%s: every sentence it uses has an ar and a ru translation', (template) => {
    const keys = new Set<string>();
    const plurals = new Set<string>();
    const ctx: RenderContext = {
      lang: 'en',
      recipient: { email: 'x@example.com', name: 'X', lang: 'en' },
      org,
      t: (k) => (keys.add(k), k),
      n: (k) => (plurals.add(k), k),
      link: (p) => `http://acme.localhost:3000${p}`,
      date: (d) => d,
    };
    // render each variant the sample can take
    for (const variant of [SAMPLES[template], { ...SAMPLES[template], by: null, invitedBy: null, meetingTitle: null, reason: 'rescheduled', guest: false, location: null, virtual: true }]) {
      const parsed = zEmail.safeParse({ template, params: variant });
      if (parsed.success) contentOf(parsed.data, ctx);
    }
    const missing = [...keys].filter((k) => /[A-Za-z]{2}/.test(k.replace(/\{\w+\}/g, '')) && (translate(k, 'ar') === k || translate(k, 'ru') === k));
    expect(missing).toEqual([]);
    // a message with a count has every form each language's plural rules ask for
    expect([...plurals].flatMap((k) => (['en', 'ar', 'ru'] as const).flatMap((l) => missingPluralForms(l, k).map((c) => `${l} ${c}: ${k}`)))).toEqual([]);
  });

  it('the invitation link points at the organization host with the token and address', () => {
    const r = render('user-invited', 'en');
    expect(r.text).toContain('http://acme.localhost:3000/auth/complete-profile?token=tok_abcdefghijklmnopqrstuvwxyz&email=layla%40example.com');
    expect(r.html).toContain('href="http://acme.localhost:3000/auth/complete-profile?token=tok_abcdefghijklmnopqrstuvwxyz&amp;email=layla%40example.com"');
  });

  it('app paths from events go on the organization host (a guest keeps their token)', () => {
    expect(render('member-invited', 'en').text).toContain('http://acme.localhost:3000/meeting/7?token=g1');
    expect(render('comment', 'en').text).toContain('http://acme.localhost:3000/app/activity/meetings/7');
    const https = renderEmail({ email: emailOf('action-due'), to: { email: 'a@b.co', name: null, lang: 'en' }, org, links: { baseDomain: 'boards.example.com', protocol: 'https' } });
    expect(https.text).toContain('https://acme.boards.example.com/app/activity/meetings/7');
  });

  it('changed fields of a meeting are named in the reader\'s language', () => {
    expect(render('meeting-updated', 'en').text).toContain('What changed: Date and time, Location');
    expect(render('meeting-updated', 'ru').text).toContain('Что изменилось: Дата и время, Место');
  });

  it.each([
    ['a member: the members\' page, no personal-link note', { path, guest: false }, `/app/activity/meetings/7`, false, false],
    ['a guest with their own link: their page and the personal-link note', { path: AppPaths.guestMeeting(7, 'g1'), guest: true }, '/meeting/7?token=g1', true, false],
    ['a guest whose link is not known: no button, pointed to the invitation', { path: null, guest: true }, null, false, true],
  ])('a voting reminder to %s', (_n, params, link, personal, invitation) => {
    const mail = renderEmail({ email: emailOf('decision-deadline', { title: 'Approve budget', dueAt: '2026-03-07T10:00:00Z', ...params }), to: { email: 'g@example.com', name: null, lang: 'en' }, org, links });
    if (link) expect(mail.text).toContain(`http://acme.localhost:3000${link}`);
    expect(mail.text.includes('/app/')).toBe(link?.startsWith('/app/') ?? false);
    expect(mail.text.includes('This link is personal')).toBe(personal);
    expect(mail.text.includes('with the link of your invitation e-mail')).toBe(invitation);
  });

  it('an evaluation names the questionnaire in the reader\'s language (English when it has none) and says whether it is anonymous', () => {
    expect(render('evaluation-sent', 'ar').subject).toContain('التقييم الذاتي للمجلس');
    expect(render('evaluation-sent', 'ru').subject).toContain('Board <self>-evaluation');
    expect(render('evaluation-sent', 'en').text).toContain('Your answers are anonymous');
    expect(render('evaluation-deadline', 'en').text).toContain('the secretary sees your answers with your name');
    expect(render('evaluation-deadline', 'en').text).toContain('http://acme.localhost:3000/app/activity/evaluations/rounds/4');
  });

  it('an election\'s results: each candidate with their votes, most first, the tie shown as a tie, in the reader\'s language', () => {
    const en = render('election-closed', 'en').text;
    expect(en).toContain('2 candidates are tied for 1 seat: the committee breaks the tie.');
    const lines = en.split('\n').filter((l) => / votes? — /.test(l)).map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual(['Mona: 2 votes — Elected', 'Sara <b>this</b>: 1 vote — Tied', 'Yusuf: 1 vote — Tied', 'Omar: 0 votes — Not elected']);
    expect(render('election-closed', 'ar').text).toContain('متعادل');
    expect(render('election-closed', 'ru').subject).toBe('Итоги выборов: Board seats');
    expect(render('election-closed', 'fr').text).toContain('Sara <b>this</b>: 1 vote — Tied');
    expect(en).not.toContain('no quorum');
    const none = renderEmail({ email: emailOf('election-closed', { ...SAMPLES['election-closed'], noQuorum: true }), to: { email: 'l@example.com', name: null, lang: 'en' }, org, links });
    expect(none.text).toContain('no quorum, nobody is elected');
  });

  it.each([
    ['a member: the meeting page, no personal-link note', { path, guest: false }, '/app/activity/meetings/7', false, false],
    ['a guest with their own link: their page and the personal-link note', { path: AppPaths.guestMeeting(7, 'g1'), guest: true }, '/meeting/7?token=g1', true, false],
    ['a guest whose link cannot be made again: no button, pointed to the invitation', { path: null, guest: true }, null, false, true],
  ])('a meeting reminder to %s', (_n, params, link, personal, invitation) => {
    const mail = renderEmail({ email: emailOf('meeting-reminder', { ...SAMPLES['meeting-reminder'], ...params }), to: { email: 'g@example.com', name: null, lang: 'en' }, org, links });
    if (link) expect(mail.text).toContain(`http://acme.localhost:3000${link}`);
    expect(mail.text.includes('/app/')).toBe(link?.startsWith('/app/') ?? false);
    expect(mail.text.includes('This link is personal')).toBe(personal);
    expect(mail.text.includes('Open the meeting with the link of your invitation e-mail.')).toBe(invitation);
  });

  it('a meeting reminder says when in the organization time zone, in the reader\'s language', () => {
    expect(render('meeting-reminder', 'en').subject).toBe('Reminder: "Q3 & budget" starts 05 Mar 2026 02:00 PM (Asia/Dubai)');
    expect(render('meeting-reminder', 'en').text).toContain('The meeting "Q3 & budget" starts on 05 Mar 2026 02:00 PM (Asia/Dubai).');
    expect(render('meeting-reminder', 'ar').subject).toContain('تذكير: يبدأ "Q3 & budget"');
    expect(render('meeting-reminder', 'ru').text).toContain('Заседание скоро начнётся');
  });

  it("a minutes review reminder: the deadline in the organization's time zone, in the reader's language (fr reads en)", () => {
    expect(render('minutes-review-reminder', 'en').subject).toBe('Reminder: review the minutes of "Board meeting" before 09 Mar 2026 02:00 PM (Asia/Dubai)');
    expect(render('minutes-review-reminder', 'fr').subject).toBe(render('minutes-review-reminder', 'en').subject);
    expect(render('minutes-review-reminder', 'ar').subject).toContain('تذكير: راجع محضر "Board meeting"');
    expect(render('minutes-review-reminder', 'ru').text).toContain('Рецензирование протокола скоро закончится');
  });

  it("a guest's published agenda: their own page instead of the board book, the personal-link note", () => {
    const guest = renderEmail({
      email: emailOf('agenda-published', { ...SAMPLES['agenda-published'], path: AppPaths.guestMeeting(7, 'g1'), bookPath: AppPaths.guestMeeting(7, 'g1'), guest: true }),
      to: { email: 'g@example.com', name: null, lang: 'en' }, org, links,
    });
    expect(guest.text).toContain('The agenda of the meeting is on your invitation page: http://acme.localhost:3000/meeting/7?token=g1');
    expect(guest.text).not.toContain('/app/');
    expect(guest.text).not.toContain('board book');
    expect(guest.text).toContain('This link is personal');
    const member = render('agenda-published', 'en');
    expect(member.text).toContain('/app/activity/meetings/7#board-book');
    expect(member.text).not.toContain('This link is personal');
  });

  it('dates are shown in the organization time zone', () => {
    expect(render('decision-deadline', 'en').text).toContain('07 Mar 2026 02:00 PM (Asia/Dubai)');
  });
});

describe('SendEmail jobs (the contract a job is checked against when added and when taken)', () => {
  const base = { orgId: '00000000-0000-4000-8000-000000000001', to: { email: 'a@b.co', name: null, lang: 'en' }, sourceId: 'evt-1' };

  it('accepts a template with its own parameters, defaults applied', () => {
    const r = SendEmail.payload.safeParse({ ...base, template: 'meeting-updated', params: { title: 'T', startsAt: '2026-03-05T10:00:00Z', path } });
    expect(r.success && r.data.template === 'meeting-updated' && r.data.params.changes).toEqual([]);
  });

  it.each([
    ['an unknown template', { template: 'no-such-template', params: {} }],
    ['missing parameters', { template: 'password-reset', params: { token: 'x' } }],
    ["another template's parameters", { template: 'comment', params: token }],
    ['a full URL where an app path belongs', { template: 'decision-deadline', params: { title: 't', dueAt: '2026-03-07T10:00:00Z', path: 'http://evil.example.com/x' } }],
    ['a protocol-relative path', { template: 'action-due', params: { title: 't', dueAt: '2026-03-07T10:00:00Z', path: '//evil.example.com/x' } }],
    ['a change the meeting service does not name', { template: 'meeting-updated', params: { title: 'T', startsAt: '2026-03-05T10:00:00Z', path, changes: ['colour'] } }],
  ])('refuses %s', (_n, email) => {
    expect(SendEmail.payload.safeParse({ ...base, ...email }).success).toBe(false);
  });

  it('an organization snapshot must carry the slug (links are built from it)', () => {
    const email = { template: 'password-reset', params: token };
    expect(SendEmail.payload.safeParse({ ...base, ...email, org: { name: 'Acme', timeZone: 'UTC' } }).success).toBe(false);
    expect(SendEmail.payload.safeParse({ ...base, ...email, org: { name: 'Acme', timeZone: 'UTC', slug: 'acme' } }).success).toBe(true);
  });

  it('decision-opened names the meeting; a guest without a known link gets no button that needs an account, and the way to vote', () => {
    const withMeeting = render('decision-opened', 'en');
    expect(withMeeting.text).toContain('Q3');
    const guest = renderEmail({ email: emailOf('decision-opened', { ...SAMPLES['decision-opened'], path: null }), to: { email: 'g@example.com', name: null, lang: 'ar' }, org, links });
    expect(guest.text).not.toContain('/app/activity/meetings');
    expect(guest.text).toContain(translate('Open the meeting with the link of your invitation e-mail to vote.', 'ar'));
  });

  it('approval-completed: the sealed PDFs named as attached, or too large with their size; a guest gets no members\' link; no presigned URL in the text', () => {
    const docs = [{ name: 'a-signed.pdf', size: 3 * 1024 * 1024, url: 'http://s3.test/b/a.pdf?X-Amz-Signature=secret' }, { name: 'b-signed.pdf', size: 1024 * 1024, url: 'http://s3.test/b/b.pdf?X-Amz-Signature=secret' }];
    const to = (lang: Lang) => ({ email: 'g@example.com', name: 'Gus', lang });
    const member = renderEmail({ email: emailOf('approval-completed', { title: 'Lease', path: AppPaths.approval(4), documents: docs, attached: true }), to: to('en'), org, links });
    expect(member.text).toContain('The sealed document with its audit certificate is attached: a-signed.pdf, b-signed.pdf.');
    expect(member.text).toContain('/app/activity/approval/4');
    const big = renderEmail({ email: emailOf('approval-completed', { title: 'Lease', path: AppPaths.approval(4), documents: docs, attached: false }), to: to('en'), org, links });
    expect(big.text).toContain('The sealed document (a-signed.pdf, b-signed.pdf, 4.0 MB) is too large to attach.');
    const guest = renderEmail({ email: emailOf('approval-completed', { title: 'Lease', path: AppPaths.approval(4), documents: docs, attached: true, guest: true }), to: to('ru'), org, links });
    expect(guest.text).not.toContain('/app/activity/approval');
    expect(guest.text).toContain(translate('The link of your signature request still downloads it until the link expires.', 'ru'));
    const unreadable = renderEmail({ email: emailOf('approval-completed', { title: 'Lease', path: AppPaths.approval(4), documents: docs, attached: false, unreadable: true }), to: to('ar'), org, links });
    expect(unreadable.text).toContain(translate('The sealed document ({names}) could not be attached.', 'ar', { names: 'a-signed.pdf, b-signed.pdf' }));
    expect(unreadable.text).not.toContain(translate('The sealed document ({names}, {size} MB) is too large to attach.', 'ar', { names: 'a-signed.pdf, b-signed.pdf', size: '4.0' }));
    expect(unreadable.text).toContain('/app/activity/approval/4');
    for (const r of [member, big, guest, unreadable]) expect(r.text + r.html).not.toContain('X-Amz-Signature');
  });
});

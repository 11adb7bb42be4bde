import { translate, type Lang } from '@app/contracts';
import { renderEmail, TEMPLATES } from './registry';
import type { RenderContext } from './template';

const org = { name: 'Acme <Board>', slug: 'acme', timeZone: 'Asia/Dubai' };
const links = { baseDomain: 'localhost:3000', protocol: 'http' as const };
const link = 'http://acme.localhost:3000/app/activity/meetings/7';
const meeting = { title: 'Q3 & budget', startsAt: '2026-03-05T10:00:00Z', location: 'HQ', virtual: false, link, by: 'Omar' };
const token = { token: 'tok_abcdefghijklmnopqrstuvwxyz', email: 'layla@example.com', expiresAt: '2026-03-06T10:00:00Z' };

/** One sample per template: adding a template without a sample fails below, so every template is rendered in every language. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  'user-invited': { ...token, invitedBy: 'Omar' },
  'password-reset': token,
  'email-verification': token,
  'meeting-scheduled': meeting,
  'meeting-updated': { ...meeting, changes: ['start_date', 'location'] },
  'meeting-cancelled': { ...meeting, reason: 'No quorum' },
  'member-invited': { ...meeting, guest: true, link: 'http://acme.localhost:3000/meeting/7?token=g1' },
  comment: { itemTitle: 'Budget', meetingTitle: 'Q3', comment: 'Please review <b>this</b>', by: 'Omar', link },
  'decision-opened': { title: 'Approve budget', deadline: '2026-03-07T10:00:00Z', link, reason: 'created', by: 'Omar' },
  'decision-deadline': { title: 'Approve budget', dueAt: '2026-03-07T10:00:00Z', link },
  'action-assigned': { title: 'Send minutes', meetingTitle: 'Q3', priority: 'High', openTill: '2026-03-09T10:00:00Z', link, reason: 'assigned', by: 'Omar' },
  'action-due': { title: 'Send minutes', dueAt: '2026-03-09T10:00:00Z', link },
};

const LANGS: Lang[] = ['en', 'fr', 'ar', 'ru'];
const render = (template: string, lang: Lang) =>
  renderEmail({ template, params: SAMPLES[template], to: { email: 'layla@example.com', name: 'Layla', lang }, org, links });

describe('e-mail templates', () => {
  it('every template has a sample here', () => {
    expect([...TEMPLATES.keys()].sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  const cases = Object.keys(SAMPLES).flatMap((t) => LANGS.map((l) => [t, l] as const));
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

  it.each(Object.keys(SAMPLES))('%s: fr is the English text, ar and ru are translated', (template) => {
    const en = render(template, 'en');
    expect(render(template, 'fr').subject).toBe(en.subject);
    expect(render(template, 'ar').subject).not.toBe(en.subject);
    expect(render(template, 'ru').subject).not.toBe(en.subject);
  });

  it.each(Object.keys(SAMPLES))('%s: every sentence it uses has an ar and a ru translation', (template) => {
    const keys = new Set<string>();
    const tpl = TEMPLATES.get(template)!;
    const ctx: RenderContext = {
      lang: 'en',
      recipient: { email: 'x@example.com', name: 'X', lang: 'en' },
      org,
      t: (k) => (keys.add(k), k),
      link: (p) => `http://acme.localhost:3000${p}`,
      date: (d) => d,
    };
    // render each variant the sample can take
    for (const variant of [SAMPLES[template], { ...SAMPLES[template], by: null, invitedBy: null, meetingTitle: null, reason: 'rescheduled', guest: false, location: null, virtual: true }]) {
      const parsed = tpl.params.safeParse(variant);
      if (parsed.success) tpl.render(parsed.data, ctx);
    }
    const missing = [...keys].filter((k) => /[A-Za-z]{2}/.test(k.replace(/\{\w+\}/g, '')) && (translate(k, 'ar') === k || translate(k, 'ru') === k));
    expect(missing).toEqual([]);
  });

  it('the invitation link points at the organization host with the token and address', () => {
    const r = render('user-invited', 'en');
    expect(r.text).toContain('http://acme.localhost:3000/auth/complete-profile?token=tok_abcdefghijklmnopqrstuvwxyz&email=layla%40example.com');
    expect(r.html).toContain('href="http://acme.localhost:3000/auth/complete-profile?token=tok_abcdefghijklmnopqrstuvwxyz&amp;email=layla%40example.com"');
  });

  it('changed fields of a meeting are named in the reader\'s language', () => {
    expect(render('meeting-updated', 'en').text).toContain('What changed: Date and time, Location');
    expect(render('meeting-updated', 'ru').text).toContain('Что изменилось: Дата и время, Место');
  });

  it('dates are shown in the organization time zone', () => {
    expect(render('decision-deadline', 'en').text).toContain('07 Mar 2026 02:00 PM (Asia/Dubai)');
  });

  it.each([
    ['an unknown template', 'no-such-template', {}],
    ['missing parameters', 'password-reset', { token: 'x' }],
    ['a link that is not http(s)', 'decision-deadline', { title: 't', dueAt: '2026-03-07T10:00:00Z', link: 'javascript:alert(1)' }],
  ])('%s is a validation error (not retried)', (_n, template, params) => {
    expect(() => renderEmail({ template, params, to: { email: 'a@b.co', name: null, lang: 'en' }, org, links })).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
  });

  it('a template that builds links needs the organization host', () => {
    expect(() =>
      renderEmail({ template: 'password-reset', params: token, to: { email: 'a@b.co', name: null, lang: 'en' }, org: { name: 'Acme', timeZone: 'UTC' }, links }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });
});

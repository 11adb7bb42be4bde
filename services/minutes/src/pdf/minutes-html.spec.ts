import type { MeetingDetails } from '@app/contracts';
import { escapeHtml, footerHtml, minutesHtml } from './minutes-html';
import { minutesFileName } from '../minutes/minutes.service';

const meeting = {
  id: 9, title: 'اجتماع مجلس الإدارة <b>', description: null, committee: { id: 1, name: 'Board', status: 'Active' }, start_date: '2026-11-24 10:00:00', duration: 60,
  location: 'HQ', status: { id: 3, name: 'Live', color: '', bgcolor: '' }, owner: { id: 1, name: 'Chair', image: null }, members: [], guest_member: [], agendas: [], summary: 'A <script>x</script> summary',
} as unknown as MeetingDetails;

describe('minutesHtml', () => {
  it('lays Arabic out right-to-left, English left-to-right', () => {
    expect(minutesHtml({ meeting, items: [], lang: 'ar', version: 1, generatedAt: '2026-11-24 10:00:00' })).toContain('<html lang="ar" dir="rtl">');
    expect(minutesHtml({ meeting, items: [], lang: 'en', version: 1, generatedAt: '2026-11-24 10:00:00' })).toContain('<html lang="en" dir="ltr">');
    expect(footerHtml('ar')).toContain('dir="rtl"');
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

  it.each([
    ['<a href="x">', '&lt;a href=&quot;x&quot;&gt;'],
    ["it's", 'it&#39;s'],
    [null, ''],
  ])('escapeHtml(%p)', (input, out) => expect(escapeHtml(input)).toBe(out));
});

describe('minutesFileName', () => {
  it.each([
    ['Board meeting', 'Board meeting.pdf'],
    ['اجتماع المجلس', 'اجتماع المجلس.pdf'],
    ['a/b\\c:d', 'a b c d.pdf'],
    ['   ', 'minutes.pdf'],
  ])('%p -> %p', (title, name) => expect(minutesFileName(title)).toBe(name));
});

import type { MeetingDetails } from '@app/contracts';
import { bookFrontHtml } from './book-html';

/** The board book's cover and agenda page (issue 27): the date in the book's language with its zone, and the programme. */
describe('bookFrontHtml', () => {
  const meeting = { title: 'Board <1>', committee: { id: 1, name: 'Audit', status: 'Active' }, start_date: '2026-11-24 10:00:00', location: 'HQ', time_zone: 'Asia/Muscat' } as unknown as MeetingDetails;
  const programme = [
    { number: '1', title: 'Budget', planned_start: '2026-11-24 10:00:00', duration: 30, presenters: ['Ada', 'cfo@x.co'] },
    { number: '1.1', title: 'Capex', planned_start: null, duration: 10, presenters: ['Mona'] },
    { number: '2', title: 'Late item', planned_start: '2026-11-25 00:10:00', duration: 0, presenters: [] },
  ];
  const sections = [{ title: '1. Budget', files: [{ name: 'budget.pdf', start: 3 }] }];

  it.each([
    ['en', '<p>Date: 24 November 2026, 10:00 AM (Asia/Muscat, GMT+4)</p>', '<tr class="point"><td class="time">10:00 AM</td><td class="">1. Budget</td><td>Ada, cfo@x.co</td><td class="num">30</td></tr>', '<td class="time">25 November 2026, 12:10 AM</td>'],
    ['ar', '<p>التاريخ: 24 نوفمبر 2026، 10:00 ص (Asia/Muscat، غرينتش+4)</p>', '<td class="time">10:00 ص</td><td class="">1. Budget</td>', '<td class="time">25 نوفمبر 2026، 12:10 ص</td>'],
    ['ru', '<p>Дата: 24 ноября 2026 г., 10:00 (Asia/Muscat, GMT+4)</p>', '<td class="time">10:00</td><td class="">1. Budget</td>', '<td class="time">25 ноября 2026 г., 00:10</td>'],
  ] as const)('%s: the cover date with its zone, each item with its planned start, presenters and minutes', (lang, cover, item, late) => {
    const html = bookFrontHtml(meeting, sections, lang, programme);
    expect(html).toContain(cover);
    expect(html).toContain(item);
    expect(html).toContain(late);
    expect(html).toContain('<tr class="sub"><td class="time"></td><td class="file">1.1 Capex</td><td>Mona</td><td class="num">10</td></tr>');
    expect(html).toContain('Board &lt;1&gt;');
  });

  it('no programme (no talking points): the files table alone, as before', () => {
    const html = bookFrontHtml(meeting, sections, 'en');
    expect(html).not.toContain('Programme');
    expect(html).toContain('<td class="file">budget.pdf</td><td class="num">3</td>');
  });
});

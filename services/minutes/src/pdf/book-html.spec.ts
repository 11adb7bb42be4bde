import { LANGS, type MeetingDetails } from '@app/contracts';
import { bookFrontHtml, bookWords } from './book-html';

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
    ['fr', '<p>Date et heure: 24 novembre 2026 à 10:00 (Asia/Muscat, UTC+4)</p>', '<td class="time">10:00</td><td class="">1. Budget</td>', '<td class="time">25 novembre 2026 à 00:10</td>'],
  ] as const)('%s: the cover date with its zone, each item with its planned start, presenters and minutes', (lang, cover, item, late) => {
    const html = bookFrontHtml(meeting, sections, lang, programme);
    expect(html).toContain(cover);
    expect(html).toContain(item);
    expect(html).toContain(late);
    expect(html).toContain('<tr class="sub"><td class="time"></td><td class="file">1.1 Capex</td><td>Mona</td><td class="num">10</td></tr>');
    expect(html).toContain('Board &lt;1&gt;');
  });

  // the book is printed in the minutes' language (docs/minutes.md#the-board-book): its own words, nothing left in English
  const english = bookWords('en');
  it.each([
    ['en', 'ltr', 'Board book', 'Agenda', 'Committee: Audit', 'Location: HQ', ['Programme', 'Start', 'Item', 'Presenters', 'Minutes', 'Documents']],
    ['ar', 'rtl', 'ملف الاجتماع', 'جدول الأعمال', 'اللجنة: Audit', 'المكان: HQ', ['البرنامج', 'البدء', 'البند', 'المقدّمون', 'الدقائق', 'المستندات']],
    ['fr', 'ltr', 'Dossier de séance', 'Ordre du jour', 'Comité: Audit', 'Lieu: HQ', ['Déroulé', 'Début', 'Point', 'Présentateurs', 'Durée (min)', 'Pièces jointes']],
    ['ru', 'ltr', 'Материалы заседания', 'Повестка', 'Комитет: Audit', 'Место: HQ', ['Программа', 'Начало', 'Пункт', 'Докладчики', 'Минуты', 'Документы']],
  ] as const)('%s: the page is %s, the cover, the agenda and the programme table in that language', (lang, dir, kind, agenda, committee, location, programmeWords) => {
    const html = bookFrontHtml(meeting, sections, lang, programme);
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`<div class="kind">${kind}</div>`);
    expect(html).toContain(`<h2>${agenda}</h2>`);
    expect(html).toContain(`<p>${committee}</p>`);
    expect(html).toContain(`<p>${location}</p>`);
    const [programmeWord, start, item, presenters, minutes, documents] = programmeWords;
    expect(html).toContain(`<h3>${programmeWord}</h3><table class="programme"><thead><tr><th>${start}</th><th>${item}</th><th>${presenters}</th><th class="num">${minutes}</th></tr></thead>`);
    expect(html).toContain(`<h3>${documents}</h3>`);
    // the words of another language: no heading, column or label of the page is one of them (the English ones in ar, fr and ru)
    const printed = new Set([...html.matchAll(/>([^<]+)</g)].flatMap((x) => x[1]!.split(': ')).map((t) => t.trim()));
    const shown = (word: string) => printed.has(word);
    const others = LANGS.filter((l) => l !== lang).flatMap((l) => Object.values(bookWords(l)).filter((word) => !Object.values(bookWords(lang)).includes(word)));
    expect(others.filter(shown)).toEqual([]);
    if (lang !== 'en') expect(Object.values(english).filter(shown)).toEqual([]);
    expect(Object.values(bookWords(lang)).filter((word) => !shown(word))).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every word of the book, none of them the English one', (lang) => {
    const W = bookWords(lang);
    expect(Object.keys(W).sort()).toEqual(Object.keys(english).sort());
    expect(Object.entries(W).filter(([key, word]) => word === english[key as keyof typeof english])).toEqual([]);
  });

  it('the fonts the minutes print with (Arabic shaped by Noto Naskh)', () => {
    expect(bookFrontHtml(meeting, sections, 'ar', programme)).toContain("font-family: 'Noto Sans', 'Noto Naskh Arabic', 'Noto Sans Arabic', 'DejaVu Sans'");
  });

  it('no programme (no talking points): the files table alone, as before', () => {
    const html = bookFrontHtml(meeting, sections, 'en');
    expect(html).not.toContain('Programme');
    expect(html).toContain('<td class="file">budget.pdf</td><td class="num">3</td>');
  });
});

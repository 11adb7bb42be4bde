import type { Lang, MeetingDetails } from '@app/contracts';
import type { ProgrammeLine } from '../rules/book';
import { printedDates } from './dates';
import { escapeHtml, PRINT_FONTS } from './html';
import { joinNames, wordsIn } from './labels';

/**
 * The board book's own words (cover, agenda, programme) in each language of the minutes (en, ar, fr, ru): the book is
 * printed in the language of the meeting's minutes (docs/minutes.md#the-board-book).
 */
const EN = { book: 'Board book', agenda: 'Agenda', committee: 'Committee', date: 'Date', location: 'Location', programme: 'Programme', documents: 'Documents', start: 'Start', item: 'Item', presenters: 'Presenters', duration: 'Minutes' } as const;
export type BookWords = { readonly [K in keyof typeof EN]: string };
const WORDS: Readonly<Record<Lang, BookWords>> = {
  en: EN,
  ar: { book: 'ملف الاجتماع', agenda: 'جدول الأعمال', committee: 'اللجنة', date: 'التاريخ', location: 'المكان', programme: 'البرنامج', documents: 'المستندات', start: 'البدء', item: 'البند', presenters: 'المقدّمون', duration: 'الدقائق' },
  fr: { book: 'Dossier de séance', agenda: 'Ordre du jour', committee: 'Comité', date: 'Date et heure', location: 'Lieu', programme: 'Déroulé', documents: 'Pièces jointes', start: 'Début', item: 'Point', presenters: 'Présentateurs', duration: 'Durée (min)' },
  ru: { book: 'Материалы заседания', agenda: 'Повестка', committee: 'Комитет', date: 'Дата', location: 'Место', programme: 'Программа', documents: 'Документы', start: 'Начало', item: 'Пункт', presenters: 'Докладчики', duration: 'Минуты' },
};
/** the book's words in a language (the minutes' picker, labels.ts) */
export const bookWords = (lang: Lang): BookWords => wordsIn(WORDS, lang);

/**
 * The front of the board book: a cover page (the meeting's date and time with its zone, through the minutes' date
 * formatter), then the agenda: the programme (each talking point's planned start, title, presenters and minutes, its
 * sub-points under it; issue 27) and each section with its files and the page where each starts. `starts` is null on
 * the first pass, which only measures how many pages the agenda takes.
 */
export function bookFrontHtml(
  m: Pick<MeetingDetails, 'title' | 'committee' | 'start_date' | 'location'> & Partial<Pick<MeetingDetails, 'time_zone'>>,
  sections: { title: string; files: { name: string; start: number | null }[] }[],
  lang: Lang,
  programme: ProgrammeLine[] = [],
): string {
  const W = bookWords(lang);
  const dates = printedDates(lang, m.time_zone ?? null);
  const day = m.start_date.slice(0, 10);
  const when = (local: string | null) => (local ? (local.slice(0, 10) === day ? dates.time(local) : dates.dateTime(local)) : '');
  const plan = programme
    .map((l) => `<tr class="${l.planned_start === null ? 'sub' : 'point'}"><td class="time">${escapeHtml(when(l.planned_start))}</td><td class="${l.planned_start === null ? 'file' : ''}">${escapeHtml(`${l.number}${l.number.includes('.') ? '' : '.'} ${l.title}`)}</td><td>${escapeHtml(joinNames(l.presenters, lang))}</td><td class="num">${l.duration || ''}</td></tr>`)
    .join('');
  const programmeTable = plan
    ? `<h3>${escapeHtml(W.programme)}</h3><table class="programme"><thead><tr><th>${escapeHtml(W.start)}</th><th>${escapeHtml(W.item)}</th><th>${escapeHtml(W.presenters)}</th><th class="num">${escapeHtml(W.duration)}</th></tr></thead><tbody>${plan}</tbody></table><h3>${escapeHtml(W.documents)}</h3>`
    : '';
  const rows = sections
    .map((s) => `<tr class="section"><td colspan="2">${escapeHtml(s.title)}</td></tr>${s.files.map((f) => `<tr><td class="file">${escapeHtml(f.name)}</td><td class="num">${f.start ?? '000'}</td></tr>`).join('')}`)
    .join('');
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>
  @page { size: A4; margin: 20mm 18mm; }
  body { font-family: ${PRINT_FONTS}; color: #1f2933; font-size: 11pt; }
  .cover { height: 245mm; display: flex; flex-direction: column; justify-content: center; text-align: center; page-break-after: always; }
  .cover h1 { font-size: 26pt; margin: 0 0 12pt; }
  .cover .kind { color: #3b5bdb; font-size: 14pt; letter-spacing: 1pt; }
  .cover p { margin: 4pt 0; color: #52606d; }
  h2 { font-size: 16pt; border-bottom: 1.5pt solid #3b5bdb; padding-bottom: 4pt; }
  table { width: 100%; border-collapse: collapse; }
  td { padding: 3pt 4pt; border-bottom: 0.5pt dotted #cbd2d9; }
  tr.section td { font-weight: bold; padding-top: 8pt; border-bottom: 0.8pt solid #9aa5b1; }
  td.file { padding-inline-start: 16pt; }
  td.num, th.num { text-align: end; width: 40pt; }
  h3 { font-size: 12pt; margin: 12pt 0 4pt; }
  th { text-align: start; font-size: 9pt; color: #52606d; padding: 2pt 4pt; border-bottom: 0.8pt solid #9aa5b1; }
  td.time { white-space: nowrap; width: 90pt; }
  tr.point td { font-weight: bold; }
</style></head><body>
<div class="cover"><div class="kind">${escapeHtml(W.book)}</div><h1>${escapeHtml(m.title)}</h1>
<p>${escapeHtml(W.committee)}: ${escapeHtml(m.committee?.name ?? '')}</p><p>${escapeHtml(W.date)}: ${escapeHtml(dates.dateTime(m.start_date, { zoned: true }))}</p>
${m.location ? `<p>${escapeHtml(W.location)}: ${escapeHtml(m.location)}</p>` : ''}</div>
<h2>${escapeHtml(W.agenda)}</h2>
${programmeTable}<table><tbody>${rows}</tbody></table>
</body></html>`;
}


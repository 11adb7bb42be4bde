import type { Lang, MeetingDetails } from '@app/contracts';
import { escapeHtml } from './html';

const WORDS = {
  en: { book: 'Board book', agenda: 'Agenda', page: 'Page', committee: 'Committee', date: 'Date', location: 'Location' },
  ar: { book: 'ملف الاجتماع', agenda: 'جدول الأعمال', page: 'الصفحة', committee: 'اللجنة', date: 'التاريخ', location: 'المكان' },
  ru: { book: 'Материалы заседания', agenda: 'Повестка', page: 'Страница', committee: 'Комитет', date: 'Дата', location: 'Место' },
} as const;
const wordsFor = (lang: Lang) => (lang === 'ar' ? WORDS.ar : lang === 'ru' ? WORDS.ru : WORDS.en);

/**
 * The front of the board book: a cover page, then the agenda (each section and its files with the page where each
 * starts). `starts` is null on the first pass, which only measures how many pages the agenda takes.
 */
export function bookFrontHtml(
  m: Pick<MeetingDetails, 'title' | 'committee' | 'start_date' | 'location'>,
  sections: { title: string; files: { name: string; start: number | null }[] }[],
  lang: Lang,
): string {
  const W = wordsFor(lang);
  const rows = sections
    .map((s) => `<tr class="section"><td colspan="2">${escapeHtml(s.title)}</td></tr>${s.files.map((f) => `<tr><td class="file">${escapeHtml(f.name)}</td><td class="num">${f.start ?? '000'}</td></tr>`).join('')}`)
    .join('');
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>
  @page { size: A4; margin: 20mm 18mm; }
  body { font-family: 'Noto Sans', 'Noto Naskh Arabic', 'DejaVu Sans', 'Liberation Sans', sans-serif; color: #1f2933; font-size: 11pt; }
  .cover { height: 245mm; display: flex; flex-direction: column; justify-content: center; text-align: center; page-break-after: always; }
  .cover h1 { font-size: 26pt; margin: 0 0 12pt; }
  .cover .kind { color: #3b5bdb; font-size: 14pt; letter-spacing: 1pt; }
  .cover p { margin: 4pt 0; color: #52606d; }
  h2 { font-size: 16pt; border-bottom: 1.5pt solid #3b5bdb; padding-bottom: 4pt; }
  table { width: 100%; border-collapse: collapse; }
  td { padding: 3pt 4pt; border-bottom: 0.5pt dotted #cbd2d9; }
  tr.section td { font-weight: bold; padding-top: 8pt; border-bottom: 0.8pt solid #9aa5b1; }
  td.file { padding-inline-start: 16pt; }
  td.num { text-align: end; width: 40pt; }
</style></head><body>
<div class="cover"><div class="kind">${escapeHtml(W.book)}</div><h1>${escapeHtml(m.title)}</h1>
<p>${escapeHtml(W.committee)}: ${escapeHtml(m.committee?.name ?? '')}</p><p>${escapeHtml(W.date)}: ${escapeHtml(m.start_date)}</p>
${m.location ? `<p>${escapeHtml(W.location)}: ${escapeHtml(m.location)}</p>` : ''}</div>
<h2>${escapeHtml(W.agenda)}</h2>
<table><tbody>${rows}</tbody></table>
</body></html>`;
}

export const bookWords = wordsFor;

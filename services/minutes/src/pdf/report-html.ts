import type { DecisionPayload, Lang } from '@app/contracts';
import { escapeHtml } from './minutes-html';

/**
 * The resolution report as one HTML document for Chromium's print to PDF (A4 portrait): the resolution's facts
 * (committee, meeting, deadline, state, outcome, tender number), its description, the tallies, every voter with
 * their vote and reason, the comments, and the list of attachments with the page each starts on (their pages
 * follow the report, appended by pdf-lib). Arabic is right-to-left; user text is escaped; no script, no request.
 */
const EN = {
  report: 'Resolution report',
  committee: 'Committee',
  meeting: 'Meeting',
  standalone: 'Standalone resolution',
  deadline: 'Deadline',
  state: 'State',
  outcome: 'Outcome',
  votingOpen: 'Voting open',
  tender: 'Tender number',
  created: 'Created',
  generated: 'Generated',
  description: 'Description',
  results: 'Results',
  vote: 'Vote',
  votes: 'Votes',
  voters: 'Voters',
  name: 'Name',
  reason: 'Reason',
  date: 'Date',
  noVote: 'No votes yet.',
  comments: 'Comments',
  attachments: 'Attachments',
  file: 'File',
  page: 'Page',
  pages: 'Pages',
  notIncluded: 'not included (no PDF)',
  of: 'of',
} as const;
type Words = { readonly [K in keyof typeof EN]: string };
const AR: Words = {
  report: 'تقرير القرار',
  committee: 'اللجنة',
  meeting: 'الاجتماع',
  standalone: 'قرار مستقل',
  deadline: 'الموعد النهائي',
  state: 'الحالة',
  outcome: 'النتيجة',
  votingOpen: 'التصويت مفتوح',
  tender: 'رقم المناقصة',
  created: 'تاريخ الإنشاء',
  generated: 'تاريخ الإعداد',
  description: 'الوصف',
  results: 'النتائج',
  vote: 'التصويت',
  votes: 'الأصوات',
  voters: 'المصوتون',
  name: 'الاسم',
  reason: 'السبب',
  date: 'التاريخ',
  noVote: 'لا توجد أصوات بعد.',
  comments: 'التعليقات',
  attachments: 'المرفقات',
  file: 'الملف',
  page: 'صفحة',
  pages: 'الصفحات',
  notIncluded: 'غير مضمن (ليس PDF)',
  of: 'من',
};
const RU: Words = {
  report: 'Отчёт по решению',
  committee: 'Комитет',
  meeting: 'Заседание',
  standalone: 'Отдельное решение',
  deadline: 'Срок',
  state: 'Состояние',
  outcome: 'Итог',
  votingOpen: 'Голосование открыто',
  tender: 'Номер тендера',
  created: 'Создано',
  generated: 'Сформировано',
  description: 'Описание',
  results: 'Результаты',
  vote: 'Голос',
  votes: 'Голоса',
  voters: 'Голосующие',
  name: 'Имя',
  reason: 'Причина',
  date: 'Дата',
  noVote: 'Голосов пока нет.',
  comments: 'Комментарии',
  attachments: 'Вложения',
  file: 'Файл',
  page: 'Страница',
  pages: 'Страницы',
  notIncluded: 'не включено (не PDF)',
  of: 'из',
};
export const reportWords = (lang: Lang): Words => (lang === 'ar' ? AR : lang === 'ru' ? RU : EN);

export interface ReportAttachmentLine {
  name: string;
  /** the first page of the file in the report (1-based), null when it is not part of it */
  start: number | null;
  pages: number;
}

export interface ReportDocument {
  decision: Pick<DecisionPayload, 'id' | 'title' | 'description' | 'committee' | 'meeting_id' | 'deadline' | 'state' | 'outcome' | 'tender_number' | 'created_at' | 'tallies' | 'voters' | 'comments'>;
  attachments: ReportAttachmentLine[];
  lang: Lang;
  generatedAt: string;
}

const para = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

export function reportHtml(doc: ReportDocument): string {
  const W = reportWords(doc.lang);
  const d = doc.decision;
  const rtl = doc.lang === 'ar';
  const tallies = d.tallies.map((t) => `<tr><td>${escapeHtml(t.label)}</td><td class="num">${t.count}</td><td class="num">${t.percentage}%</td></tr>`).join('');
  const voters = d.voters
    .map((v) => `<tr><td>${escapeHtml(v.user?.name ?? v.user_email ?? '')}</td><td>${escapeHtml(v.vote_label)}</td><td>${para(v.reason ?? '')}</td><td class="nowrap">${escapeHtml(v.updated_at)}</td></tr>`)
    .join('');
  const comments = d.comments.map((c) => `<li><b>${escapeHtml(c.user_name ?? c.user_email ?? '')}</b>: ${para(c.comment)}</li>`).join('');
  const files = doc.attachments
    .map((a) => `<tr><td>${escapeHtml(a.name)}</td><td class="num">${a.start === null ? escapeHtml(W.notIncluded) : a.start}</td><td class="num">${a.start === null ? '' : a.pages}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="${doc.lang}" dir="${rtl ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>${escapeHtml(d.title)}</title>
<style>
  @page { size: A4 portrait; margin: 18mm 16mm 20mm 16mm; }
  body { font-family: 'Noto Sans', 'Noto Naskh Arabic', 'Noto Sans Arabic', 'DejaVu Sans', 'Liberation Sans', sans-serif; font-size: 11pt; color: #1f2933; line-height: 1.45; }
  h1 { font-size: 20pt; margin: 0 0 4pt; }
  h2 { font-size: 14pt; border-bottom: 1.5pt solid #3b5bdb; padding-bottom: 3pt; margin: 18pt 0 8pt; }
  .subtitle { color: #52606d; margin: 0 0 10pt; }
  table { width: 100%; border-collapse: collapse; margin: 4pt 0 8pt; }
  tr { page-break-inside: avoid; }
  th, td { border: 0.6pt solid #cbd2d9; padding: 3pt 5pt; text-align: start; vertical-align: top; }
  th { background: #f0f4f8; }
  td.num { text-align: end; white-space: nowrap; }
  td.nowrap { white-space: nowrap; }
  .muted { color: #7b8794; }
  ul { margin: 2pt 0 6pt; padding-inline-start: 16pt; }
  dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 10pt; margin: 0 0 8pt; }
  dl.facts dt { font-weight: bold; }
  dl.facts dd { margin: 0; }
</style></head>
<body>
<h1>${escapeHtml(d.title)}</h1>
<p class="subtitle">${escapeHtml(W.report)}</p>
<dl class="facts">
  <dt>${escapeHtml(W.committee)}</dt><dd>${escapeHtml(d.committee?.name ?? '')}</dd>
  <dt>${escapeHtml(W.meeting)}</dt><dd>${d.meeting_id ? `#${d.meeting_id}` : escapeHtml(W.standalone)}</dd>
  <dt>${escapeHtml(W.deadline)}</dt><dd>${escapeHtml(d.deadline)}</dd>
  <dt>${escapeHtml(W.state)}</dt><dd>${escapeHtml(d.state)}</dd>
  <dt>${escapeHtml(W.outcome)}</dt><dd><b>${escapeHtml(d.outcome ?? W.votingOpen)}</b></dd>
  ${d.tender_number ? `<dt>${escapeHtml(W.tender)}</dt><dd>${escapeHtml(d.tender_number)}</dd>` : ''}
  <dt>${escapeHtml(W.created)}</dt><dd>${escapeHtml(d.created_at)}</dd>
  <dt>${escapeHtml(W.generated)}</dt><dd>${escapeHtml(doc.generatedAt)}</dd>
</dl>
${d.description ? `<h2>${escapeHtml(W.description)}</h2><p>${para(d.description)}</p>` : ''}
<h2>${escapeHtml(W.results)}</h2>
<table><thead><tr><th>${escapeHtml(W.vote)}</th><th>${escapeHtml(W.votes)}</th><th>%</th></tr></thead><tbody>${tallies}</tbody></table>
<h2>${escapeHtml(W.voters)}</h2>
${d.voters.length ? `<table><thead><tr><th>${escapeHtml(W.name)}</th><th>${escapeHtml(W.vote)}</th><th>${escapeHtml(W.reason)}</th><th>${escapeHtml(W.date)}</th></tr></thead><tbody>${voters}</tbody></table>` : `<p class="muted">${escapeHtml(W.noVote)}</p>`}
${comments ? `<h2>${escapeHtml(W.comments)}</h2><ul>${comments}</ul>` : ''}
${files ? `<h2>${escapeHtml(W.attachments)}</h2><table><thead><tr><th>${escapeHtml(W.file)}</th><th>${escapeHtml(W.page)}</th><th>${escapeHtml(W.pages)}</th></tr></thead><tbody>${files}</tbody></table>` : ''}
</body></html>`;
}

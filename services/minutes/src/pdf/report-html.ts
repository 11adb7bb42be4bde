import type { DecisionPayload, ElectionPayload, Lang } from '@app/contracts';
import { CELL_CSS, commentItems, countWords, escapeHtml, FACTS_CSS, factsList, PAGE_CSS, para, printedPage, ruleText, table, talliesTable, electionTable, electionWords } from './html';
import { printedDates } from './dates';
import { joinNames, valueIn, wordsIn } from './labels';

/**
 * The resolution report as one HTML document for Chromium's print to PDF (A4 portrait): the resolution's facts
 * (committee, meeting, deadline, state, outcome, tender number), its description, the tallies, every voter with
 * their vote and reason, the comments, and the list of attachments with the page each starts on (their pages
 * follow the report, appended by pdf-lib). Arabic is right-to-left; user text is escaped; no script, no request.
 * Its dates go through the minutes' one formatter (dates.ts: the document's language, the zone after the deadline and
 * the time it was made).
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
  number: 'Resolution number',
  movedBy: 'Moved by',
  secondedBy: 'Seconded by',
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
  secretBallot: 'Secret ballot: who has voted is listed, never their choice; the results are the counts above.',
  voted: 'Voted',
  notVoted: 'Not voted',
  comments: 'Comments',
  attachments: 'Attachments',
  file: 'File',
  page: 'Page',
  pages: 'Pages',
  notIncluded: 'not included (no PDF)',
  of: 'of',
} as const;
export type ReportWords = { readonly [K in keyof typeof EN]: string };
type Words = ReportWords;
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
  number: 'رقم القرار',
  movedBy: 'مقدّم الاقتراح',
  secondedBy: 'المثنّي',
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
  secretBallot: 'اقتراع سري: تُذكر أسماء من صوّتوا دون اختياراتهم؛ النتائج هي الأعداد أعلاه.',
  voted: 'صوّت',
  notVoted: 'لم يصوّت',
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
  number: 'Номер решения',
  movedBy: 'Внёс предложение',
  secondedBy: 'Поддержал',
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
  secretBallot: 'Тайное голосование: указано, кто проголосовал, но не их выбор; результаты — подсчёт выше.',
  voted: 'Проголосовал',
  notVoted: 'Не голосовал',
  comments: 'Комментарии',
  attachments: 'Вложения',
  file: 'Файл',
  page: 'Страница',
  pages: 'Страницы',
  notIncluded: 'не включено (не PDF)',
  of: 'из',
};
const FR: Words = {
  report: 'Rapport de résolution',
  committee: 'Comité',
  meeting: 'Réunion',
  standalone: 'Résolution hors séance',
  deadline: 'Échéance',
  state: 'État',
  outcome: 'Résultat',
  votingOpen: 'Vote en cours',
  tender: 'Numéro d’appel d’offres',
  number: 'Numéro de résolution',
  movedBy: 'Proposé par',
  secondedBy: 'Appuyé par',
  created: 'Créée le',
  generated: 'Généré le',
  description: 'Description',
  results: 'Résultats',
  vote: 'Vote',
  votes: 'Voix',
  voters: 'Votants',
  name: 'Nom',
  reason: 'Motif',
  date: 'Date',
  noVote: 'Aucun vote pour l’instant.',
  secretBallot: 'Scrutin secret : seuls les votants sont indiqués, jamais leur choix ; les résultats sont les décomptes ci-dessus.',
  voted: 'A voté',
  notVoted: 'N’a pas voté',
  comments: 'Commentaires',
  attachments: 'Pièces jointes',
  file: 'Fichier',
  page: 'Page',
  pages: 'Pages',
  notIncluded: 'non inclus (pas un PDF)',
  of: 'sur',
};
/** the report's words in each language of the documents (labels.ts `wordsIn`: a language without its list does not compile) */
const WORDS: Readonly<Record<Lang, Words>> = { en: EN, ar: AR, fr: FR, ru: RU };
export const reportWords = (lang: Lang): Words => wordsIn(WORDS, lang);

export interface ReportAttachmentLine {
  name: string;
  /** the first page of the file in the report (1-based), null when it is not part of it */
  start: number | null;
  pages: number;
}

export interface ReportDocument {
  decision: Pick<DecisionPayload, 'id' | 'title' | 'description' | 'committee' | 'meeting_id' | 'deadline' | 'state' | 'outcome' | 'tender_number' | 'created_at' | 'tallies' | 'voters' | 'comments'> & Partial<Pick<DecisionPayload, 'resolution_number' | 'mover' | 'seconder' | 'ballot' | 'outcome_rule' | 'count_by' | 'weight_tallies' | 'total_weight' | 'total_voters' | 'election' | 'voting_open'>> & {
    /** the meeting's title (a report made before it was kept: null, the meeting is then named by its number) */
    meeting_title?: string | null;
  };
  attachments: ReportAttachmentLine[];
  lang: Lang;
  /** when the PDF was made, 'YYYY-MM-DD HH:mm:ss' in the organization's zone (serverDate), as the resolution's dates */
  generatedAt: string;
  /** the organization's time zone, said after the deadline and the time the PDF was made (null: not said) */
  zone?: string | null;
}

/** the report's own style rules around the shared ones */
const CSS = `  @page { size: A4 portrait; margin: 18mm 16mm 20mm 16mm; }
${PAGE_CSS}  .subtitle { color: #52606d; margin: 0 0 10pt; }
  table { width: 100%; border-collapse: collapse; margin: 4pt 0 8pt; }
${CELL_CSS}  td.nowrap { white-space: nowrap; }
  .muted { color: #7b8794; }
  ul { margin: 2pt 0 6pt; padding-inline-start: 16pt; }
${FACTS_CSS}`;

const choiceNames = (e: ElectionPayload, choices: number[], lang: Lang): string => joinNames(choices.map((c) => e.candidates.find((x) => x.id === c)?.name ?? `#${c}`), lang);

export function reportHtml(doc: ReportDocument): string {
  const W = reportWords(doc.lang);
  const d = doc.decision;
  const dates = printedDates(doc.lang, doc.zone ?? null);
  // a secret ballot (docs/ballots.md): who has voted, never what; the payload holds no choice of anyone anyway
  const secret = d.ballot === 'secret';
  // an open election: whom each voter chose (docs/ballots.md#elections)
  const chose = (v: (typeof d.voters)[number]): string | null =>
    d.election && v.choices ? (v.choices.length ? choiceNames(d.election, v.choices, doc.lang) : electionWords(doc.lang).blank) : null;
  const voters = d.voters
    .map((v) => `<tr><td>${escapeHtml(v.user?.name ?? v.user_email ?? '')}</td><td>${escapeHtml(secret ? (v.has_voted ? W.voted : W.notVoted) : (chose(v) ?? valueIn(doc.lang, v.vote_label)))}</td><td>${para(v.reason ?? '')}</td><td class="nowrap">${escapeHtml(dates.dateTime(v.updated_at))}</td></tr>`)
    .join('');
  const comments = commentItems(d.comments.map((c) => ({ name: c.user_name ?? c.user_email, comment: c.comment })));
  const files = doc.attachments
    .map((a) => `<tr><td>${escapeHtml(a.name)}</td><td class="num">${a.start === null ? escapeHtml(W.notIncluded) : a.start}</td><td class="num">${a.start === null ? '' : a.pages}</td></tr>`)
    .join('');
  // the record of a board (issue 27): the number first, the mover and seconder after the rule; none of these lines when not recorded
  const recorded = (label: string, value: string | null | undefined): Array<readonly [string, string]> => (value ? [[label, escapeHtml(value)]] : []);
  const facts = factsList([
    ...recorded(W.number, d.resolution_number),
    [W.committee, escapeHtml(d.committee?.name ?? '')],
    [W.meeting, d.meeting_id ? escapeHtml(d.meeting_title ?? `#${d.meeting_id}`) : escapeHtml(W.standalone)],
    [W.deadline, escapeHtml(dates.dateTime(d.deadline, { zoned: true }))],
    [W.state, escapeHtml(d.state)],
    // an election's result is its table per candidate: no Passed or Rejected once closed
    [W.outcome, `<b>${escapeHtml(d.outcome ? valueIn(doc.lang, d.outcome) : d.election && !d.voting_open ? '—' : W.votingOpen)}</b>`],
    [countWords(doc.lang).rule, escapeHtml(ruleText(d, doc.lang))],
    d.tender_number ? [W.tender, escapeHtml(d.tender_number)] : null,
    ...recorded(W.movedBy, d.mover?.name),
    ...recorded(W.secondedBy, d.seconder?.name),
    [W.created, escapeHtml(dates.dateTime(d.created_at))],
    [W.generated, escapeHtml(dates.dateTime(doc.generatedAt, { zoned: true }))],
  ]);
  return printedPage({
    lang: doc.lang,
    title: d.title,
    subtitle: W.report,
    css: CSS,
    body: `${facts}
${d.description ? `<h2>${escapeHtml(W.description)}</h2><p>${para(d.description)}</p>` : ''}
<h2>${escapeHtml(W.results)}</h2>
${d.election ? electionTable({ election: d.election, count_by: d.count_by ?? 'head' }, doc.lang) : talliesTable(d, W, doc.lang)}
<h2>${escapeHtml(W.voters)}</h2>
${secret ? `<p class="muted">${escapeHtml(W.secretBallot)}</p>` : ''}${d.voters.length ? table([W.name, W.vote, W.reason, W.date], voters) : `<p class="muted">${escapeHtml(W.noVote)}</p>`}
${comments ? `<h2>${escapeHtml(W.comments)}</h2><ul>${comments}</ul>` : ''}
${files ? `<h2>${escapeHtml(W.attachments)}</h2>${table([W.file, W.page, W.pages], files)}` : ''}`,
  });
}

import { EVALUATION_MIN_ANSWERS, localized, type Lang, type Question, type QuestionResult, type RoundResults } from '@app/contracts';
import { printedDates } from './dates';
import { CELL_CSS, escapeHtml, FACTS_CSS, factsList, PAGE_CSS, para, printedPage, table } from './html';
import { joinNames, wordsIn } from './labels';

/**
 * The PDF of an evaluation round's results (docs/evaluations.md#the-results-pdf) as one HTML document for Chromium's
 * print (A4 portrait): the round's facts, then per question how many answered, the distribution (count, share, a bar,
 * the previous round's count), the average of a scale with the previous one and the change, the free texts sorted;
 * a named round adds each member's answers (what the secretary exports). Arabic is right-to-left; user text escaped.
 */
const EN = {
  subtitle: 'Evaluation results',
  committee: 'Committee',
  deadline: 'Deadline',
  closedEarly: 'Closed early',
  answered: 'Answered',
  kind: 'Answers',
  anonymous: 'Anonymous: totals only, never who answered what',
  named: 'Named: each member\'s answers are shown',
  generated: 'Generated',
  notYet: 'Results are shown once {n} members have answered; {answered} have so far. This document holds no answer.',
  none: 'No answers yet.',
  answers: '{n} answered',
  average: 'Average',
  previous: 'Last round',
  change: 'Change',
  value: 'Answer',
  count: 'Count',
  share: 'Share',
  texts: 'Comments',
  noTexts: 'No comments.',
  byMember: 'Answers by member',
  member: 'Member',
  answeredAt: 'Answered at',
  of: 'of',
} as const;
export type EvaluationWords = { readonly [K in keyof typeof EN]: string };
type Words = EvaluationWords;
const AR: Words = {
  subtitle: 'نتائج التقييم',
  committee: 'اللجنة',
  deadline: 'الموعد النهائي',
  closedEarly: 'أُغلق مبكرًا',
  answered: 'أجاب',
  kind: 'الإجابات',
  anonymous: 'مجهولة الهوية: المجاميع فقط، ولا يُعرف أبدًا من أجاب بماذا',
  named: 'بالاسم: تُعرض إجابات كل عضو',
  generated: 'تاريخ الإنشاء',
  notYet: 'تظهر النتائج عندما يجيب {n} من الأعضاء؛ أجاب {answered} حتى الآن. لا يحتوي هذا المستند على أي إجابة.',
  none: 'لا توجد إجابات بعد.',
  answers: 'أجاب {n}',
  average: 'المتوسط',
  previous: 'الجولة السابقة',
  change: 'التغيّر',
  value: 'الإجابة',
  count: 'العدد',
  share: 'النسبة',
  texts: 'التعليقات',
  noTexts: 'لا توجد تعليقات.',
  byMember: 'الإجابات حسب العضو',
  member: 'العضو',
  answeredAt: 'وقت الإجابة',
  of: 'من',
};
const FR: Words = {
  subtitle: "Résultats de l'évaluation",
  committee: 'Comité',
  deadline: 'Échéance',
  closedEarly: 'Clôturé avant l\'échéance',
  answered: 'Réponses',
  kind: 'Réponses',
  anonymous: 'Anonymes : totaux seulement, jamais qui a répondu quoi',
  named: 'Nominatives : les réponses de chaque membre sont montrées',
  generated: 'Généré le',
  notYet: 'Les résultats s\'affichent dès que {n} membres ont répondu ; {answered} l\'ont fait. Ce document ne contient aucune réponse.',
  none: 'Aucune réponse pour l\'instant.',
  answers: '{n} réponses',
  average: 'Moyenne',
  previous: 'Tour précédent',
  change: 'Évolution',
  value: 'Réponse',
  count: 'Nombre',
  share: 'Part',
  texts: 'Commentaires',
  noTexts: 'Aucun commentaire.',
  byMember: 'Réponses par membre',
  member: 'Membre',
  answeredAt: 'Répondu le',
  of: 'sur',
};
const RU: Words = {
  subtitle: 'Результаты оценки',
  committee: 'Комитет',
  deadline: 'Срок',
  closedEarly: 'Закрыта досрочно',
  answered: 'Ответили',
  kind: 'Ответы',
  anonymous: 'Анонимно: только итоги, кто что ответил — никогда',
  named: 'Именно: показаны ответы каждого участника',
  generated: 'Создано',
  notYet: 'Результаты показываются, когда ответят {n} участника; пока ответили {answered}. В документе нет ни одного ответа.',
  none: 'Ответов пока нет.',
  answers: 'Ответов: {n}',
  average: 'Среднее',
  previous: 'Прошлый раунд',
  change: 'Изменение',
  value: 'Ответ',
  count: 'Число',
  share: 'Доля',
  texts: 'Комментарии',
  noTexts: 'Комментариев нет.',
  byMember: 'Ответы по участникам',
  member: 'Участник',
  answeredAt: 'Время ответа',
  of: 'из',
};
/** the results' words in each language of the documents (labels.ts `wordsIn`: a language without its list does not compile) */
const WORDS: Readonly<Record<Lang, Words>> = { en: EN, ar: AR, fr: FR, ru: RU };
export const evaluationWords = (lang: Lang): Words => wordsIn(WORDS, lang);

const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/**
 * What the PDF may show of a round (the results page's rule, applied again to what the job was handed): aggregates
 * only when the results are available — an anonymous round from EVALUATION_MIN_ANSWERS answers — and never a
 * member's name or sheet for an anonymous round (not even who has answered: the page lists them, the document that
 * leaves the platform does not). A named round shows each member's answers.
 */
export function evaluationPdfContent(r: Pick<RoundResults, 'available' | 'questions' | 'responses'> & { round: Pick<RoundResults['round'], 'anonymous' | 'answered'> }): {
  aggregates: boolean;
  responses: RoundResults['responses'];
} {
  const enough = r.round.anonymous ? r.round.answered >= EVALUATION_MIN_ANSWERS : r.round.answered > 0;
  const aggregates = r.available && enough;
  return { aggregates, responses: r.round.anonymous || !aggregates ? [] : r.responses };
}

const CSS = `  @page { size: A4 portrait; margin: 18mm 16mm 20mm 16mm; }
${PAGE_CSS}  .subtitle { color: #52606d; margin: 0 0 10pt; }
  table { width: 100%; border-collapse: collapse; margin: 4pt 0 8pt; }
${CELL_CSS}  .muted { color: #7b8794; }
  h3 { font-size: 12pt; margin: 12pt 0 4pt; page-break-after: avoid; }
  .bar { width: 90pt; }
  ul { margin: 2pt 0 6pt; padding-inline-start: 16pt; }
${FACTS_CSS}`;

const pct = (count: number, total: number) => (total ? Math.round((count / total) * 100) : 0);
/** a bar of the share (an SVG: printed as drawn, mirrored for Arabic by the page's direction) */
const bar = (share: number, lang: Lang) =>
  `<svg class="bar" viewBox="0 0 100 8" width="90pt" height="7pt" aria-hidden="true"><rect x="0" y="0" width="100" height="8" fill="#e4e7eb"/><rect x="${lang === 'ar' ? 100 - share : 0}" y="0" width="${share}" height="8" fill="#3b5bdb"/></svg>`;

function optionLabel(q: Question, value: string, lang: Lang): string {
  if (q.kind === 'scale') return value;
  if (q.kind === 'single' || q.kind === 'multiple') return localized(q.options.find((o) => o.id === value)?.text, lang) || value;
  return value;
}

function questionBlock(q: Question, r: QuestionResult, lang: Lang, W: Words): string {
  const head = `<h3>${escapeHtml(localized(q.text, lang))}</h3>`;
  const meta: string[] = [escapeHtml(fill(W.answers, { n: r.n }))];
  if (r.average !== null) meta.push(`${escapeHtml(W.average)}: <b>${r.average.toFixed(2)}</b>`);
  if (r.average !== null && r.previous?.average != null) {
    const delta = Math.round((r.average - r.previous.average) * 100) / 100;
    meta.push(`${escapeHtml(W.previous)}: ${r.previous.average.toFixed(2)} (${escapeHtml(W.change)} ${delta > 0 ? '+' : ''}${delta.toFixed(2)})`);
  }
  const line = `<p>${meta.join(' · ')}</p>`;
  if (q.kind === 'text') {
    return `${head}${line}${r.texts.length ? `<ul>${r.texts.map((t) => `<li>${para(t)}</li>`).join('')}</ul>` : `<p class="muted">${escapeHtml(W.noTexts)}</p>`}`;
  }
  const rows = r.counts
    .map((c) => {
      const share = pct(c.count, r.n);
      const prev = r.previous ? String(r.previous.counts.find((p) => p.value === c.value)?.count ?? 0) : '';
      return `<tr><td>${escapeHtml(optionLabel(q, c.value, lang))}</td><td class="num">${c.count}</td><td class="num">${share}%</td><td>${bar(share, lang)}</td>${r.previous ? `<td class="num">${prev}</td>` : ''}</tr>`;
    })
    .join('');
  return `${head}${line}${table([W.value, W.count, W.share, '', ...(r.previous ? [W.previous] : [])], rows)}`;
}

function answerCell(q: Question, a: number | string | string[] | undefined, lang: Lang): string {
  if (a === undefined) return '';
  if (q.kind === 'single' || q.kind === 'multiple') return joinNames((Array.isArray(a) ? a : [String(a)]).map((id) => optionLabel(q, id, lang)), lang);
  return String(a);
}

export interface EvaluationDocument {
  results: RoundResults;
  lang: Lang;
  /** when the PDF was made, 'YYYY-MM-DD HH:mm:ss' in the organization's zone (serverDate), as the round's dates */
  generatedAt: string;
  /** the organization's time zone, said after the deadline and the time the PDF was made (null: not said) */
  zone?: string | null;
}

export function evaluationHtml(doc: EvaluationDocument): string {
  const { results: r, lang } = doc;
  const W = evaluationWords(lang);
  const content = evaluationPdfContent(r);
  const questions = r.round.sections.flatMap((s) => s.questions);
  // the minutes' one formatter (dates.ts): the document's language, the zone after the deadline and the time it was made
  const dates = printedDates(lang, doc.zone ?? null);
  const facts = factsList([
    [W.committee, escapeHtml(r.round.committee.name)],
    [W.deadline, escapeHtml(dates.dateTime(r.round.deadline, { zoned: true }))],
    r.round.closed_at ? [W.closedEarly, escapeHtml(dates.dateTime(r.round.closed_at))] : null,
    [W.answered, escapeHtml(`${r.round.answered} ${W.of} ${r.round.recipients}`)],
    [W.kind, escapeHtml(r.round.anonymous ? W.anonymous : W.named)],
    [W.generated, escapeHtml(dates.dateTime(doc.generatedAt, { zoned: true }))],
  ]);
  let body: string;
  if (!content.aggregates) {
    body = `<p class="muted">${escapeHtml(r.round.anonymous ? fill(W.notYet, { n: r.min_answers, answered: r.round.answered }) : W.none)}</p>`;
  } else {
    body = r.round.sections
      .map((s) => {
        const blocks = s.questions
          .map((q) => {
            const res = r.questions.find((x) => x.question_id === q.id);
            return res ? questionBlock(q, res, lang, W) : '';
          })
          .join('\n');
        return `<h2>${escapeHtml(localized(s.title, lang))}</h2>\n${blocks}`;
      })
      .join('\n');
    if (content.responses.length) {
      const rows = content.responses
        .map((x) => `<tr><td>${escapeHtml(x.user.name ?? `#${x.user.id}`)}</td><td class="num">${escapeHtml(dates.dateTime(x.answered_at))}</td>${questions.map((q) => `<td>${para(answerCell(q, x.answers[q.id], lang))}</td>`).join('')}</tr>`)
        .join('');
      body += `\n<h2>${escapeHtml(W.byMember)}</h2>\n${table([W.member, W.answeredAt, ...questions.map((q) => localized(q.text, lang))], rows)}`;
    }
  }
  return printedPage({ lang, title: localized(r.round.title, lang), subtitle: W.subtitle, css: CSS, body: `${facts}\n${body}` });
}

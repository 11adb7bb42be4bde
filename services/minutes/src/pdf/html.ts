import { showsWeights, type CountBy, type DecisionPayload, type Lang, type OutcomeRule } from '@app/contracts';
import { valueIn, wordsIn } from './labels';

/**
 * What the service's printed documents (the minutes, the resolution report) build alike: escaping, the page around
 * the content (language and direction, a policy that allows no script and no request, the title and subtitle), the
 * facts list under the title, tables, a vote's tallies and comments, and the style rules of those shapes. Each
 * document adds its own rules and content around them.
 */

export const escapeHtml = (s: string | null | undefined): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** text people wrote, escaped, its line breaks kept */
export const para = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** the fonts of every printed document (Arabic shaped by the Noto Arabic faces the render image installs) */
export const PRINT_FONTS = `'Noto Sans', 'Noto Naskh Arabic', 'Noto Sans Arabic', 'DejaVu Sans', 'Liberation Sans', sans-serif`;

/** the body's font and the two heading levels of every printed document */
export const PAGE_CSS = `  body { font-family: ${PRINT_FONTS}; font-size: 11pt; color: #1f2933; line-height: 1.45; }
  h1 { font-size: 20pt; margin: 0 0 4pt; }
  h2 { font-size: 14pt; border-bottom: 1.5pt solid #3b5bdb; padding-bottom: 3pt; margin: 18pt 0 8pt; }
`;

/** the rows and cells of `table()`: a row is not split over two pages; `td.num` for numbers */
export const CELL_CSS = `  tr { page-break-inside: avoid; }
  th, td { border: 0.6pt solid #cbd2d9; padding: 3pt 5pt; text-align: start; vertical-align: top; }
  th { background: #f0f4f8; }
  td.num { text-align: end; white-space: nowrap; }
`;

/** `factsList()`: labels in a column of their own */
export const FACTS_CSS = `  dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 10pt; margin: 0 0 8pt; }
  dl.facts dt { font-weight: bold; }
  dl.facts dd { margin: 0; }
`;

/** a whole document for Chromium's print to PDF: the title as heading, its subtitle (text), then `body` (HTML) */
export function printedPage(p: { lang: Lang; title: string; subtitle: string; css: string; body: string }): string {
  return `<!doctype html>
<html lang="${p.lang}" dir="${p.lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>${escapeHtml(p.title)}</title>
<style>
${p.css}</style></head>
<body>
<h1>${escapeHtml(p.title)}</h1>
<p class="subtitle">${escapeHtml(p.subtitle)}</p>
${p.body}
</body></html>`;
}

/** the facts under the title, a label (text) and its value (HTML) a line; a fact left out (null) leaves its line empty */
export function factsList(facts: (readonly [label: string, valueHtml: string] | null)[]): string {
  return `<dl class="facts">\n${facts.map((f) => (f ? `  <dt>${escapeHtml(f[0])}</dt><dd>${f[1]}</dd>` : '  ')).join('\n')}\n</dl>`;
}

/** a table: the header's labels (text), then the body's rows (HTML) */
export const table = (headers: string[], rows: string): string =>
  `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;

/** the words of a decision's count (docs/ballots.md#weights-and-outcome-rules), in each language of the documents */
export type CountWords = { readonly weight: string; readonly rule: string; readonly rules: Readonly<Record<OutcomeRule, string>>; readonly countBy: Readonly<Record<CountBy, string>> };
const COUNT_WORDS: Readonly<Record<Lang, CountWords>> = {
  en: {
    weight: 'Weight', rule: 'Rule',
    rules: { simple_majority: 'Simple majority of votes cast', majority_of_members: 'Majority of all voters', two_thirds: 'Two thirds of votes cast', unanimity: 'Unanimity of votes cast' },
    countBy: { head: 'one vote per voter', weight: 'by weight' },
  },
  ar: {
    weight: 'الوزن', rule: 'القاعدة',
    rules: { simple_majority: 'الأغلبية البسيطة من الأصوات المدلى بها', majority_of_members: 'أغلبية جميع المصوتين', two_thirds: 'ثلثا الأصوات المدلى بها', unanimity: 'إجماع الأصوات المدلى بها' },
    countBy: { head: 'صوت واحد لكل مصوت', weight: 'بالوزن' },
  },
  ru: {
    weight: 'Вес', rule: 'Правило',
    rules: { simple_majority: 'Простое большинство поданных голосов', majority_of_members: 'Большинство всех голосующих', two_thirds: 'Две трети поданных голосов', unanimity: 'Единогласие поданных голосов' },
    countBy: { head: 'один голос на голосующего', weight: 'по весу' },
  },
  fr: {
    weight: 'Poids', rule: 'Règle',
    rules: { simple_majority: 'Majorité simple des voix exprimées', majority_of_members: 'Majorité de tous les votants', two_thirds: 'Deux tiers des voix exprimées', unanimity: 'Unanimité des voix exprimées' },
    countBy: { head: 'une voix par votant', weight: 'au poids' },
  },
};
export const countWords = (lang: Lang): CountWords => wordsIn(COUNT_WORDS, lang);

type Counted = Pick<DecisionPayload, 'tallies'> & Partial<Pick<DecisionPayload, 'outcome_rule' | 'count_by' | 'weight_tallies' | 'total_weight' | 'total_voters'>>;

/** the rule a decision is carried under and how it is counted ("Simple majority of votes cast · one vote per voter") */
export const ruleText = (d: Counted, lang: Lang): string => {
  const w = countWords(lang);
  return `${w.rules[d.outcome_rule ?? 'simple_majority']} · ${w.countBy[d.count_by ?? 'head']}`;
};

/**
 * a vote's results: each option with its count and share by head and, when weights matter (a count by weight, or
 * weights other than 1), the weight behind it and its share
 */
export const talliesTable = (d: Counted, words: { vote: string; votes: string }, lang: Lang): string => {
  const weights = d.weight_tallies?.length && d.count_by && d.total_weight !== undefined && d.total_voters !== undefined && showsWeights({ count_by: d.count_by, total_weight: d.total_weight, total_voters: d.total_voters }) ? d.weight_tallies : null;
  const weightCells = (i: number) => (weights ? `<td class="num">${weights[i]?.count ?? 0}</td><td class="num">${weights[i]?.percentage ?? 0}%</td>` : '');
  return table(
    weights ? [words.vote, words.votes, '%', countWords(lang).weight, '%'] : [words.vote, words.votes, '%'],
    d.tallies.map((t, i) => `<tr><td>${escapeHtml(valueIn(lang, t.label))}</td><td class="num">${t.count}</td><td class="num">${t.percentage}%</td>${weightCells(i)}</tr>`).join(''),
  );
};

/** the words of an election's results (docs/ballots.md#elections), in each language of the documents */
const ELECTION_EN = { seats: 'Election: {seats} seat(s)', candidate: 'Candidate', votes: 'Votes', weight: 'Weight', result: 'Result', elected: 'Elected', tied: 'Tied', tie: 'Tie for the last {n} seat(s): the candidates marked Tied are level.', withheld: 'The results per candidate are published when voting closes.', blank: 'Blank ballot' } as const;
export type ElectionWords = { readonly [K in keyof typeof ELECTION_EN]: string };
const ELECTION_WORDS: Readonly<Record<Lang, ElectionWords>> = {
  en: ELECTION_EN,
  ar: { seats: 'انتخاب: {seats} من المقاعد', candidate: 'المرشح', votes: 'الأصوات', weight: 'الوزن', result: 'النتيجة', elected: 'فائز', tied: 'متعادل', tie: 'تعادل على آخر {n} من المقاعد: المرشحون المعلَّمون بـ«متعادل» متساوون.', withheld: 'تُنشر النتائج لكل مرشح عند إغلاق التصويت.', blank: 'ورقة بيضاء' },
  ru: { seats: 'Выборы: мест — {seats}', candidate: 'Кандидат', votes: 'Голоса', weight: 'Вес', result: 'Итог', elected: 'Избран', tied: 'Ничья', tie: 'Ничья за последние места (мест: {n}): кандидаты с отметкой «Ничья» равны.', withheld: 'Результаты по кандидатам публикуются после закрытия голосования.', blank: 'Пустой бюллетень' },
  fr: { seats: 'Élection : {seats} siège(s)', candidate: 'Candidat', votes: 'Voix', weight: 'Poids', result: 'Résultat', elected: 'Élu', tied: 'À égalité', tie: 'Égalité pour le(s) {n} dernier(s) siège(s) : les candidats marqués À égalité sont à égalité.', withheld: 'Les résultats par candidat sont publiés à la clôture du vote.', blank: 'Bulletin blanc' },
};
export const electionWords = (lang: Lang): ElectionWords => wordsIn(ELECTION_WORDS, lang);

/**
 * an election's results: the seats, then each candidate with the votes (and the weight when counted by weight) and
 * Elected or Tied; a tie at the last seat said in words
 */
export const electionTable = (d: Pick<DecisionPayload, 'election' | 'count_by'>, lang: Lang): string => {
  const e = d.election;
  if (!e) return '';
  const w = electionWords(lang);
  const byWeight = d.count_by === 'weight';
  const rows = e.candidates
    .map((c) => `<tr><td>${escapeHtml(c.name)}</td><td class="num">${c.votes ?? '—'}</td>${byWeight ? `<td class="num">${c.weight ?? '—'}</td>` : ''}<td>${c.elected ? `<b>${escapeHtml(w.elected)}</b>` : c.tied ? escapeHtml(w.tied) : '—'}</td></tr>`)
    .join('');
  return `<p class="meta">${escapeHtml(w.seats.replace('{seats}', String(e.seats)))}</p>
${e.results_shown ? '' : `<p class="meta">${escapeHtml(w.withheld)}</p>`}${e.tied_seats > 0 ? `<p><b>${escapeHtml(w.tie.replace('{n}', String(e.tied_seats)))}</b></p>` : ''}
${table(byWeight ? [w.candidate, w.votes, w.weight, w.result] : [w.candidate, w.votes, w.result], rows)}`;
};

/** comments as list items: the writer in bold, then the text */
export const commentItems = (comments: { name: string | null | undefined; comment: string }[]): string =>
  comments.map((c) => `<li><b>${escapeHtml(c.name)}</b>: ${para(c.comment)}</li>`).join('');

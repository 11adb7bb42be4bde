import type { DecisionPayload, Lang } from '@app/contracts';

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

/** the body's font and the two heading levels of every printed document */
export const PAGE_CSS = `  body { font-family: 'Noto Sans', 'Noto Naskh Arabic', 'Noto Sans Arabic', 'DejaVu Sans', 'Liberation Sans', sans-serif; font-size: 11pt; color: #1f2933; line-height: 1.45; }
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

/** a vote's results: each option with its count and share */
export const talliesTable = (tallies: DecisionPayload['tallies'], words: { vote: string; votes: string }): string =>
  table(
    [words.vote, words.votes, '%'],
    tallies.map((t) => `<tr><td>${escapeHtml(t.label)}</td><td class="num">${t.count}</td><td class="num">${t.percentage}%</td></tr>`).join(''),
  );

/** comments as list items: the writer in bold, then the text */
export const commentItems = (comments: { name: string | null | undefined; comment: string }[]): string =>
  comments.map((c) => `<li><b>${escapeHtml(c.name)}</b>: ${para(c.comment)}</li>`).join('');

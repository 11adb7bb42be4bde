import { commentItems, escapeHtml, factsList, printedPage, table, talliesTable } from './html';

describe('the shapes the printed documents share', () => {
  it.each([
    ['<a href="x">', '&lt;a href=&quot;x&quot;&gt;'],
    ["it's", 'it&#39;s'],
    [null, ''],
  ])('escapeHtml(%p)', (input, out) => expect(escapeHtml(input)).toBe(out));

  it('a table: escaped header labels, the rows as given', () => {
    expect(table(['Name', 'R&D'], '<tr><td>x</td></tr>')).toBe('<table><thead><tr><th>Name</th><th>R&amp;D</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>');
  });

  it("a vote's tallies: label, count and share a row, numbers aligned", () => {
    const tallies = [
      { vote: 'Approved', label: 'Approved', count: 2, percentage: 66.67 },
      { vote: 'Rejected', label: '<Rejected>', count: 1, percentage: 33.33 },
    ] as Parameters<typeof talliesTable>[0]['tallies'];
    expect(talliesTable({ tallies }, { vote: 'Vote', votes: 'Votes' }, 'en')).toBe(
      '<table><thead><tr><th>Vote</th><th>Votes</th><th>%</th></tr></thead><tbody>' +
        '<tr><td>Approved</td><td class="num">2</td><td class="num">66.67%</td></tr>' +
        '<tr><td>&lt;Rejected&gt;</td><td class="num">1</td><td class="num">33.33%</td></tr></tbody></table>',
    );
  });

  it('the facts list: a line a fact, an empty line where one is left out', () => {
    expect(factsList([['Committee', 'Board'], null, ['Outcome', '<b>Passed</b>']])).toBe(
      '<dl class="facts">\n  <dt>Committee</dt><dd>Board</dd>\n  \n  <dt>Outcome</dt><dd><b>Passed</b></dd>\n</dl>',
    );
  });

  it('comments: the writer in bold (nothing when unknown), the text escaped with its line breaks', () => {
    expect(commentItems([{ name: 'Mona', comment: 'a & b\nc' }, { name: null, comment: 'x' }])).toBe('<li><b>Mona</b>: a &amp; b<br>c</li><li><b></b>: x</li>');
  });

  it('the page: language and direction, no script or request allowed, the title escaped as title and heading', () => {
    const html = printedPage({ lang: 'ar', title: 'A <b>', subtitle: 'Minutes · Version 2', css: '  p { }\n', body: '<p>x</p>' });
    expect(html).toBe(`<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>A &lt;b&gt;</title>
<style>
  p { }
</style></head>
<body>
<h1>A &lt;b&gt;</h1>
<p class="subtitle">Minutes · Version 2</p>
<p>x</p>
</body></html>`);
    expect(printedPage({ lang: 'en', title: 't', subtitle: 's', css: '', body: '' })).toContain('<html lang="en" dir="ltr">');
  });
});

import { checkedSentences, citableSentences, citationHolds, keyTerms, pageLabel, parsePageLabel, summarizeCited, textLanguage, type SourcePage } from './cited';

const BUDGET = [
  'Quarterly Budget Report The committee reviewed the annual budget for the new building.',
  'The weather was fine.',
  'The finance team proposed a reserve of ten percent for the new building budget.',
  'Page 2',
].join(' ');
const HIRING = 'The board approved hiring two auditors for the audit of the pension fund. Coffee was served at noon to everyone present.';
const ARABIC = 'ناقشت اللجنة الميزانية السنوية للمبنى الجديد بالتفصيل. وافق المجلس على تعيين مدققين اثنين لمراجعة صندوق التقاعد.';

describe('citableSentences', () => {
  it.each<[string, string, number, string[]]>([
    ['sentences of a page, short ones left out', BUDGET, 40, [
      'Quarterly Budget Report The committee reviewed the annual budget for the new building.',
      'The weather was fine.',
      'The finance team proposed a reserve of ten percent for the new building budget.',
    ]],
    ['a heading and a page number alone are not sentences', 'Agenda. Page 3. Item one', 40, []],
    ['a run without stops or commas is cut into runs of maxWords words', 'alpha beta gamma delta epsilon zeta eta theta iota kappa', 5, ['alpha beta gamma delta epsilon', 'zeta eta theta iota kappa']],
    ['Arabic stops', ARABIC, 40, ['ناقشت اللجنة الميزانية السنوية للمبنى الجديد بالتفصيل.', 'وافق المجلس على تعيين مدققين اثنين لمراجعة صندوق التقاعد.']],
    ['empty', '', 40, []],
  ])('%s', (_n, text, max, expected) => expect(citableSentences(text, max)).toEqual(expected));

  it('every sentence is a verbatim part of the page', () => {
    for (const s of citableSentences(`${BUDGET} ${HIRING} ${ARABIC}`)) expect(`${BUDGET} ${HIRING} ${ARABIC}`).toContain(s);
  });
});

describe('summarizeCited', () => {
  const pages: SourcePage[] = [
    { doc: 0, page: 1, text: BUDGET },
    { doc: 0, page: 2, text: 'The new building budget was approved with the reserve. Lunch followed.' },
    { doc: 1, page: 1, text: HIRING },
  ];

  it.each<[string, SourcePage[], number, { text: string; doc: number; page: number }[]]>([
    ['no pages', [], 3, []],
    ['pages without sentences', [{ doc: 0, page: 1, text: 'Page 1' }], 3, []],
    ['the best sentences across pages, in reading order, each citing its own page', pages, 2, [
      { doc: 0, page: 1, text: 'The finance team proposed a reserve of ten percent for the new building budget.' },
      { doc: 0, page: 2, text: 'The new building budget was approved with the reserve.' },
    ]],
  ])('%s', (_n, input, max, expected) => expect(summarizeCited(input, { ratio: 1, maxSentences: max, maxChars: 2000 })).toEqual(expected));

  it('a sentence repeated on every page (a running header) is offered once', () => {
    const header = 'Board of Directors confidential board papers for members.';
    const out = summarizeCited([{ doc: 0, page: 1, text: `${header} ${HIRING}` }, { doc: 0, page: 2, text: `${header} ${BUDGET}` }], { ratio: 1, maxSentences: 10, maxChars: 5000 });
    expect(out.filter((s) => s.text === header)).toEqual([{ doc: 0, page: 1, text: header }]);
  });

  it('Arabic pages cite their own page', () => {
    const out = summarizeCited([{ doc: 2, page: 4, text: ARABIC }], { ratio: 1, maxSentences: 1, maxChars: 2000 });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ doc: 2, page: 4 });
    expect(ARABIC).toContain(out[0].text);
  });

  it('keeps within the characters allowed', () => {
    const out = summarizeCited(pages, { ratio: 1, maxSentences: 10, maxChars: 100 });
    expect(out.map((s) => s.text).join(' ').length).toBeLessThanOrEqual(100);
  });
});

describe('keyTerms and citationHolds', () => {
  it.each<[string, string, string[]]>([
    ['English: stop words out, distinct', 'The budget and the Budget of the building', ['budget', 'building']],
    ['Arabic: article and alef forms folded', 'الإدارة أقرت الميزانية', ['اداره', 'اقرت', 'ميزانيه']],
  ])('keyTerms %s', (_n, text, expected) => expect(keyTerms(text)).toEqual(expected));

  it.each<[string, { text: string; quote: string }, string | undefined, boolean]>([
    ['quote on the page, sentence about it', { text: 'A reserve of ten percent was proposed.', quote: 'proposed a reserve of ten percent' }, BUDGET, true],
    ['quote words in another order still hold', { text: 'Auditors will be hired.', quote: 'hiring auditors two approved' }, HIRING, true],
    ['a quote word missing from the page', { text: 'A reserve of twenty percent was proposed.', quote: 'reserve of twenty percent' }, BUDGET, false],
    ['the quote is true but the sentence is about something else', { text: 'Salaries rise next year.', quote: 'reserve of ten percent' }, BUDGET, false],
    ['a quote of stop words only', { text: 'The budget.', quote: 'of the and' }, BUDGET, false],
    ['no such page', { text: 'The budget.', quote: 'budget' }, undefined, false],
    ['Arabic written with other alef forms and diacritics', { text: 'أقرّ المجلس تعيين مدققين.', quote: 'وافق المجلس على تعيين مدققين' }, ARABIC, true],
  ])('%s', (_n, sentence, page, expected) => expect(citationHolds(sentence, page)).toBe(expected));
});

describe('page labels', () => {
  it.each<[string, { doc: number; page: number } | null]>([
    ['D1-P2', { doc: 0, page: 2 }],
    ['[D3-P10]', { doc: 2, page: 10 }],
    ['d2 - p1', { doc: 1, page: 1 }],
    ['D0-P1', null],
    ['D1-P0', null],
    ['page 2', null],
  ])('%s', (label, expected) => expect(parsePageLabel(label)).toEqual(expected));

  it('pageLabel and parsePageLabel are inverse', () => expect(parsePageLabel(pageLabel(4, 7))).toEqual({ doc: 4, page: 7 }));
});

describe('checkedSentences', () => {
  const pages: SourcePage[] = [{ doc: 0, page: 1, text: BUDGET }, { doc: 1, page: 1, text: HIRING }];
  it('keeps the sentences whose cited page bears them out, drops the rest, at most max', () => {
    const answer = [
      { text: 'A reserve of ten percent was proposed.', source: 'D1-P1', quote: 'reserve of ten percent' },
      { text: 'Two auditors will be hired.', source: 'D1-P1', quote: 'hiring two auditors' }, // wrong page
      { text: 'Two auditors will be hired.', source: 'D2-P1', quote: 'hiring two auditors' },
      { text: 'Something on a page that does not exist.', source: 'D9-P9', quote: 'something' },
      { text: 'Coffee was served.', source: 'D2-P1', quote: 'Coffee was served' },
    ];
    expect(checkedSentences(answer, pages, 2)).toEqual([
      { text: 'A reserve of ten percent was proposed.', doc: 0, page: 1 },
      { text: 'Two auditors will be hired.', doc: 1, page: 1 },
    ]);
  });
});

describe('textLanguage', () => {
  it.each<[string, string, string]>([
    ['English', BUDGET, 'en'],
    ['Arabic', ARABIC, 'ar'],
    ['mostly Arabic with a Latin word', `${ARABIC} PDF`, 'ar'],
    ['Russian', 'Совет директоров утвердил бюджет на следующий год.', 'ru'],
    ['nothing', '123', 'en'],
  ])('%s', (_n, text, expected) => expect(textLanguage(text)).toBe(expected));
});

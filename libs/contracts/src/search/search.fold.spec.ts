import { findFolded, foldSearchText, searchPassage, searchPassageOfWords } from './search.fold';

describe('foldSearchText', () => {
  it.each([
    ['Board Meeting', 'board meeting'],
    ['أحمد', 'احمد'],
    ['إدارة', 'اداره'],
    ['آمال', 'امال'],
    ['ٱلله', 'الله'],
    ['مُسْتَشْفَى', 'مستشفي'],
    ['عـــربي', 'عربي'],
    ['مدرسة', 'مدرسه'],
    ['الْمُوَازَنَةُ', 'الموازنه'],
    ['Ёлка', 'елка'],
    ['ЁЖИК ёжик', 'ежик ежик'],
    ['Réunion du CONSEIL', 'réunion du conseil'],
    ['', ''],
  ])('%p -> %p', (input, folded) => expect(foldSearchText(input)).toBe(folded));

  it('folds a decomposed hamza (alef + combining hamza above) like the composed letter', () => {
    expect(foldSearchText('\u0627\u0654حمد')).toBe(foldSearchText('أحمد'));
  });
});

describe('findFolded', () => {
  it.each([
    ['اجتماع أحمد السنوي', 'احمد', 7, 11],
    ['اجتماع أَحْمَد السنوي', 'احمد', 7, 14],
    ['Annual Budget Review', 'budget', 7, 13],
    ['Годовой отчёт', 'отчет', 8, 13],
    ['Nothing here', 'budget', null, null],
    ['anything', '   ', null, null],
  ])('%p / %p -> [%p, %p)', (text, q, start, end) => {
    const m = findFolded(text, q);
    expect(m ? [m.start, m.end] : [null, null]).toEqual([start, end]);
  });
});

describe('searchPassage', () => {
  it('keeps a short text whole', () => {
    expect(searchPassage('Annual Budget Review', 'budget')).toEqual({ text: 'Annual Budget Review', start: 7, end: 13 });
  });

  it('cuts a long text around the match at spaces, with ellipses', () => {
    const text = `${'alpha '.repeat(30)}the budget line ${'omega '.repeat(30)}`;
    const p = searchPassage(text, 'Budget', 20)!;
    expect(p.text.startsWith('…')).toBe(true);
    expect(p.text.endsWith('…')).toBe(true);
    expect(p.text.slice(p.start, p.end)).toBe('budget');
    expect(p.text.length).toBeLessThan(60);
  });

  it('is null without a match', () => expect(searchPassage('abc', 'xyz')).toBeNull());
});

describe('searchPassageOfWords', () => {
  it.each([
    ['the whole query when it is there', 'We approve the annual budget today', 'annual budget', 'annual budget'],
    ['else its longest word that is there', 'The budget for the annual dinner', 'annual budgets dinner', 'annual'],
    ['a word that is not there is passed over', 'The budget for the dinner', 'annual budget', 'budget'],
    ['Arabic words apart, folded', 'اعتماد الْمِيزَانِيَّةِ لعام ٢٠٢٧ السنوية', 'السنويه الميزانيه', 'الْمِيزَانِيَّةِ'],
    ['none', 'Nothing here', 'annual budget', null],
  ])('%s', (_, text, q, marked) => {
    const p = searchPassageOfWords(text, q);
    expect(p ? p.text.slice(p.start, p.end) : null).toBe(marked);
  });
});

import { clip, localSummary, normalizeToken, scoreSentences, splitSentences, summarizeText, tokenize } from './summarizer';

const EN = [
  'Good morning everyone, thanks for joining.',
  'The committee reviewed the annual budget and the budget gap for the new building.',
  'Sara said the weather was nice today.',
  'The committee approved the revised budget for the new building with a ten percent reserve.',
  'We will meet again next month.',
  'Ahmed will send the building budget report to the board by Friday.',
].join(' ');

const AR = [
  'صباح الخير للجميع.',
  'ناقشت اللجنة الميزانية السنوية وعجز الميزانية في المبنى الجديد.',
  'هل الطقس جميل اليوم؟',
  'وافقت اللجنة على الميزانية المعدلة للمبنى الجديد مع احتياطي عشرة بالمئة.',
  'سنجتمع مرة أخرى في الشهر القادم۔',
  'سيرسل أحمد تقرير ميزانية المبنى إلى المجلس يوم الجمعة.',
].join(' ');

describe('splitSentences', () => {
  it.each<[string, string, string[]]>([
    ['English stops', 'One here. Two there! Three? Four…', ['One here.', 'Two there!', 'Three?', 'Four…']],
    ['Arabic question mark and full stop', 'هل نبدأ؟ نعم نبدأ۔ انتهى.', ['هل نبدأ؟', 'نعم نبدأ۔', 'انتهى.']],
    ['line breaks', 'first line\nsecond line\r\n\r\nthird', ['first line', 'second line', 'third']],
    ['a decimal is not an end', 'The rate is 3.5 percent. Done.', ['The rate is 3.5 percent.', 'Done.']],
    ['empty and punctuation only', ' . ! \n ؟ ', []],
    ['one sentence without a stop', 'just one sentence', ['just one sentence']],
  ])('%s', (_name, text, expected) => expect(splitSentences(text)).toEqual(expected));

  it.each<[string, string, number, string[]]>([
    ['a long Arabic run is split at ، up to the word limit', 'أولا نناقش الميزانية، ثانيا نناقش المبنى، ثالثا نناقش التقرير', 4, ['أولا نناقش الميزانية،', 'ثانيا نناقش المبنى،', 'ثالثا نناقش التقرير']],
    ['a long English run is split at commas and joined back', 'a b, c d, e f, g h', 4, ['a b, c d,', 'e f, g h']],
    ['short sentences keep their commas', 'a b, c d', 10, ['a b, c d']],
  ])('%s', (_name, text, max, expected) => expect(splitSentences(text, max)).toEqual(expected));
});

describe('tokenize and normalizeToken', () => {
  it.each<[string, string, string[]]>([
    ['English without stop words, lower case', 'The Committee approved THE budget of 2026', ['committee', 'approved', 'budget', '2026']],
    ['possessive', "Ahmed's report", ['ahmed', 'report']],
    ['Arabic article and conjunction stripped, stop words out', 'وافقت اللجنة على الميزانية والمبنى في', ['وافقت', 'لجنه', 'ميزانيه', 'مبني']],
    ['Arabic diacritics, tatweel and alef forms', 'المـيـزَانِيَّة إدارة أحمد', ['ميزانيه', 'اداره', 'احمد']],
    ['mixed English and Arabic', 'Budget الميزانية ok', ['budget', 'ميزانيه']],
    ['nothing that counts', 'the of and في من', []],
  ])('%s', (_name, text, expected) => expect(tokenize(text)).toEqual(expected));

  it.each<[string, string]>([
    ['الميزانية', 'ميزانيه'],
    ['بالمبنى', 'مبني'],
    ['للجنة', 'جنه'],
    ['إلى', 'الي'],
    ['Budget', 'budget'],
  ])('normalizeToken(%s) = %s', (w, n) => expect(normalizeToken(w)).toBe(n));
});

describe('scoreSentences', () => {
  it('a sentence of the repeated topic scores above small talk; a word-less sentence scores 0', () => {
    const s = scoreSentences([['budget', 'building'], ['weather', 'nice'], ['budget', 'building', 'approved'], []]);
    expect(s[0]).toBeGreaterThan(s[1]);
    expect(s[2]).toBeGreaterThan(s[1]);
    expect(s[3]).toBe(0);
  });
});

describe('summarizeText', () => {
  it.each<[string, string, Parameters<typeof summarizeText>[1], string]>([
    ['empty', '', {}, ''],
    ['blank', '   \n  ', {}, ''],
    ['one sentence is itself', 'We agreed on the budget.', {}, 'We agreed on the budget.'],
    ['one long sentence is clipped', 'alpha beta gamma delta epsilon', { maxChars: 15 }, 'alpha beta…'],
    [
      'English: the budget sentences, in their original order',
      EN,
      {},
      'The committee reviewed the annual budget and the budget gap for the new building. The committee approved the revised budget for the new building with a ten percent reserve.',
    ],
    [
      'Arabic: the budget sentences, in their original order',
      AR,
      {},
      'ناقشت اللجنة الميزانية السنوية وعجز الميزانية في المبنى الجديد. وافقت اللجنة على الميزانية المعدلة للمبنى الجديد مع احتياطي عشرة بالمئة.',
    ],
    [
      'mixed: one sentence each way, the topic wins',
      'The budget for the building was approved. الطقس جميل اليوم. ناقشنا budget المبنى building مرة أخرى. Thanks all.',
      { ratio: 0.5 },
      'The budget for the building was approved. ناقشنا budget المبنى building مرة أخرى.',
    ],
  ])('%s', (_name, text, limits, expected) => expect(summarizeText(text, limits)).toBe(expected));

  it.each<[string, Parameters<typeof summarizeText>[1]]>([
    ['the character limit holds', { maxChars: 120 }],
    ['the sentence cap holds', { maxSentences: 1, ratio: 1 }],
  ])('%s', (_name, limits) => {
    const s = summarizeText(EN, limits);
    expect(s.length).toBeLessThanOrEqual(limits?.maxChars ?? 600);
    expect(s.length).toBeGreaterThan(0);
    if (limits?.maxSentences === 1) expect(splitSentences(s)).toHaveLength(1);
  });

  it('is deterministic and keeps the chosen sentences in text order', () => {
    const a = summarizeText(EN, { ratio: 1, maxSentences: 6, maxChars: 10_000 });
    expect(a).toBe(splitSentences(EN).join(' '));
    expect(summarizeText(EN)).toBe(summarizeText(EN));
  });
});

describe('clip and localSummary', () => {
  it.each<[string, number, string]>([
    ['short', 10, 'short'],
    ['one two three four', 10, 'one two…'],
    ['abcdefghijklmnop', 6, 'abcde…'],
  ])('clip(%s, %d)', (t, n, e) => expect(clip(t, n)).toBe(e));

  it('answers the /summarize contract from the minutes only', () => {
    expect(localSummary({ title: 'Voice Note', creator_name: 'Chair', date: '2026-11-25', minutes: '' })).toEqual({ summary: '' });
    expect(localSummary({ title: 'Voice Note', creator_name: 'Chair', date: '2026-11-25', minutes: 'We agreed.' })).toEqual({ summary: 'We agreed.' });
  });
});
